import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { Star } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { imagePreload, Picture } from "~/components/ui/picture";
import { useRatingText } from "~/components/ui/rating";
import { contractorsInCity } from "~/features/contractors/contractors.server";
import { getCategoryContent } from "~/features/content/content.server";
import { serviceGroups } from "~/features/content/service-options.server";
import { CONSULTATION_INTENT, ConsultationFormIsland } from "~/features/leads/consultation-form";
import { handleLeadAction } from "~/features/leads/lead-action.server";
import { rememberRequest } from "~/features/marketplace/browser-request.server";
import { CONSULTATION_LEAD } from "~/features/leads/lead-forms.server";
import { CityServices, type CityService } from "~/features/places/city-services";
import { licensingNote } from "~/features/places/licensing-notes";
import { regionName } from "~/features/places/region-names";
import { findCity, notFound, placeLabel } from "~/features/places/place-lookup.server";
import { getDb, getServices } from "~/lib/app-context.server";
import { breadcrumbs } from "~/features/places/breadcrumb";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList } from "~/features/seo/structured-data";
import { i18nFor } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { pageMeta } from "~/lib/meta";
import { cachedPageHeaders, cityKey } from "~/lib/cache-keys";
import { NO_STORE_HEADERS, publicPageHeaders } from "~/lib/page-headers";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND, CATEGORIES } from "~/site";
import { refuseKnownBlockedPosts } from "~/features/leads/blocked-post.server";
import type { Route } from "./+types/city";
import { localizePath } from "~/lib/locale-path";

/** Spec §2: six services on the city page. */
const CITY_PAGE_SERVICES = CATEGORIES.slice(0, 6);

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const i18n = i18nFor(locale);
  const place = await findCity(params.cityState);
  if (!place) notFound(locale);
  const contractors = await contractorsInCity(getDb(context), place.slug);
  const services: CityService[] = CITY_PAGE_SERVICES.map((category) => ({
    slug: category.slug,
    title: i18n._(CATEGORY_TITLES[category.slug]),
    description: getCategoryContent(category.slug, locale).intro,
    path: localizePath(category.path, locale),
    image: category.image,
    contractorCount: contractors.filter((c) => c.categories.includes(category.slug)).length,
  }));
  const label = placeLabel(place);
  const brand = BRAND.name;
  return data(
    {
      locale,
      place: {
        slug: place.slug,
        name: place.name,
        label,
        regionName: regionName(place.region, place.regionName, i18n),
      },
      title: i18n._(msg`Contractors in ${label}: Roofing, Plumbing & More | ${brand}`),
      description: i18n._(
        msg`Find trusted local contractors in ${label}. Compare roofers, plumbers, electricians and builders, and request a free consultation.`,
      ),
      licensing: licensingNote(place.region, i18n) ?? null,
      services,
      contractors: contractors.slice(0, 6).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        // A real business's verified reviews; a sample listing's sample figures (labelled).
        rating: c.rating,
        reviewCount: c.reviewCount,
        isSample: c.isSample,
      })),
      groups: serviceGroups(locale),
      siteUrl: getServices(context).env.SITE_URL,
    },
    { headers: cachedPageHeaders([cityKey(place.slug)]) },
  );
}

/** A post from a client already refused in this window is answered before the page renders. */
export const middleware: Route.MiddlewareFunction[] = [refuseKnownBlockedPosts];

export async function action({ request, params, context }: Route.ActionArgs) {
  const place = await findCity(params.cityState);
  if (!place) notFound(localeOf(context));
  return handleLeadAction({
    request,
    context,
    form: await request.formData(),
    intent: CONSULTATION_INTENT,
    leadForm: CONSULTATION_LEAD,
    lead: { citySlug: place.slug },
    // On to choosing the pros who receive it (this browser's cookie names the request).
    onSuccess: async (lead) =>
      lead
        ? redirect(localizePath(`/requests/${lead.id}/pros`, localeOf(context)), {
            headers: { "Set-Cookie": await rememberRequest(getServices(context), lead.id) },
          })
        : data({ form: CONSULTATION_INTENT, ok: true }, { headers: NO_STORE_HEADERS }),
  });
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    siteUrl: loaderData.siteUrl,
    path: `/${loaderData.place.slug}`,
    locale: loaderData.locale,
    image: "/images/og/home.jpg",
    robots: loaderData.contractors.length > 0 ? "index, follow" : "noindex, follow",
  }),
  imagePreload("city/skyline", "100vw"),
];

