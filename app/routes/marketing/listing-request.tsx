/**
 * /{cityState}/{service}/request?pro={slug}&kind={quote|contact|consultation}:
 * what a listing card's Get Free Quote, Contact or Schedule Consultation opens
 * (issue 43). It asks what the job is, as the home form does (a service of
 * the trade, the ZIP or postal code, a short description, the consent), and
 * makes a draft for that business; the choice of pros comes next, with it
 * ticked. Signed in only: a visitor is asked to sign in and comes back here.
 * A content page with the form as an island; without JavaScript every step
 * is an ordinary form, and a refusal comes back here with what was typed.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/features/auth/require-user.server";
import { listingOf, serviceName } from "~/features/contractors/listing-page.server";
import { requestTarget } from "~/features/contractors/listing-request.server";
import { refuseKnownBlockedPosts } from "~/features/leads/blocked-post.server";
import { LISTING_REQUEST_ERROR } from "~/features/leads/labels";
import { handleLeadAction, type LeadActionData } from "~/features/leads/lead-action.server";
import { echoFormValues } from "~/features/leads/leads.server";
import { LISTING_FORM, ListingRequestFormIsland } from "~/features/leads/listing-request-form";
import {
  isListingKind,
  listingLead,
  type ListingKind,
} from "~/features/leads/listing-request.server";
import { FormAlert } from "~/components/ui/form-controls";
import { NotTakingRequests } from "~/features/marketplace";
import { placeLabel } from "~/features/places/place-lookup.server";
import { getDb } from "~/lib/app-context.server";
import { mediumDate } from "~/lib/dates";
import { i18nFor, translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { NO_STORE_HEADERS, publicPageHeaders } from "~/lib/page-headers";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/listing-request";

/** The page's heading, by what the card's button asked for. */
const HEADINGS: Record<ListingKind, (name: string) => MessageDescriptor> = {
  quote: (name) => msg`Ask ${name} for a free quote`,
  contact: (name) => msg`Contact ${name}`,
  consultation: (name) => msg`Schedule a consultation with ${name}`,
};

/** The form's button says what the card's button said. */
const SEND: Record<ListingKind, MessageDescriptor> = {
  quote: msg`Get Free Quote`,
  contact: msg({ message: "Contact", context: "listing action" }),
  consultation: msg`Schedule Consultation`,
};

/** Why there is no such business to ask (a made-up slug, a suspended or demo business). */
function noSuchBusiness(locale: Locale) {
  const i18n = i18nFor(locale);
  return data(
    {
      title: i18n._(msg`Business not found`),
      message: i18n._(msg`We couldn't find that business.`),
    },
    { status: 404, headers: NO_STORE_HEADERS },
  );
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const i18n = i18nFor(locale);
  const { category, place, service } = await listingOf(params, locale);
  const slug = url.searchParams.get("pro") ?? "";
  const asked = url.searchParams.get("kind");
  const kind: ListingKind = isListingKind(asked) ? asked : "quote";
  const listing = `/${place.slug}/${service}`;
  const path = `${listing}/request?${new URLSearchParams({ pro: slug, kind }).toString()}`;
  const user = await requireUser(request, context, localizePath(path, locale));
  const target = await requestTarget(getDb(context), { slug }, category, locale);
  if (!target) throw noSuchBusiness(locale);
  const name = serviceName(service, locale);
  const placeName = placeLabel(place);
  return data(
    {
      heading: i18n._(HEADINGS[kind](target.name)),
      send: i18n._(SEND[kind]),
      kind,
      path,
      listing: { path: listing, heading: i18n._(msg`${name} in ${placeName}`) },
      business: { id: target.id, name: target.name, pause: target.pause },
      group: target.group,
      // The listing's own service when the business offers it, else its trade.
      service: target.services.includes(service) ? service : category,
      email: user.email,
      crumbLabels: { [service]: name, request: i18n._(msg`Request`) },
    },
    { headers: NO_STORE_HEADERS },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

/** A post from a client already refused in this window is answered before the page renders. */
export const middleware: Route.MiddlewareFunction[] = [refuseKnownBlockedPosts];

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOf(context);
  const { category, place, service } = await listingOf(params, locale);
  const url = new URL(request.url);
  const user = await requireUser(request, context, localizePath(url.pathname + url.search, locale));
  const form = await request.formData();
  const contractorId = form.get("contractorId");
  const target =
    typeof contractorId === "string" && /^[0-9a-f-]{36}$/.test(contractorId)
      ? await requestTarget(getDb(context), { id: contractorId }, category, locale)
      : undefined;
  const refuse = (status: number, formError: string) =>
    data<LeadActionData>(
      { form: LISTING_FORM, ok: false, formError, values: echoFormValues(form) },
      { status, headers: NO_STORE_HEADERS },
    );
  // What was asked for and of whom are the page's own hidden fields: anything else is no
  // request a card made, said above the form (the fields a person fills come next).
  if (!target || !isListingKind(form.get("kind"))) {
    return refuse(400, translate(locale, LISTING_REQUEST_ERROR));
  }
  // Nor does a request start for a business that began a break since the page opened.
  if (target.pause) {
    const name = target.name;
    const day = target.pause.until ? mediumDate(target.pause.until, locale) : null;
    return refuse(
      409,
      translate(
        locale,
        day
          ? msg`${name} is not taking new requests until ${day}.`
          : msg`${name} is not taking new requests at the moment.`,
      ),
    );
  }
  return handleLeadAction({
    request,
    context,
    form,
    intent: LISTING_FORM,
    leadForm: listingLead(target.services),
    lead: {
      account: { name: user.name, email: user.email },
      userId: user.id,
      contractorId: target.id,
      citySlug: place.slug,
    },
    // On to the choice of pros, that business ticked: nothing is sent before the consent.
    onSuccess: (lead) =>
      redirect(
        localizePath(
          lead ? `/dashboard/projects/${lead.id}/pros` : `/${place.slug}/${service}`,
          locale,
        ),
      ),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.heading} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ListingRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const localize = useLocalize();
  const { business, listing, email } = loaderData;
  const name = business.name;
  const heading = listing.heading;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <a
          href={localize(listing.path)}
          className="justify-self-start text-sm font-semibold text-navy-700 underline"
        >
          <Trans>Back to {heading}</Trans>
        </a>
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
          {loaderData.heading}
        </h1>
        <p className="text-muted">
          <Trans>
            Tell {name} what the job is. It goes with your account&apos;s name and email ({email}),
            and only to the pros you choose on the next step.
          </Trans>
        </p>
      </header>
      <section className="rounded-card bg-surface p-6 shadow-card sm:p-8">
        {business.pause ? (
          // A break begun since the form was opened: the refusal says so, then the line.
          <div className="grid gap-3">
            <FormAlert message={actionData?.ok === false ? actionData.formError : undefined} />
            <NotTakingRequests pause={business.pause} />
          </div>
        ) : (
          <ListingRequestFormIsland
            result={actionData}
            path={loaderData.path}
            contractorId={business.id}
            kind={loaderData.kind}
            group={loaderData.group}
            service={loaderData.service}
            label={loaderData.heading}
            send={loaderData.send}
          />
        )}
      </section>
    </div>
  );
}
