/**
 * /pros/{slug}: a business's public profile. Server-rendered with no island
 * of its own, and kept in the page cache like a listing (5 minutes: an
 * operator's check or suspension shows within that); a demo account's
 * business, and a suspended one, is its owner's page alone (never stored,
 * never indexed), with a notice when suspended.
 */
import { Mail, MapPin, Phone } from "lucide-react";
import { data } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { Rating } from "~/components/ui/rating";
import { getUser } from "~/features/auth/require-user.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { ProfileReviews } from "~/features/reviews/profile-reviews";
import { reviewsOfBusiness } from "~/features/reviews/review-lists.server";
import { businessJsonLd, profileBreadcrumbs } from "~/features/contractors/json-ld";
import { ProfileCrumbs } from "~/features/contractors/profile-crumbs";
import {
  BusinessDetails,
  ContactLink,
  Section,
  SuspendedNotice,
} from "~/features/contractors/profile-parts";
import { publicProfile, type PublicProfile } from "~/features/contractors/profile.server";
import { formatPhone } from "~/features/leads/phone";
import { JsonLd } from "~/features/seo/json-ld";
import { getDb, getServices } from "~/lib/app-context.server";
import { ISLANDS_PAGE } from "~/lib/island";
import { pageMeta } from "~/lib/meta";
import { NO_STORE_HEADERS, PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/page-headers";
import { BRAND } from "~/site";
import type { Route } from "./+types/pro-profile";
import { localeOfRequest } from "~/lib/locale-path";

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const db = getDb(context);
  const profile = await publicProfile(db, params.slug, {
    viewerId: async () => (await getUser(request, context))?.id ?? null,
  });
  // ?reviews=N: a page of older reviews (rendered for its request, never kept: canonical.ts).
  const page = Number(url.searchParams.get("reviews") ?? "1");
  const list = profile.isSample
    ? null
    : await reviewsOfBusiness(db, profile.id, Number.isInteger(page) ? page : 1);
  const reviews = list && {
    ...list,
    reviews: list.reviews.map(({ service, ...review }) => ({
      ...review,
      serviceLabel: service ? serviceLabel(service, locale) : null,
    })),
  };
  return data(
    { profile, reviews, siteUrl: getServices(context).env.SITE_URL },
    { headers: profile.demo || profile.suspension ? NO_STORE_HEADERS : PUBLIC_PAGE_CACHE },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

const DESCRIPTION_LENGTH = 160;

function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", length - 1)).replace(/[,.;:]$/, "")}…`;
}

function tradeTitles(profile: PublicProfile): string {
  return profile.trades.map((trade) => trade.title).join(", ");
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { profile, siteUrl } = loaderData;
  const trades = tradeTitles(profile);
  const area = profile.serviceArea.summary;
  return pageMeta({
    title: `${profile.name}${trades ? `: ${trades}` : ""} | ${BRAND.name}`,
    description: excerpt(
      [
        `${profile.name}${trades ? `, ${trades.toLowerCase()}` : ""}.`,
        area ? `${area}.` : "",
        profile.description,
      ].join(" "),
      DESCRIPTION_LENGTH,
    ),
    siteUrl,
    path: `/pros/${profile.slug}`,
    // Sample listings are made up: never offered to search engines as businesses.
    robots:
      profile.isSample || profile.demo || profile.suspension ? "noindex, follow" : "index, follow",
  });
};

export default function ProProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, siteUrl } = loaderData;
  const path = `/pros/${profile.slug}`;
  const { phone, email, address } = profile.contact;
  const hasPhotos = profile.photos.length > 0 || profile.gallery.length > 0;
  return (
    <div className="mx-auto grid max-w-4xl gap-10 px-4 py-10 sm:px-6">
      <JsonLd
        data={businessJsonLd(
          profile,
          `${siteUrl}${path}`,
          siteUrl,
          loaderData.reviews?.reviews.filter((review) => review.removedReason === null) ?? [],
        )}
      />
      <JsonLd data={profileBreadcrumbs(profile, siteUrl)} />
      <ProfileCrumbs profile={profile} />
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
            {profile.name}
          </h1>
          {profile.isSample ? (
            <span className="rounded-full bg-navy-50 px-3 py-1 text-sm font-semibold text-navy-700 ring-1 ring-navy-200 ring-inset">
              Sample listing
            </span>
          ) : null}
        </div>
        {profile.trades.length > 0 ? (
          <p className="text-lg text-muted">{tradeTitles(profile)}</p>
        ) : null}
        {profile.rating && profile.isSample ? (
          <Rating value={profile.rating.value} reviews={profile.rating.reviews} sample />
        ) : profile.rating ? (
          <a href="#reviews" className="justify-self-start">
            <Rating value={profile.rating.value} reviews={profile.rating.reviews} />
          </a>
        ) : (
          <p className="text-sm font-semibold text-ink">No reviews yet</p>
        )}
        {profile.isSample ? (
          <p className="text-sm text-muted">
            Demonstration data: this business, its rating and its details are made up.
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-3">
          {profile.listing && !profile.suspension ? (
            <a
              href={`${profile.listing.path}#contractor-${profile.slug}`}
              className={buttonClasses("primary", "lg")}
            >
              Get Free Quote
            </a>
          ) : null}
          {profile.claimed ? null : (
            <a href={`${path}/claim`} className="py-2 font-semibold text-navy-700 underline">
              Is this your business?
            </a>
          )}
        </div>
      </header>

      {profile.suspension ? <SuspendedNotice reason={profile.suspension.reason} /> : null}

      {profile.description || profile.features.length > 0 ? (
        <Section id="about" title={`About ${profile.name}`}>
          {profile.description ? (
            <p className="max-w-prose leading-relaxed whitespace-pre-line">{profile.description}</p>
          ) : null}
          {profile.features.length > 0 ? (
            <ul className="grid list-disc gap-1 pl-5 sm:grid-cols-2">
              {profile.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          ) : null}
        </Section>
      ) : null}

      <BusinessDetails profile={profile} />

      {profile.trades.length > 0 ? (
        <Section id="services" title="Services">
          {profile.trades.map((trade) => (
            <div key={trade.slug} className="grid gap-2">
              <h3 className="text-lg font-semibold text-navy-900">{trade.title}</h3>
              <ul className="flex flex-wrap gap-2">
                {trade.services.map((service) => (
                  <li
                    key={service.slug}
                    className="rounded-full bg-navy-50 px-3 py-1 text-sm text-navy-800"
                  >
                    {service.label}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Section>
      ) : null}

      <Section id="contact" title="Contact">
        {phone || email || address ? (
          <address className="grid gap-2 not-italic">
            {phone ? (
              <ContactLink
                href={`tel:${phone}`}
                icon={<Phone aria-hidden="true" className="size-4" />}
              >
                {formatPhone(phone)}
              </ContactLink>
            ) : null}
            {email ? (
              <ContactLink
                href={`mailto:${email}`}
                icon={<Mail aria-hidden="true" className="size-4" />}
              >
                {email}
              </ContactLink>
            ) : null}
            {address ? (
              <span className="flex items-start gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
                {address}
              </span>
            ) : null}
          </address>
        ) : (
          <p>This business takes requests through {BRAND.name}: use Get Free Quote above.</p>
        )}
      </Section>

      {loaderData.reviews ? <ProfileReviews profile={profile} list={loaderData.reviews} /> : null}

      {hasPhotos ? (
        <Section id="photos" title="Photos of past work">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {profile.photos.map((photo) => (
              <li key={photo.id}>
                <img
                  src={`/photos/${photo.id}.webp`}
                  width={photo.width}
                  height={photo.height}
                  alt={photo.caption || `Past work by ${profile.name}`}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full rounded-control object-cover"
                />
              </li>
            ))}
            {profile.gallery.map((image) => (
              <li key={image}>
                <Picture
                  name={image}
                  alt={`A recent project by ${profile.name}`}
                  sizes="(min-width: 896px) 17rem, (min-width: 640px) 30vw, 45vw"
                  imgClassName="aspect-[4/3] w-full rounded-control object-cover"
                />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
