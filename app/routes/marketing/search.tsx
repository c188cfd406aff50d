import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { I18n } from "@lingui/core";
import { data, Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert, TextInput } from "~/components/ui/form-controls";
import { ContractorList } from "~/features/contractors/contractor-list";
import { contractorsFor, type ContractorCardData } from "~/features/contractors/contractors.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { parsePostalCode } from "~/features/leads/postal-code";
import { loadGazetteer } from "~/features/places/gazetteer.server";
import { SearchByCityIsland } from "~/features/places/search-by-city";
import { placeLabel, serviceCategory } from "~/features/places/place-lookup.server";
import { getDb } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { pageMeta } from "~/lib/meta";
import { areaKeys, cachedPageHeaders, categoryKey, changesOf, searchKey } from "~/lib/cache-keys";
import { NO_STORE_HEADERS, publicPageHeaders } from "~/lib/page-headers";
import { waitingRequest } from "~/features/marketplace/browser-request.server";
import { choiceFor } from "~/features/marketplace/choice.server";
import { ChoosePros } from "~/features/marketplace/choose-pros";
import { siteUrl } from "~/lib/site-url.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/search";
import { useLocalize } from "~/lib/use-locale";

const MAX_ZIP_LENGTH = 20;

export async function loader({ url, context, request }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const i18n = i18nFor(locale);
  const serviceParam = url.searchParams.get("service") ?? "";
  const category = serviceCategory(serviceParam);
  const zip = (url.searchParams.get("zip") ?? "").trim().slice(0, MAX_ZIP_LENGTH);
  const postal = parsePostalCode(zip);
  const place = postal ? (await loadGazetteer()).byPostalCode(postal.code) : undefined;
  const contractors: ContractorCardData[] =
    place && category
      ? await contractorsFor(getDb(context), place.slug, category, serviceParam)
      : [];
  const service = category
    ? { slug: serviceParam, label: serviceLabel(serviceParam, locale) }
    : null;
  const found = place ? { slug: place.slug, label: placeLabel(place) } : null;
  const result = {
    locale,
    ...searchTexts(i18n, service?.label, found?.label),
    service,
    zip,
    postalCode: postal?.code ?? null,
    place: found,
    problem: zip === "" ? ("missing" as const) : place ? null : ("unknown" as const),
    contractors,
    siteUrl: siteUrl(),
  };
  // The request this browser just sent (home form), waiting for its pros: the
  // page is this visitor's own, never stored (nor served from the shared cache).
  const waiting = await waitingRequest(context, request);
  if (waiting) {
    const choice = await choiceFor(getDb(context), waiting, null, new URL(url));
    return data({ ...result, choice }, { headers: NO_STORE_HEADERS });
  }
  // A search that found its place is the same for every visitor: kept like a listing
  // page. Mistyped or made-up queries are rendered each time and never fill the cache.
  return data(
    { ...result, choice: null },
    place && category
      ? {
          headers: cachedPageHeaders(
            // A business reaching the place by radius names it or its squares (decision 047).
            [searchKey(place.slug), categoryKey(category), ...areaKeys(place, category)],
            changesOf(contractors),
          ),
        }
      : undefined,
  );
}

/** The page's heading, title and description, in the language of `i18n`. */
function searchTexts(i18n: I18n, service: string | undefined, place: string | undefined) {
  const near = place
    ? service
      ? i18n._(msg`${service} near ${place}`)
      : i18n._(msg`Contractors near ${place}`)
    : undefined;
  const brand = BRAND.name;
  const lowered = service?.toLocaleLowerCase(i18n.locale);
  return {
    heading: near ?? i18n._(msg`Find contractors near you`),
    title: `${near ?? i18n._(msg`Find contractors`)} | ${brand}`,
    description:
      lowered && place
        ? i18n._(
            msg`Compare ${lowered} contractors who work near ${place} and ask for free quotes.`,
          )
        : undefined,
  };
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

/**
 * A search with results stands for the listing page of its city and service:
 * indexable, with that page as its canonical URL, so the endless ZIP × service
 * combinations never compete with the real pages. Anything else is noindex.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { place, service, siteUrl, title, description } = loaderData;
  if (!place || !service || !description || loaderData.contractors.length === 0) {
    return [{ title }, { name: "robots", content: "noindex, follow" }];
  }
  return pageMeta({
    title,
    description,
    siteUrl,
    path: `/${place.slug}/${service.slug}`,
    locale: loaderData.locale,
  });
};

const PROBLEMS = {
  missing: msg`Enter your ZIP or postal code to see contractors near you, or search by city.`,
  unknown: msg`We couldn't find that ZIP or postal code. Check it and try again, or search by city.`,
} as const;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { service, place, contractors, problem, choice, heading, postalCode } = loaderData;
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const label = place?.label;
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
          {heading}
        </h1>
        {place ? (
          <p className="text-muted">
            <Trans>
              {postalCode} is in <strong className="text-ink">{label}</strong>.
            </Trans>{" "}
            <Link
              to={localize(`/${place.slug}`)}
              className="font-medium text-navy-700 underline underline-offset-2"
            >
              <Trans>See every service in {label}</Trans>
            </Link>
          </p>
        ) : null}
      </header>

      {choice ? (
        <ChoosePros
          choice={choice}
          base={localize(`/requests/${choice.lead.id}/pros`)}
          later={{ to: localize(`/requests/${choice.lead.id}`), label: t`Not now` }}
          heading="h2"
        />
      ) : null}

      {problem ? (
        <section
          aria-label={t`Search again`}
          className="grid gap-4 rounded-card bg-surface p-6 shadow-card"
        >
          <FormAlert message={i18n._(PROBLEMS[problem])} />
          <Form method="get" className="flex flex-wrap items-end gap-3">
            {service ? <input type="hidden" name="service" value={service.slug} /> : null}
            <Field id="search-zip" label={t`ZIP or postal code`} className="min-w-56 flex-1">
              <TextInput
                id="search-zip"
                name="zip"
                autoComplete="postal-code"
                defaultValue={loaderData.zip}
                placeholder={t`80202 or M5V 2T6`}
              />
            </Field>
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
            <SearchByCityIsland service={service?.slug} />
          </Form>
        </section>
      ) : null}

      {/* Sample listings are not contractors serving the place: they are shown apart, below. */}
      {place && !contractors.some((contractor) => !contractor.isSample) ? (
        <section className="grid gap-3 rounded-card bg-surface p-6 shadow-card">
          <h2 className="text-xl font-bold text-navy-900">
            <Trans>No contractors listed here yet</Trans>
          </h2>
          <p className="text-muted">
            <Trans>
              We're still adding contractors in {label}. Send your request and we'll find pros for
              you.
            </Trans>
          </p>
          <Link
            to={localize(`/${place.slug}#consultation`)}
            className={buttonClasses("primary", "md", "justify-self-start")}
          >
            <Trans>Request a Free Consultation</Trans>
          </Link>
        </section>
      ) : null}

      {place && contractors.length > 0 ? (
        <ContractorList
          contractors={contractors}
          listingPath={(contractor) =>
            localize(`/${place.slug}/${service?.slug ?? contractor.categories[0] ?? ""}`)
          }
        />
      ) : null}
    </div>
  );
}
