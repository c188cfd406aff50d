/**
 * /pros/{slug}: a business's public profile. Server-rendered with no island
 * of its own, and kept in the page cache like a listing (5 minutes, less
 * when a badge it shows lapses sooner; a write naming `profile:{slug}`
 * purges it on every instance: decision 041); a demo account's
 * business, and a suspended one, is its owner's page alone (never stored,
 * never indexed), with a notice when suspended. In the page's language (its
 * own page per language: the cache keys by path).
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { NotTakingRequests } from "~/features/marketplace";
import { JsonLd } from "~/features/seo/json-ld";
import { getDb, getServices } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath } from "~/lib/locale-path";
import { INTL_TAGS } from "~/lib/locales";
import { pageMeta } from "~/lib/meta";
import { cachedPageHeaders, changesOf, profileKey } from "~/lib/cache-keys";
import { NO_STORE_HEADERS, publicPageHeaders } from "~/lib/page-headers";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/pro-profile";

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const db = getDb(context);
  const profile = await publicProfile(db, params.slug, {
    viewerId: async () => (await getUser(request, context))?.id ?? null,
    locale,
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
    {
      headers:
        profile.demo || profile.suspension
          ? NO_STORE_HEADERS
          : cachedPageHeaders([profileKey(profile.slug)], changesOf([profile])),
    },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

const DESCRIPTION_LENGTH = 160;

function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", length - 1)).replace(/[,.;:]$/, "")}…`;
}

function tradeTitles(profile: PublicProfile): string {
  return profile.trades.map((trade) => trade.title).join(", ");
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const { profile, siteUrl } = loaderData;
  const locale = localeOfPath(location.pathname);
  const i18n = i18nFor(locale);
  const name = profile.name;
  const brand = BRAND.name;
  const trades = tradeTitles(profile);
  const lowerTrades = trades.toLocaleLowerCase(INTL_TAGS[locale]);
  const area = profile.serviceArea.summary;
  return pageMeta({
    title: trades ? i18n._(msg`${name}: ${trades} | ${brand}`) : i18n._(msg`${name} | ${brand}`),
    description: excerpt(
      [
        trades ? i18n._(msg`${name}, ${lowerTrades}.`) : `${name}.`,
        area ? `${area}.` : "",
        profile.description,
      ].join(" "),
      DESCRIPTION_LENGTH,
    ),
    siteUrl,
    path: `/pros/${profile.slug}`,
    locale,
    // Sample listings are made up: never offered to search engines as businesses.
    robots:
      profile.isSample || profile.demo || profile.suspension ? "noindex, follow" : "index, follow",
  });
};

export default function ProProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const { profile, siteUrl } = loaderData;
  const path = localize(`/pros/${profile.slug}`);
  const name = profile.name;
  const brand = BRAND.name;
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
      <JsonLd data={profileBreadcrumbs(profile, siteUrl, locale)} />
      <ProfileCrumbs profile={profile} />
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
            {profile.name}
          </h1>
          {profile.isSample ? (
            <span className="rounded-full bg-navy-50 px-3 py-1 text-sm font-semibold text-navy-700 ring-1 ring-navy-200 ring-inset">
              <Trans>Sample listing</Trans>
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
          <p className="text-sm font-semibold text-ink">
            <Trans>No reviews yet</Trans>
          </p>
        )}
        {profile.isSample ? (
          <p className="text-sm text-muted">
            <Trans>
              Demonstration data: this business, its rating and its details are made up.
            </Trans>
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-3">
          {profile.pause ? <NotTakingRequests pause={profile.pause} /> : null}
          {profile.listing && !profile.suspension && !profile.pause ? (
            <a
              href={`${localize(profile.listing.path)}#contractor-${profile.slug}`}
              className={buttonClasses("primary", "lg")}
            >
              <Trans>Get Free Quote</Trans>
            </a>
          ) : null}
          {profile.claimed ? null : (
            <a href={`${path}/claim`} className="py-2 font-semibold text-navy-700 underline">
              <Trans>Is this your business?</Trans>
            </a>
          )}
        </div>
      </header>

      {profile.suspension ? <SuspendedNotice reason={profile.suspension.reason} /> : null}

      {profile.description || profile.features.length > 0 ? (
        <Section id="about" title={t`About ${name}`}>
          {profile.description ? (
            // A sample listing's own words are English: read out as English on any page.
            <p
              className="max-w-prose leading-relaxed whitespace-pre-line"
              lang={profile.isSample ? "en" : undefined}
            >
              {profile.description}
            </p>
          ) : null}
          {profile.features.length > 0 ? (
            <ul
              className="grid list-disc gap-1 pl-5 sm:grid-cols-2"
              lang={profile.isSample ? "en" : undefined}
            >
              {profile.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          ) : null}
        </Section>
      ) : null}

      <BusinessDetails profile={profile} />

      {profile.trades.length > 0 ? (
        <Section id="services" title={t`Services`}>
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

      <Section id="contact" title={t`Contact`}>
        {phone || email || address ? (
          <address className="grid gap-2 not-italic">
            {phone ? (
              <ContactLink
                href={`tel:${phone}`}
                icon={<Phone aria-hidden="true" className="size-4" />}
              >
                {formatPhone(phone, locale)}
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
          <p>
            <Trans>This business takes requests through {brand}: use Get Free Quote above.</Trans>
          </p>
        )}
      </Section>

      {loaderData.reviews ? <ProfileReviews profile={profile} list={loaderData.reviews} /> : null}

      {hasPhotos ? (
        <Section id="photos" title={t`Photos of past work`}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {profile.photos.map((photo) => (
              <li key={photo.id}>
                <img
                  src={`/photos/${photo.id}.webp`}
                  width={photo.width}
                  height={photo.height}
                  alt={photo.caption || t`Past work by ${name}`}
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
                  alt={t`A recent project by ${name}`}
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
