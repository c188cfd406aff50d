/**
 * One request sent to the pro's business: what the homeowner asked for,
 * how many pros have it, and the pro's steps: accept, or decline with a
 * reason (free; the homeowner sees "not available"); once accepted, the
 * homeowner's contact (only the channels they allowed) and the quote form.
 * Opening a new request marks it viewed.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Form, Link, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, FormAlert, Select } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import { threadsOf } from "~/features/conversations/list.server";
import { ThreadLinks } from "~/features/conversations/thread-links";
import { CONTACT_MESSAGES, DECLINE_REASON_MESSAGES } from "~/features/leads/labels";
import { deliveryOf, notFound, orNotFound, step } from "~/features/marketplace/answers.server";
import { chosenBusiness, requestForPro } from "~/features/marketplace/inbox.server";
import { PhotoGrid } from "~/features/marketplace/photo-parts";
import { photosOfRequest } from "~/features/marketplace/photos.server";
import { formatPrice } from "~/features/marketplace/price";
import { DEFAULT_VALID_DAYS, QuoteForm, savedValidDays } from "~/features/marketplace/quote-form";
import { quoteSchemaIn, saveQuote } from "~/features/marketplace/quotes.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { IllegalStep } from "~/features/marketplace/states";
import { getDb } from "~/lib/app-context.server";
import {
  dispatchIntent,
  failureOf,
  parseSubmission,
  type FormFailure,
  type FormValues,
} from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { localeOfRequest, localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { z } from "zod";
import { DECLINE_REASONS, type ProState } from "../../../database/enums";
import type { Route } from "./+types/request";

/** The notice after a quote is saved (the action sends the pro back with ?quoted=1). */
const QUOTE_SENT = msg`Your quote was sent to the homeowner.`;

