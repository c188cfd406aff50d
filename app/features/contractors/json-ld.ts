/**
 * A public profile as schema.org structured data: the business as the
 * HomeAndConstructionBusiness subtype of its first trade, with only the
 * contact details it shows and the area it serves, and its breadcrumb. No aggregateRating for a
 * sample listing or a business without reviews: search engines take ratings
 * only from real reviews, and sample ratings are not.
 */
import { msg } from "@lingui/core/macro";
import { imageUrl } from "~/components/ui/picture";
import { breadcrumbList } from "~/features/seo";
import { i18nFor } from "~/lib/i18n";
import { localizePath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import type { CategorySlug } from "~/site";
import type { PublicProfile } from "./profile.server";

export type BusinessSchemaType =
  | "HomeAndConstructionBusiness"
  | "GeneralContractor"
  | "RoofingContractor"
  | "Plumber"
  | "Electrician"
  | "HVACBusiness"
  | "HousePainter";

/**
 * The subtype for each trade. schema.org has none for landscaping, pools,
 * renovation or commercial building (and no trade here is HVAC): those are
 * the parent type.
 */
const SCHEMA_TYPES: Record<CategorySlug, BusinessSchemaType> = {
  "general-contractors": "GeneralContractor",
  "home-renovation": "HomeAndConstructionBusiness",
  roofing: "RoofingContractor",
  plumbing: "Plumber",
  electrical: "Electrician",
  landscaping: "HomeAndConstructionBusiness",
  pools: "HomeAndConstructionBusiness",
  "commercial-construction": "HomeAndConstructionBusiness",
  paint: "HousePainter",
};

/** The business's type by its primary (first) trade. */
export function businessSchemaType(trades: readonly { slug: CategorySlug }[]): BusinessSchemaType {
  const primary = trades[0];
  return primary ? SCHEMA_TYPES[primary.slug] : "HomeAndConstructionBusiness";
}

const METRES_PER_UNIT = { mi: 1609.344, km: 1000 } as const;

function areaServed(area: PublicProfile["serviceArea"]) {
  const cities = area.places.map((place) => ({ "@type": "City", name: place.label }));
  if (!area.radius) return cities;
  const { base, distance, unit } = area.radius;
  return [
    {
      "@type": "GeoCircle",
      geoMidpoint: {
        "@type": "GeoCoordinates",
        latitude: base.latitude,
        longitude: base.longitude,
      },
      // A number is read as metres.
      geoRadius: Math.round(distance * METRES_PER_UNIT[unit]),
    },
    ...cities,
  ];
}

function images(profile: PublicProfile, siteUrl: string): string[] {
  return [
    ...profile.photos.map((photo) => `${siteUrl}/photos/${photo.id}.webp`),
    ...profile.gallery.map((name) => `${siteUrl}${imageUrl(name, 800)}`),
  ];
}

/** A published verified review as the profile's JSON-LD carries it. */
export interface JsonLdReview {
  authorName: string;
  stars: number;
  body: string;
  createdAt: string;
}

/**
 * The profile page's business object (`pageUrl`: the profile's absolute
 * URL), with the verified reviews shown on the page (never a sample
 * listing's: its figures are made up).
 */
export function businessJsonLd(
  profile: PublicProfile,
  pageUrl: string,
  siteUrl: string,
  reviews: readonly JsonLdReview[] = [],
) {
  const image = images(profile, siteUrl);
  const { phone, email, address } = profile.contact;
  return {
    "@context": "https://schema.org",
    "@type": businessSchemaType(profile.trades),
    "@id": `${pageUrl}#business`,
    name: profile.name,
    url: pageUrl,
    ...(profile.description ? { description: profile.description } : {}),
    ...(image.length > 0 ? { image } : {}),
    ...(phone ? { telephone: phone } : {}),
    ...(email ? { email } : {}),
    ...(address ? { address } : {}),
    areaServed: areaServed(profile.serviceArea),
    ...(!profile.isSample && profile.rating && profile.rating.reviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: profile.rating.value,
            reviewCount: profile.rating.reviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(!profile.isSample && reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            datePublished: review.createdAt.slice(0, 10),
            reviewBody: review.body,
            reviewRating: {
              "@type": "Rating",
              ratingValue: review.stars,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
  };
}

/** The first crumb's name (the page's language). */
export const HOME_CRUMB = msg`Home`;

/**
 * Home › the city › its trade's listing there › the business: how a visitor
 * arrives, in the page's language and under its prefix.
 */
export function profileBreadcrumbs(
  profile: PublicProfile,
  siteUrl: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { listing } = profile;
  const crumbs = [
    { label: i18nFor(locale)._(HOME_CRUMB), path: "/" },
    ...(listing
      ? [
          { label: listing.city.label, path: `/${listing.city.slug}` },
          { label: listing.trade.title, path: listing.path },
        ]
      : []),
    { label: profile.name, path: `/pros/${profile.slug}` },
  ];
  return breadcrumbList(
    siteUrl,
    crumbs.map((crumb) => ({ ...crumb, path: localizePath(crumb.path, locale) })),
  );
}
