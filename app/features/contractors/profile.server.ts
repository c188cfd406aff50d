/**
 * A business's public profile (/pros/{slug}): what anyone may see of it.
 * Contact details only as the business chose to show them, never who owns
 * it (only whether someone does), a licence and insurance as the business
 * declared them (and an operator's checks that hold today), and its service
 * area in place names. The business seeded for a demo account (demoOnly,
 * decision 017), and a business an operator suspended (issue 21), is its
 * owner's alone: anyone else finds nothing. Its words (trades, services,
 * the service area's summary) are in the page's language.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { serviceLabel } from "~/features/content/index.server";
import {
  answerFiguresOf,
  answerRecordOf,
  NO_ANSWER_FIGURES,
  pauseOf,
  type AnswerRecord,
  photosOfBusiness,
  type Pause,
  type PhotoListing,
} from "~/features/marketplace/index.server";
import { REGIONS } from "~/features/places/index.server";
import { findCity, placeLabel } from "~/features/places/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { cityLabelFromSlug } from "~/lib/text";
import { isCategorySlug, SERVICE_SLUGS, type CategorySlug, type ServiceSlug } from "~/site";
import { contractors, type DistanceUnit } from "../../../database/schema";
import type { Verified } from "./verification";
import { verifiedOf } from "./verification.server";

/** The most photos of past work a profile shows (PHOTO_LIMITS.perBusiness). */
const MAX_PHOTOS = 12;

/** The 404 of an unknown business, shown by the site's error page. */
function businessNotFound(locale: Locale): never {
  const i18n = i18nFor(locale);
  throw data(
    {
      title: i18n._(msg`Business not found`),
      message: i18n._(msg`We couldn't find that business.`),
    },
    { status: 404 },
  );
}

/** A slug as it may appear in a URL (anything else is not a business). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 200;

export interface ProfilePlace {
  slug: string;
  /** "Denver, CO" (the gazetteer's spelling, accents kept). */
  label: string;
}

export interface Trade {
  slug: CategorySlug;
  title: string;
  /** The services it offers in this trade; every one of the trade's when it named none. */
  services: { slug: ServiceSlug; label: string }[];
}

export interface ServiceArea {
  /** The cities it lists (its base city is in `radius` when it has one). */
  places: ProfilePlace[];
  radius: {
    distance: number;
    unit: DistanceUnit;
    base: ProfilePlace & { latitude: number; longitude: number };
  } | null;
  /** "Within 30 mi of Denver, CO, and in Aurora, CO": for the page's description (its language). */
  summary: string;
}

export interface PublicProfile {
  id: string;
  slug: string;
  name: string;
  description: string;
  country: "US" | "CA";
  isSample: boolean;
  /** Someone manages the business (the claim link shows only when nobody does). */
  claimed: boolean;
  /** Seeded for a demo account, shown to its owner only: never indexed nor kept in a shared cache. */
  demo: boolean;
  trades: Trade[];
  serviceArea: ServiceArea;
  yearsInBusiness: number | null;
  /** Declared by the business. */
  licence: { number: string; region: string | null; regionName: string | null } | null;
  /** The insurer the business declared. */
  insuranceCarrier: string | null;
  /** An operator's checks of its licence and insurance that hold today (absent: none). */
  verified?: Verified;
  /**
   * Suspended by an operator, with the reason: only its owner sees the
   * profile then, never kept in a shared cache (absent or null: listed).
   */
  suspension?: { reason: string } | null;
  /** Taking no new requests now, and until which day (absent or null: taking them). */
  pause?: Pause | null;
  /** Its answer rate and time, as its listing card and the choose-pros step show them. */
  answers: AnswerRecord;
  hours: string;
  features: string[];
  /**
   * A sample listing's sample figures, or a real business's mean and count of
   * published verified reviews; null before its first review.
   */
  rating: { value: number; reviews: number } | null;
  /** Only what the business chose to show. */
  contact: { phone: string | null; email: string | null; address: string | null };
  /** Photos of past work it uploaded (served at /photos/{id}.webp). */
  photos: PhotoListing[];
  /** A sample listing's illustrations (image names), shown when it has no photos. */
  gallery: string[];
  /** The listing of its first city and trade, where its Get Free Quote is. */
  listing: {
    path: string;
    city: ProfilePlace;
    trade: { slug: CategorySlug; title: string };
  } | null;
}

export interface ProfileOptions {
  /** The signed-in person's id; asked only for a demo account's or a suspended business. */
  viewerId?: () => Promise<string | null>;
  /** The page's language (English unless said). */
  locale?: Locale;
  /** The instant the answer figures are read at (the wall clock unless said). */
  now?: Date;
}

async function placeOf(
  slug: string,
): Promise<ProfilePlace & { latitude?: number; longitude?: number }> {
  const place = await findCity(slug);
  return place
    ? { slug, label: placeLabel(place), latitude: place.lat, longitude: place.lon }
    : { slug, label: cityLabelFromSlug(slug) };
}