/** Where the pro stands with the request, in a few words. */
const STATE_TEXT: Record<ProState, MessageDescriptor> = {
  sent: msg`Not answered yet`,
  viewed: msg`Not answered yet`,
  accepted: msg`Accepted: send a quote`,
  quoted: msg`Quoted: you can change it until the homeowner hires`,
  hired: msg`Hired: the homeowner chose you`,
  declined: msg`Declined`,
  not_chosen: msg`Not chosen: the homeowner went another way`,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

async function businessOf(args: Route.LoaderArgs | Route.ActionArgs, userId: string) {
  const url = new URL(args.request.url);
  const locale = localeOfRequest(args.request);
  const owned = await orNotFound(chosenBusiness(getDb(args.context), userId, url), locale);
  if (!owned) notFound(locale);
  return owned.business;
}

export async function loader(args: Route.LoaderArgs) {
  const { request, context, params, url } = args;
  const locale = localeOfRequest(request);
  const user = signedInUser(context);
  const business = await businessOf(args, user.id);
  const db = getDb(context);
  const view = await orNotFound(requestForPro(db, user.id, params.id, business, locale), locale);
  // Opened: the pro's part becomes viewed (the view is otherwise the same).
  if (view.state === "sent") {
    try {
      view.state = await proStep(db, user.id, params.id, business.id, { event: "view" });
    } catch (error) {
      // Answered meanwhile in another tab: a read receipt is not worth an error page.
      if (!(error instanceof IllegalStep)) throw error;
    }
  }
  // Authorized above: the request was sent to this business.
  const [photos, threads] = await Promise.all([
    photosOfRequest(db, params.id),
    threadsOf(db, user.id),
  ]);
  // This business's conversation about this request (opened when it accepted).
  const conversations = threads.filter(
    (thread) =>
      thread.leadId === params.id && thread.contractorId === business.id && thread.side === "pro",
  );
  // Back from saving a quote: say it went.
  const quoted = url.searchParams.has("quoted") && view.quote !== null;
  const requestTitle = view.title;
  const brand = BRAND.name;
  const title = translate(locale, msg`${requestTitle} | ${brand} for pros`);
  return data({ title, view, photos, conversations, quoted });
}

/** The pro's actions on a request, one branch each (the quote's fields are checked by its own schema). */
function proIntents(locale: Locale) {
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("accept") }),
      z.object({
        intent: z.literal("decline"),
        reason: z.enum(DECLINE_REASONS, {
          error: () => translate(locale, msg`Choose why you are declining.`),
        }),
      }),
      z.object({ intent: z.literal("quote") }),
    ],
    { error: () => translate(locale, msg`Please choose what to do with this request.`) },
  );
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const locale = localeOfRequest(request);
  const user = signedInUser(context);
  const business = await businessOf(args, user.id);
  const db = getDb(context);
  const back = localizePath(`/pro/requests/${params.id}?business=${business.id}`, locale);
  const refuse = (failure: FormFailure) => data(failure, { status: 400 });
  const answer = async (event: Parameters<typeof proStep>[4], values: FormValues) => {
    const done = await step(
      () => proStep(db, user.id, params.id, business.id, event),
      values,
      locale,
    );
    return typeof done === "string" ? redirect(back) : done;
  };
  return dispatchIntent<ReturnType<typeof proIntents>, Awaited<ReturnType<typeof answer>>>(
    proIntents(locale),
    await request.formData(),
    {
      accept: (_, values) => answer({ event: "accept" }, values),
      decline: ({ reason }, values) => answer({ event: "decline", reason }, values),
      quote: async (_, values) => {
        const quote = parseSubmission(quoteSchemaIn(locale), values);
        if (quote.status === "error") return refuse(failureOf(quote));
        const done = await step(
          () => saveQuote(db, user.id, params.id, business.id, quote.value, deliveryOf(context)),
          values,
          locale,
        );
        return done ?? redirect(`${back}&quoted=1`);
      },
    },
    // No intent the page offers: a sentence for the form; a field: beside it.
    (failure) =>
      refuse(
        failure.fieldErrors.intent
          ? { ok: false, formError: failure.fieldErrors.intent }
          : failureOf(failure),
      ),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ProRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const quote = view.quote;
  const savedValues: Record<string, string> = quote
    ? {
        kind: quote.minCents === quote.maxCents ? "fixed" : "range",
        min: String(quote.minCents / 100),
        max: quote.minCents === quote.maxCents ? "" : String(quote.maxCents / 100),
        included: quote.included,
        startFrom: quote.startFrom,
        startTo: quote.startTo,
        validDays: savedValidDays(quote),
        message: quote.message,
      }
    : { kind: "fixed", startFrom: isoDay(7), startTo: isoDay(21), validDays: DEFAULT_VALID_DAYS };
  const errors = actionData?.errors ?? {};
  const canQuote = view.state === "accepted" || view.state === "quoted";
  const sentTo = view.sentTo;
  const price = quote ? formatPrice(quote.currency, quote.minCents, quote.maxCents, locale) : "";
  return (
    <article aria-labelledby="request-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link
          to={localize(`/pro?business=${view.business.id}`)}
          className="text-sm font-medium text-navy-700 underline"
        >
          <Trans>Back to requests</Trans>
        </Link>
        <h1 id="request-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          {view.title}
        </h1>
        <p className="text-muted">
          {[view.place, t`sent to ${plural(sentTo, { one: "# pro", other: "# pros" })}`]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <dl className="grid gap-3 rounded-card bg-surface p-6 shadow-card sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold text-navy-900">
          <Trans>Details</Trans>
        </dt>
        <dd className="whitespace-pre-line text-muted">{view.details ?? t`None given.`}</dd>
        <dt className="font-semibold text-navy-900">
          <Trans>Preferred contact</Trans>
        </dt>
        <dd className="text-muted">
          {view.preferredContact ? i18n._(CONTACT_MESSAGES[view.preferredContact]) : t`Any`}
        </dd>
        <dt className="font-semibold text-navy-900">
          <Trans>Homeowner</Trans>
        </dt>
        <dd className="text-muted">
          {view.contact ? (
            <span className="grid">
              <span className="font-medium text-navy-900">{view.contact.name}</span>
              {view.contact.phone ? (
                <a href={`tel:${view.contact.phone}`}>{view.contact.phone}</a>
              ) : null}
              {view.contact.email ? (
                <a href={`mailto:${view.contact.email}`}>{view.contact.email}</a>
              ) : null}
              {!view.contact.phone && !view.contact.email ? (
                <Trans>Prefers messages on TradeMatch.</Trans>
              ) : null}
            </span>
          ) : (
            <Trans>Shown once you accept the request.</Trans>
          )}
        </dd>
        <dt className="font-semibold text-navy-900">
          <Trans>Your answer</Trans>
        </dt>
        <dd className="text-muted">{i18n._(STATE_TEXT[view.state])}</dd>
      </dl>
      {loaderData.photos.length > 0 ? (
        <section aria-labelledby="photos-title" className="grid gap-3">
          <h2 id="photos-title" className="text-xl font-bold text-navy-900">
            <Trans>Photos from the homeowner</Trans>
          </h2>
          <PhotoGrid photos={loaderData.photos} alt={t`Homeowner's photo`} />
        </section>
      ) : null}
      <ThreadLinks
        threads={loaderData.conversations}
        intro={t`Write to the homeowner here. Their email and phone show in the conversation once they share them.`}
      />
      {loaderData.quoted && !actionData ? (
        <FormAlert tone="success" message={i18n._(QUOTE_SENT)} />
      ) : null}
      <FormAlert message={actionData?.formError} />
      {view.state === "viewed" || view.state === "sent" ? (
        <div className="grid gap-4 rounded-card bg-surface p-6 shadow-card">
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <Button type="submit">
              <Trans>Accept request</Trans>
            </Button>
          </Form>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="decline" />
            <Field id="decline-reason" label={t`Reason for declining`} error={errors.reason}>
              <Select
                id="decline-reason"
                name="reason"
                defaultValue=""
                {...describedBy("decline-reason", errors.reason)}
              >
                <option value="" disabled>
                  {t`Choose a reason`}
                </option>
                {DECLINE_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {i18n._(DECLINE_REASON_MESSAGES[reason])}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" variant="secondary">
              <Trans>Decline</Trans>
            </Button>
          </Form>
        </div>
      ) : null}
      {quote && !canQuote ? (
        <p className="rounded-card bg-surface p-6 shadow-card">
          <Trans>Your quote: {price}</Trans>
        </p>
      ) : null}
      {canQuote ? (
        <section
          aria-labelledby="quote-title"
          className="grid gap-4 rounded-card bg-surface p-6 shadow-card"
        >
          <h2 id="quote-title" className="text-xl font-bold text-navy-900">
            {quote ? <Trans>Your quote</Trans> : <Trans>Send a quote</Trans>}
          </h2>
          <QuoteForm
            currency={view.currency}
            values={actionData?.values ?? savedValues}
            errors={errors}
            formError={undefined}
            editing={quote !== null}
          />
        </section>
      ) : null}
    </article>
  );
}
