import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { RankingNote } from "~/features/marketplace/ranking-note";
import { requireUser } from "~/features/auth/require-user.server";
import { cardEstimate } from "~/features/contractors/card-estimate";
import { ContractorCard } from "~/features/contractors/contractor-card";
import { contractorById, contractorsFor } from "~/features/contractors/contractors.server";
import { pauseOf } from "~/features/marketplace/index.server";
import { mediumDate } from "~/lib/dates";
import { serviceLabel } from "~/features/content/service-label.server";
import { handleLeadAction, type LeadActionData } from "~/features/leads/lead-action.server";
import { LISTING_REQUEST_ERROR } from "~/features/leads/labels";
import { LISTING_LEAD } from "~/features/leads/listing-request.server";
import {
  findCity,
  notFound,
  placeLabel,
  serviceCategory,
} from "~/features/places/place-lookup.server";
import { getDb, getServices } from "~/lib/app-context.server";
import { breadcrumbs } from "~/features/places/breadcrumb";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList, contractorBusiness } from "~/features/seo/structured-data";
import { i18nFor, translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { pageMeta } from "~/lib/meta";
import { areaKeys, cachedPageHeaders, categoryKey, changesOf, listingKey } from "~/lib/cache-keys";
import { NO_STORE_HEADERS, publicPageHeaders } from "~/lib/page-headers";
import { titleCase } from "~/lib/text";
import { BRAND } from "~/site";
import { refuseKnownBlockedPosts } from "~/features/leads/blocked-post.server";
import type { Route } from "./+types/listing";
import { FormAlert } from "~/components/ui/form-controls";

/**
 * The service as the page names it: the URL's words in title case in English
 * (the spec's heading, "Roof Repair in Denver, CO"), the service's own name
 * in the other languages ("Reparación de techos").
 */
function serviceName(service: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? titleCase(service) : serviceLabel(service, locale);
}

/** "Roof repair in Denver, CO" for a description: English lowers all of it (as it always has). */
function inSentence(heading: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return heading.toLowerCase();
  return heading.charAt(0).toLocaleLowerCase(locale) + heading.slice(1);
}

async function readParams(params: Route.LoaderArgs["params"], locale: Locale) {
  const category = serviceCategory(params.service);
  const place = await findCity(params.cityState);
  if (!category || !place) notFound(locale);
  return { category, place, service: params.service };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const i18n = i18nFor(locale);
  const { category, place, service } = await readParams(params, locale);
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

const LISTING_FORM = "listing";

/**
 * Get Free Quote, Contact, Schedule Consultation: a request for this
 * contractor (needs sign-in), taken like every other lead (handleLeadAction:
 * spam checks, form key, validation, rate limit). A refusal comes back on
 * this page, beside the contractor's buttons.
 */
/** A post from a client already refused in this window is answered before the page renders. */
export const middleware: Route.MiddlewareFunction[] = [refuseKnownBlockedPosts];

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOf(context);
  const { category, place, service } = await readParams(params, locale);
  const user = await requireUser(
    request,
    context,
    localizePath(`/${place.slug}/${service}`, locale),
  );
  const form = await request.formData();
  const contractorId = form.get("contractorId");
  const contractor =
    typeof contractorId === "string" && /^[0-9a-f-]{36}$/.test(contractorId)
      ? await contractorById(getDb(context), contractorId)
      : undefined;
  // A page kept in the shared cache (up to 5 minutes) may still show a business
  // suspended since: its buttons are refused like an unknown one's.
  if (
    !contractor ||
    contractor.demoOnly ||
    contractor.suspendedAt !== null ||
    !contractor.categories.includes(category)
  ) {
    return data<LeadActionData>(
      { form: LISTING_FORM, ok: false, formError: translate(locale, LISTING_REQUEST_ERROR) },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  // Nor does a request start for a business taking a break since the page was kept.
  const pause = await pauseOf(getDb(context), contractor.id, new Date());
  if (pause) {
    const name = contractor.name;
    const day = pause.until ? mediumDate(pause.until, locale) : null;
    return data<LeadActionData>(
      {
        form: LISTING_FORM,
        ok: false,
        formError: translate(
          locale,
          day
            ? msg`${name} is not taking new requests until ${day}.`
            : msg`${name} is not taking new requests at the moment.`,
        ),
        values: { contractorId: contractor.id },
      },
      { status: 409, headers: NO_STORE_HEADERS },
    );
  }
  return handleLeadAction({
    request,
    context,
    form,
    intent: LISTING_FORM,
    leadForm: LISTING_LEAD,
    lead: {
      account: { name: user.name, email: user.email },
      userId: user.id,
      contractorId: contractor.id,
      service,
      citySlug: place.slug,
    },
    // Spec: on to the dashboard, where the homeowner confirms the pro it was pressed on.
    onSuccess: (lead) =>
      redirect(
        localizePath(
          lead ? `/dashboard/projects/${lead.id}/pros` : "/dashboard?requested=1",
          locale,
        ),
      ),
  });
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

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const path = localize(loaderData.path);
  const pageUrl = `${loaderData.siteUrl}${path}`;
  const count = loaderData.contractors.length;
  const cityPage = localize(`/${loaderData.citySlug}#consultation`);
  // A refused request: its message beside the contractor it named (or above all, if none).
  const refusal =
    actionData && !actionData.ok
      ? {
          message:
            actionData.formError ?? (actionData.errors ? i18n._(LISTING_REQUEST_ERROR) : undefined),
          contractorId: actionData.values?.contractorId,
        }
      : undefined;
  const alertBeside = loaderData.contractors.some((c) => c.id === refusal?.contractorId);
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
            <>
              <Plural
                value={count}
                one="# contractor serving this area."
                other="# contractors serving this area."
              />{" "}
              <Trans>Listings marked "Sample listing" are demonstration data.</Trans>
            </>
          ) : (
            <Trans>No contractors are listed for this service here yet.</Trans>
          )}
        </p>
        {count > 0 ? (
          <RankingNote
            lead={t`Real businesses are listed first, then ordered by verified reviews, how quickly each pro answers and distance; nobody pays for a place.`}
          />
        ) : null}
      </header>
      {refusal && !alertBeside ? <FormAlert message={refusal.message} /> : null}
      {loaderData.contractors.length > 0 ? (
        <ul className="grid gap-6">
          {loaderData.contractors.map((contractor, index) => (
            // Cards after the first are drawn as they near the screen (app.css, below-fold),
            // sized meanwhile at no less than their height on a phone (decision 015).
            <li
              key={contractor.id}
              className={index > 0 ? "below-fold" : undefined}
              style={index > 0 ? cardEstimate(contractor) : undefined}
            >
              <ContractorCard
                contractor={contractor}
                actionPath={path}
                alert={contractor.id === refusal?.contractorId ? refusal.message : undefined}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-card bg-surface p-6 shadow-card">
          <Trans>
            Tell us about your project on the{" "}
            <a className="font-semibold text-navy-700 underline" href={cityPage}>
              city page
            </a>{" "}
            and we'll find contractors for you.
          </Trans>
        </p>
      )}
    </div>
  );
}
