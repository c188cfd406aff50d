import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { RankingNote } from "~/features/marketplace/ranking-note";
import { ContractorList } from "~/features/contractors/contractor-list";
import { contractorById, contractorsFor } from "~/features/contractors/contractors.server";
import { inSentence, listingOf, serviceName } from "~/features/contractors/listing-page.server";
import { isListingKind } from "~/features/leads/listing-request.server";
import { placeLabel } from "~/features/places/place-lookup.server";
import { getDb, getServices } from "~/lib/app-context.server";
import { breadcrumbs } from "~/features/places/breadcrumb";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList, contractorBusiness } from "~/features/seo/structured-data";
import { i18nFor } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { pageMeta } from "~/lib/meta";
import { areaKeys, cachedPageHeaders, categoryKey, changesOf, listingKey } from "~/lib/cache-keys";
import { NO_STORE_HEADERS, publicPageHeaders } from "~/lib/page-headers";
import { BRAND } from "~/site";
import type { Route } from "./+types/listing";

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const i18n = i18nFor(locale);
  const { category, place, service } = await listingOf(params, locale);
  const contractors = await contractorsFor(getDb(context), place.slug, category, service);
  const name = serviceName(service, locale);
  const placeName = placeLabel(place);
  const heading = i18n._(msg`${name} in ${placeName}`);
  const lowered = inSentence(heading, locale);
  return data(
    {
      locale,
      heading,
      description: i18n._(
        msg`Compare ${lowered} contractors: ratings, services and contact details. Request free quotes from local pros.`,
      ),
      // The breadcrumb bar names the service as the heading does.
      crumbLabels: { [service]: name },
      path: `/${place.slug}/${service}`,
      citySlug: place.slug,
      siteUrl: getServices(context).env.SITE_URL,
      contractors,
    },
    // Named by its city and category and its squares of the map (decisions 041, 047), and
    // kept no longer than a badge it shows.
    {
      headers: cachedPageHeaders(
        [listingKey(place.slug, category), categoryKey(category), ...areaKeys(place, category)],
        changesOf(contractors),
      ),
    },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

/**
 * A page kept from before the cards' buttons opened the request page (issue
 * 43) still posts its buttons here: the post is sent on to that business's
 * request page, which asks what the job is. Nothing is stored here.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOf(context);
  const { place, service } = await listingOf(params, locale);
  const form = await request.formData();
  const contractorId = form.get("contractorId");
  const kind = form.get("intent");
  const contractor =
    typeof contractorId === "string" && /^[0-9a-f-]{36}$/.test(contractorId)
      ? await contractorById(getDb(context), contractorId)
      : undefined;
  const listing = `/${place.slug}/${service}`;
  const query = contractor
    ? new URLSearchParams({ pro: contractor.slug, kind: isListingKind(kind) ? kind : "quote" })
    : null;
  return redirect(
    localizePath(query ? `${listing}/request?${query.toString()}` : listing, locale),
    {
      status: 303,
      headers: NO_STORE_HEADERS,
    },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${loaderData.heading} | ${BRAND.name}`,
    description: loaderData.description,
    siteUrl: loaderData.siteUrl,
    path: loaderData.path,
    locale: loaderData.locale,
    robots: loaderData.contractors.length > 0 ? "index, follow" : "noindex, follow",
  });

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const path = localize(loaderData.path);
  const pageUrl = `${loaderData.siteUrl}${path}`;
  const listed = loaderData.contractors.length;
  // Sample listings are not counted as contractors serving the area: they are grouped apart.
  const count = loaderData.contractors.filter((contractor) => !contractor.isSample).length;
  const cityPage = localize(`/${loaderData.citySlug}#consultation`);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <JsonLd
        data={breadcrumbList(
          loaderData.siteUrl,
          breadcrumbs(loaderData.path, locale, loaderData.crumbLabels),
        )}
      />
      {loaderData.contractors.map((contractor) => (
        <JsonLd key={contractor.id} data={contractorBusiness(contractor, pageUrl)} />
      ))}
      <header className="grid gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
          {loaderData.heading}
        </h1>
        <p className="text-muted">
          {count > 0 ? (
            <Plural
              value={count}
              one="# contractor serving this area."
              other="# contractors serving this area."
            />
          ) : (
            <Trans>No contractors are listed for this service here yet.</Trans>
          )}
        </p>
        {listed > 0 ? (
          <RankingNote
            lead={t`Real businesses are listed first, then ordered by verified reviews, how quickly each pro answers and distance; nobody pays for a place.`}
          />
        ) : null}
      </header>
      {count === 0 ? (
        <p className="rounded-card bg-surface p-6 shadow-card">
          <Trans>
            Tell us about your project on the{" "}
            <a className="font-semibold text-navy-700 underline" href={cityPage}>
              city page
            </a>{" "}
            and we'll find contractors for you.
          </Trans>
        </p>
      ) : null}
      <ContractorList contractors={loaderData.contractors} listingPath={() => path} />
    </div>
  );
}
