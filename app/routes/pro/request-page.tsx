/**
 * The pro's request page, in three parts: what the homeowner asked for, the
 * pro's first answer (accept, or decline with a reason), and the quote form
 * once accepted. The route (request.tsx) loads the data and composes them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, FormAlert, Select } from "~/components/ui/form-controls";
import { ThreadLinks } from "~/features/conversations/thread-links";
import { CONTACT_MESSAGES, DECLINE_REASON_MESSAGES } from "~/features/leads/labels";
import type { ProRequestView } from "~/features/marketplace/inbox.server";
import { PhotoGrid } from "~/features/marketplace/photo-parts";
import { formatPrice } from "~/features/marketplace/price";
import { DEFAULT_VALID_DAYS, QuoteForm, savedValidDays } from "~/features/marketplace/quote-form";
import {
  PROPOSE_FORM,
  ProposeVisitSection,
  type VisitSectionData,
} from "~/features/visits/propose-visit";
import type { FieldErrors, FormFailure } from "~/lib/forms";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { DECLINE_REASONS, type ProState } from "../../../database/enums";

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
  no_answer: msg`Closed: it was not answered within 48 hours`,
  removed: msg`Closed: the homeowner is not going ahead with your business`,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** The quote form's values: the saved quote's, or a fixed price starting in a week. */
function savedQuoteValues(quote: ProRequestView["quote"]): Record<string, string> {
  return quote
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
}

const isTakenOn = (state: ProState) =>
  state === "accepted" || state === "quoted" || state === "hired";

/** The request as the pro reads it: details, contact once accepted, where they stand. */
function RequestFacts({ view }: { view: ProRequestView }) {
  const { i18n, t } = useLingui();
  return (
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
        ) : view.contactState === "no_longer_shared" ? (
          <Trans>No longer shared: this request is closed for your business.</Trans>
        ) : view.contactState === "hidden" && isTakenOn(view.state) ? (
          <Trans>Prefers messages on TradeMatch.</Trans>
        ) : (
          <Trans>Shown once you accept the request.</Trans>
        )}
      </dd>
      <dt className="font-semibold text-navy-900">
        <Trans>Your answer</Trans>
      </dt>
      <dd className="text-muted">{i18n._(STATE_TEXT[view.state])}</dd>
    </dl>
  );
}

/** The pro's first answer: accept, or decline with a reason. */
function FirstAnswer({ errors, hours }: { errors: FieldErrors; hours: number | null }) {
  const { i18n, t } = useLingui();
  return (
    <div className="grid gap-4 rounded-card bg-surface p-6 shadow-card">
      {hours !== null ? (
        <p className="text-sm text-navy-900">
          <Plural
            value={hours}
            one="Please answer within # hour: after that the request closes for your business and the homeowner can choose another pro."
            other="Please answer within # hours: after that the request closes for your business and the homeowner can choose another pro."
          />
        </p>
      ) : null}
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
  );
}

export interface ProRequestPageProps {
  view: ProRequestView;
  photos: ComponentProps<typeof PhotoGrid>["photos"];
  conversations: ComponentProps<typeof ThreadLinks>["threads"];
  /** Back from saving a quote. */
  quoted: boolean;
  /** The action's answer, when the page comes back from a form. */
  answer: FormFailure | undefined;
  /** The site visit's section: the open visit, or proposing times. */
  visit: VisitSectionData;
  /** The loader's time (ISO), which the page's dates are read against. */
  now: string;
}

export function ProRequestPage({
  view,
  photos,
  conversations,
  quoted,
  answer: pageAnswer,
  visit,
  now,
}: ProRequestPageProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  // The visit form's refusal is said in its own section.
  const visitAnswer = pageAnswer?.form === PROPOSE_FORM ? pageAnswer : undefined;
  const answer = visitAnswer ? undefined : pageAnswer;
  const quote = view.quote;
  const errors = answer?.errors ?? {};
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
      {view.closed ? (
        <p className="rounded-control border border-navy-200 bg-navy-50 px-4 py-3 text-sm font-medium text-navy-900">
          <Trans>The homeowner closed this request: they are not going ahead with it.</Trans>
        </p>
      ) : null}
      <RequestFacts view={view} />
      {photos.length > 0 ? (
        <section aria-labelledby="photos-title" className="grid gap-3">
          <h2 id="photos-title" className="text-xl font-bold text-navy-900">
            <Trans>Photos from the homeowner</Trans>
          </h2>
          <PhotoGrid photos={photos} alt={t`Homeowner's photo`} />
        </section>
      ) : null}
      <ThreadLinks
        threads={conversations}
        intro={t`Write to the homeowner here. Their email and phone show in the conversation once they share them.`}
      />
      {quoted && !answer ? <FormAlert tone="success" message={i18n._(QUOTE_SENT)} /> : null}
      <FormAlert
        message={answer?.formError ?? (visit.canArrange ? undefined : visitAnswer?.formError)}
      />
      {view.state === "viewed" || view.state === "sent" ? (
        <FirstAnswer errors={errors} hours={view.answerWithinHours} />
      ) : null}
      {quote && !canQuote ? (
        <p className="rounded-card bg-surface p-6 shadow-card">
          <Trans>Your quote: {price}</Trans>
        </p>
      ) : null}
      {visit.canArrange ? (
        <ProposeVisitSection section={visit} answer={visitAnswer} now={now} />
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
            values={answer?.values ?? savedQuoteValues(quote)}
            errors={errors}
            formError={undefined}
            editing={quote !== null}
          />
        </section>
      ) : null}
    </article>
  );
}
