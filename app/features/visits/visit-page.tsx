/**
 * The parts of a visit's page (/visits/:id, issue 34), for either side: the
 * visit in words (time in the job's zone, and the pro's own when it reads
 * otherwise), and one plain form per action this side may take now. A
 * refused form comes back with its message beside the field and what was
 * typed; a refused step (409) as the form's alert.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import {
  bindFields,
  errorId,
  FieldError,
  FormAlert,
  TextAreaField,
  type FieldBinding,
  TextField,
} from "~/components/ui/form-controls";
import type { FormFailure } from "~/lib/forms";
import { useLocale } from "~/lib/use-locale";
import type { FreeDays } from "./project-visits.server";
import { SlotPicker } from "./slot-picker";
import { ADDRESS_MAX, REASON_MAX, VISIT_CAUSE_LABELS, VISIT_STATE_LABELS } from "./visit-labels";
import { formatClock, formatVisitTime, visitTimeFor } from "./visit-time";
import type { VisitView } from "./visit-view.server";

/** The notices after a step, by `?done=`. */
export const VISIT_NOTICES: Record<string, MessageDescriptor> = {
  booked: msg`Your visit is booked. You both get an email with the time.`,
  moved: msg`The visit is moved. You both get an email with the new time.`,
  cancelled: msg`The visit is cancelled. You both get an email.`,
  marked: msg`Thank you: the visit is marked.`,
};