export default function CityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { place } = loaderData;
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const ratingText = useRatingText();
  const { label, name, regionName } = place;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-navy-900 text-white">
        <Picture
          name="city/skyline"
          alt=""
          sizes="100vw"
          priority
          className="absolute inset-0 -z-10"
          imgClassName="h-full w-full object-cover opacity-40"
        />
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            <Trans>Professional Services in {label}</Trans>
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">
            <Trans>
              Roofers, plumbers, electricians, landscapers and builders who work in {name},{" "}
              {regionName}. Tell us about your project and we'll connect you with local pros.
            </Trans>
          </p>
          <a href="#consultation" className={buttonClasses("primary", "lg", "mt-8")}>
            <Trans>Request a Free Consultation</Trans>
          </a>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-16 px-4 py-14 sm:px-6">
        {/*
          Estimated (below-fold) at its height on each screen size: at less, on a
          phone, the sections under it count as near the first screen and are laid
          out before the first paint. Decision 015.
        */}
        <section
          aria-labelledby="services-title"
          className="below-fold grid gap-6 [contain-intrinsic-block-size:auto_210rem] sm:[contain-intrinsic-block-size:auto_105rem] lg:[contain-intrinsic-block-size:auto_67rem]"
        >
          <h2 id="services-title" className="text-2xl font-bold text-navy-900 sm:text-3xl">
            <Trans>Services in {name}</Trans>
          </h2>
          <CityServices
            citySlug={place.slug}
            cityName={place.name}
            services={loaderData.services}
          />
        </section>

        {loaderData.contractors.length > 0 ? (
          // Estimated at its height on a phone (the explanation wraps there). Decision 015.
          <section
            aria-labelledby="pros-title"
            className="below-fold grid gap-4 [contain-intrinsic-block-size:auto_46rem] sm:[contain-intrinsic-block-size:auto_40rem]"
          >
            <div className="grid gap-2">
              <h2 id="pros-title" className="text-2xl font-bold text-navy-900 sm:text-3xl">
                <Trans>Contractors in {name}</Trans>
              </h2>
              <p className="text-muted">
                <Trans>
                  Listed in our published order: real businesses first, then by verified reviews,
                  how quickly each pro answers and distance. Nobody pays for a place.
                </Trans>{" "}
                <a
                  href={localize("/how-we-rank-pros")}
                  className="font-medium text-navy-700 underline"
                >
                  <Trans>How we rank pros</Trans>
                </a>
              </p>
            </div>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.contractors.map((contractor) => (
                <li key={contractor.id}>
                  <Link
                    to={localize(`/pros/${contractor.slug}`)}
                    className="flex min-h-11 items-center justify-between gap-3 rounded-card bg-surface px-4 py-3 shadow-card hover:ring-2 hover:ring-navy-200"
                  >
                    <span className="font-semibold text-navy-900">{contractor.name}</span>
                    <span className="flex items-center gap-1 text-sm text-muted">
                      {contractor.reviewCount === 0 ? null : (
                        <Star
                          aria-hidden="true"
                          className="size-4 fill-accent-500 text-accent-500"
                        />
                      )}
                      <span className="sr-only">{t`Rating:`} </span>
                      {ratingText(contractor)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {loaderData.licensing ? (
          <section
            aria-labelledby="licensing-title"
            className="below-fold grid gap-3 rounded-card border border-line bg-surface p-6 sm:p-8"
          >
            <h2 id="licensing-title" className="text-xl font-bold text-navy-900">
              <Trans>Hiring a contractor in {regionName}</Trans>
            </h2>
            <p className="max-w-prose leading-relaxed">{loaderData.licensing}</p>
            <p className="text-sm text-muted">
              <Trans>
                General information, not legal advice: rules change, so check a license with the
                regulator that issued it.
              </Trans>
            </p>
          </section>
        ) : null}

        <section
          id="consultation"
          aria-labelledby="consultation-title"
          className="scroll-mt-20 grid gap-6 rounded-card bg-surface p-6 shadow-card sm:p-10"
        >
          <div>
            <h2 id="consultation-title" className="text-2xl font-bold text-navy-900 sm:text-3xl">
              <Trans>Request a Free Consultation</Trans>
            </h2>
            <p className="mt-2 text-muted">
              <Trans>Free, with no obligation. We'll reply within one business day.</Trans>
            </p>
          </div>
          <ConsultationFormIsland
            result={actionData}
            citySlug={place.slug}
            groups={loaderData.groups}
          />
        </section>

        <section className="below-fold grid gap-4 rounded-card bg-navy-800 p-8 text-white sm:p-12">
          <h2 className="text-2xl font-bold sm:text-3xl">
            <Trans>Ready to start your project in {name}?</Trans>
          </h2>
          <p className="max-w-2xl text-navy-100">
            <Trans>
              Compare local contractors, read what they do best, and get quotes without the phone
              tag.
            </Trans>
          </p>
          <a href="#consultation" className={buttonClasses("primary", "lg", "justify-self-start")}>
            <Trans>Get Free Quote</Trans>
          </a>
        </section>
      </div>
      <JsonLd data={breadcrumbList(loaderData.siteUrl, breadcrumbs(`/${place.slug}`, locale))} />
    </>
  );
}