function tradesOf(
  categories: readonly string[],
  services: readonly string[],
  locale: Locale,
): Trade[] {
  return categories.filter(isCategorySlug).map((slug) => {
    const all: readonly ServiceSlug[] = SERVICE_SLUGS[slug];
    const named = all.filter((service) => services.includes(service));
    // No service named at all: every service of its trades (the column's rule).
    const offered = services.length === 0 ? all : named;
    return {
      slug,
      title: i18nFor(locale)._(CATEGORY_TITLES[slug]),
      services: offered.map((service) => ({
        slug: service,
        label: serviceLabel(service, locale),
      })),
    };
  });
}

/** "Denver, CO, Aurora, CO and Boulder, CO" in a language. */
function listOf(labels: readonly string[], i18n: I18n): string {
  if (labels.length <= 1) return labels.join("");
  const first = labels.slice(0, -1).join(", ");
  const last = labels.at(-1) ?? "";
  return i18n._(msg`${first} and ${last}`);
}

/** "Within 30 mi of Denver, CO" (mi and km are written as such in every language). */
function withinOf(
  radius: { distance: number; unit: DistanceUnit; base: ProfilePlace },
  i18n: I18n,
): string {
  const distance = radius.distance.toString();
  const base = radius.base.label;
  return radius.unit === "km"
    ? i18n._(msg`Within ${distance} km of ${base}`)
    : i18n._(msg`Within ${distance} mi of ${base}`);
}

async function serviceAreaOf(
  row: {
    citySlugs: string[];
    basePlace: string | null;
    serviceRadius: number | null;
    radiusUnit: DistanceUnit;
  },
  locale: Locale,
): Promise<ServiceArea> {
  const i18n = i18nFor(locale);
  const base = row.basePlace ? await placeOf(row.basePlace) : null;
  const radius =
    base &&
    row.serviceRadius !== null &&
    base.latitude !== undefined &&
    base.longitude !== undefined
      ? {
          distance: row.serviceRadius,
          unit: row.radiusUnit,
          base: {
            slug: base.slug,
            label: base.label,
            latitude: base.latitude,
            longitude: base.longitude,
          },
        }
      : null;
  const listed = await Promise.all(
    row.citySlugs.filter((slug) => !radius || slug !== radius.base.slug).map(placeOf),
  );
  const places = listed.map(({ slug, label }) => ({ slug, label }));
  const labels = listOf(
    places.map((place) => place.label),
    i18n,
  );
  const around = radius ? withinOf(radius, i18n) : "";
  return {
    places,
    radius,
    summary: around && labels ? i18n._(msg`${around}, and in ${labels}`) : around || labels,
  };
}

/**
 * The public profile of the business with this slug; a 404 when there is
 * none, or it was seeded for a demo account or is suspended and the viewer
 * is not its owner.
 */
export async function publicProfile(
  db: Database,
  slug: string,
  options: ProfileOptions = {},
): Promise<PublicProfile> {
  const locale = options.locale ?? DEFAULT_LOCALE;
  if (slug.length > SLUG_MAX_LENGTH || !SLUG.test(slug)) businessNotFound(locale);
  const [row] = await db.select().from(contractors).where(eq(contractors.slug, slug));
  if (!row) businessNotFound(locale);
  const ownersOnly = row.demoOnly || row.suspendedAt !== null;
  if (ownersOnly && !(row.ownerId && (await options.viewerId?.()) === row.ownerId)) {
    businessNotFound(locale);
  }

  const photos = await photosOfBusiness(db, row.id);
  const verified = await verifiedOf(db, row.id);
  const answers = await answerFiguresOf(db, [row.id], options.now);
  const pause = await pauseOf(db, row.id, new Date());
  const region = row.licenceRegion ? REGIONS.get(row.licenceRegion) : undefined;
  const trades = tradesOf(row.categories, row.services, locale);
  const firstTrade = trades[0];
  const firstCity = row.citySlugs[0] ? await placeOf(row.citySlugs[0]) : undefined;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    country: row.country,
    isSample: row.isSample,
    claimed: row.ownerId !== null,
    demo: row.demoOnly,
    trades,
    serviceArea: await serviceAreaOf(row, locale),
    yearsInBusiness: row.yearsInBusiness,
    licence: row.licenceNumber
      ? {
          number: row.licenceNumber,
          region: row.licenceRegion,
          regionName: region?.name ?? null,
        }
      : null,
    insuranceCarrier: row.insuranceCarrier || null,
    verified,
    suspension: row.suspendedAt === null ? null : { reason: row.suspendedReason ?? "" },
    pause,
    answers: answerRecordOf(answers.get(row.id) ?? NO_ANSWER_FIGURES, row.isSample),
    hours: row.hours,
    features: row.features,
    // Sample figures on a sample listing; the mean of published verified reviews otherwise.
    rating: row.reviewCount > 0 ? { value: row.rating, reviews: row.reviewCount } : null,
    contact: {
      phone: row.showPhone && row.phone ? row.phone : null,
      email: row.showEmail && row.email ? row.email : null,
      address: row.showAddress && row.address ? row.address : null,
    },
    photos: photos.slice(0, MAX_PHOTOS),
    gallery: photos.length === 0 ? row.gallery : [],
    listing:
      firstCity && firstTrade
        ? {
            path: `/${firstCity.slug}/${firstTrade.slug}`,
            city: { slug: firstCity.slug, label: firstCity.label },
            trade: { slug: firstTrade.slug, title: firstTrade.title },
          }
        : null,
  };
}