function Card({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-card bg-surface p-6 shadow-card">
      <h2 id={id} className="text-xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The street address of the work, as the booking and the pick of a time ask
 * it (issue 43): a visit is at the home, and the request has only a postal
 * code. Required, with why and who sees it; the page prefills the address
 * last given for the request.
 */
export function VisitAddressField({ field }: { field: FieldBinding }) {
  const { t } = useLingui();
  return (
    <TextField
      field={field}
      maxLength={ADDRESS_MAX}
      autoComplete="street-address"
      required
      label={t`Address of the work`}
      hint={t`The pro comes here for the visit. Only this pro sees it, and only while they are on your request.`}
    />
  );
}

/** The visit in words: state, time, address, the last reason, "Add to calendar". */
export function VisitSummary({ view, now }: { view: VisitView; now: Date }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const time = view.startsAt
    ? visitTimeFor(new Date(view.startsAt), view.timeZone, view.viewerZone, locale, now)
    : null;
  const viewer = time?.viewer;
  const reason = view.reason;
  const end = view.startsAt && view.endsAt ? new Date(view.endsAt) : null;
  const until = end ? formatClock(end, view.timeZone, locale) : null;
  const minutes =
    end && view.startsAt ? Math.round((end.getTime() - Date.parse(view.startsAt)) / 60_000) : 0;
  return (
    <dl className="grid gap-3 rounded-card bg-surface p-6 shadow-card sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold text-navy-900">
        <Trans>State</Trans>
      </dt>
      <dd>
        {i18n._(view.cause ? VISIT_CAUSE_LABELS[view.cause] : VISIT_STATE_LABELS[view.state])}
      </dd>
      {time ? (
        <>
          <dt className="font-semibold text-navy-900">
            <Trans>Time</Trans>
          </dt>
          <dd className="grid gap-1">
            <span className="font-semibold text-navy-900">{time.job}</span>
            {until ? (
              <span className="text-sm">
                <Trans>
                  Until {until} ({minutes} min)
                </Trans>
              </span>
            ) : null}
            {viewer ? (
              <span className="text-sm text-muted">
                <Trans>Your time: {viewer}</Trans>
              </span>
            ) : null}
            {view.holdsTime ? (
              <a
                href={`/visits/${view.id}/calendar.ics`}
                download="visit.ics"
                className="text-sm font-medium text-navy-700 underline"
              >
                <Trans>Add to calendar</Trans>
              </a>
            ) : null}
          </dd>
        </>
      ) : null}
      {view.state === "proposed" && view.side === "pro" && view.options.length > 0 ? (
        <>
          <dt className="font-semibold text-navy-900">
            <Trans>Times proposed</Trans>
          </dt>
          <dd>
            <ul className="grid gap-1">
              {view.options.map((start) => (
                <li key={start}>{formatVisitTime(new Date(start), view.timeZone, locale, now)}</li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
      <dt className="font-semibold text-navy-900">
        <Trans>Address</Trans>
      </dt>
      <dd className="whitespace-pre-line">{view.address ?? <Trans>Not given</Trans>}</dd>
      {reason ? (
        <>
          <dt className="font-semibold text-navy-900">
            <Trans>Reason given</Trans>
          </dt>
          <dd className="whitespace-pre-line">{reason}</dd>
        </>
      ) : null}
    </dl>
  );
}

type Failure = FormFailure | undefined;

/** The failure of one form of the page, if it is the one that answered. */
const failureOf = (failure: Failure, form: string): Failure =>
  failure?.form === form ? failure : undefined;

/** The homeowner picks one of the proposed times, with the address of the work. */
export function PickForm({
  view,
  failure,
  now,
  address,
}: {
  view: VisitView;
  failure: Failure;
  now: Date;
  /** The address last given for this request, to start from. */
  address: string | null;
}) {
  const locale = useLocale();
  const own = failureOf(failure, "pick");
  const field = bindFields("pick", own?.errors ?? {}, { address: address ?? "", ...own?.values });
  const error = own?.errors?.start;
  return (
    <Card id="pick-title" title={<Trans>Pick a time</Trans>}>
      <Form method="post" className="grid gap-4" aria-labelledby="pick-title">
        <input type="hidden" name="intent" value="pick" />
        <FormAlert message={own?.formError} />
        <fieldset
          className="grid gap-2"
          aria-describedby={error ? errorId("pick-start") : undefined}
        >
          <legend className="text-base font-semibold text-navy-900">
            <Trans>Times the pro proposed</Trans>
          </legend>
          <FieldError id="pick-start" error={error} />
          {view.options.map((start, index) => (
            <label
              key={start}
              className="flex min-h-11 items-center gap-2"
              htmlFor={`pick-${index}`}
            >
              <input
                type="radio"
                id={`pick-${index}`}
                name="start"
                value={start}
                defaultChecked={own?.values?.start === start}
                className="size-4 accent-navy-700"
              />
              {formatVisitTime(new Date(start), view.timeZone, locale, now)}
            </label>
          ))}
        </fieldset>
        <VisitAddressField field={field("address")} />
        <Button type="submit" className="justify-self-start">
          <Trans>Book this time</Trans>
        </Button>
      </Form>
    </Card>
  );
}

/** Either side moves the visit to another free time, with a reason. */
export function RescheduleForm({
  free,
  failure,
  from,
  now,
}: {
  free: FreeDays;
  failure: Failure;
  from: string | null;
  now: Date;
}) {
  const { t } = useLingui();
  const own = failureOf(failure, "reschedule");
  const field = bindFields("move", own?.errors ?? {}, { reason: "", ...own?.values });
  const days = free.horizonDays;
  const page = (date: string | null) => (date ? `?${new URLSearchParams({ from: date })}` : "?");
  return (
    <Card id="move-title" title={<Trans>Move the visit</Trans>}>
      {free.days.length === 0 ? (
        <p className="text-muted">
          <Trans>There are no other free times in the next {days} days.</Trans>
        </p>
      ) : (
        // Closed until wanted (the list is long); open again when it comes back refused.
        <details open={Boolean(own) || Boolean(from)} className="group grid gap-4">
          <summary className="min-h-11 w-fit cursor-pointer rounded-control py-2 font-medium text-navy-700 underline underline-offset-2">
            <Trans>Choose a new time</Trans>
          </summary>
          <Form method="post" className="mt-4 grid gap-4" aria-labelledby="move-title">
            <input type="hidden" name="intent" value="reschedule" />
            <FormAlert message={own?.formError} />
            <SlotPicker
              id="move-slot"
              legend={t`New time`}
              days={free.days}
              timeZone={free.timeZone}
              now={now}
              error={own?.errors?.slot}
              value={own?.values?.slot}
              later={free.next ? page(free.next) : null}
              earlier={from ? page(null) : null}
            />
            <TextAreaField
              field={field("reason")}
              maxLength={REASON_MAX}
              required
              label={t`Why move it?`}
              hint={t`The other side reads it with the new time.`}
            />
            <Button type="submit" className="justify-self-start">
              <Trans>Move the visit</Trans>
            </Button>
          </Form>
        </details>
      )}
    </Card>
  );
}

/** Either side cancels the open visit, with a reason. */
export function CancelForm({ failure }: { failure: Failure }) {
  const { t } = useLingui();
  const own = failureOf(failure, "cancel");
  const field = bindFields("cancel", own?.errors ?? {}, { reason: "", ...own?.values });
  return (
    <Card id="cancel-title" title={<Trans>Cancel the visit</Trans>}>
      <Form method="post" className="grid gap-4" aria-labelledby="cancel-title">
        <input type="hidden" name="intent" value="cancel" />
        <FormAlert message={own?.formError} />
        <TextAreaField
          field={field("reason")}
          maxLength={REASON_MAX}
          required
          label={t`Why cancel it?`}
          hint={t`The other side reads it in the cancellation.`}
        />
        <Button type="submit" variant="secondary" className="justify-self-start">
          <Trans>Cancel the visit</Trans>
        </Button>
      </Form>
    </Card>
  );
}

/** After the start: it happened, or the other side did not come. */
export function MarkForms({ view, failure }: { view: VisitView; failure: Failure }) {
  const own = failureOf(failure, "mark");
  return (
    <Card id="mark-title" title={<Trans>How did the visit go?</Trans>}>
      <FormAlert message={own?.formError} />
      <div className="flex flex-wrap gap-3">
        {view.actions.done ? (
          <Form method="post">
            <input type="hidden" name="intent" value="done" />
            <Button type="submit">
              <Trans>Mark the visit done</Trans>
            </Button>
          </Form>
        ) : null}
        {view.actions.noShow ? (
          <Form method="post">
            <input type="hidden" name="intent" value="no_show" />
            <Button type="submit" variant="secondary">
              {view.side === "homeowner" ? (
                <Trans>The pro did not come</Trans>
              ) : (
                <Trans>The homeowner was not there</Trans>
              )}
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}
