/**
 * The pro's dates off on the visit-hours page (/pro/visits, issue 34): the
 * coming ones, each with its Remove button (one form for all of them), and the
 * form that adds a range, with its refusal beside its fields.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { bindFields, FormAlert, TextField } from "~/components/ui/form-controls";
import type { FormFailure } from "~/lib/forms";
import { useLocale } from "~/lib/use-locale";
import { DAYS_OFF_LIMITS } from "./hours";
import { formatDay } from "./visit-time";

/** The longest note a day off may have. */
export const MAX_DAY_OFF_NOTE = DAYS_OFF_LIMITS.noteMax;

export interface DayOffItem {
  id: string;
  startsOn: string;
  endsOn: string;
  note: string;
}

/** The business's coming days off, each with its Remove button, and the form to add some. */
export function DaysOffSection({
  daysOff,
  today,
  answer,
}: {
  daysOff: readonly DayOffItem[];
  /** Today in the business's zone: the first day that may be taken off. */
  today: string;
  /** The add form's refusal, if it came back. */
  answer: FormFailure | undefined;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const field = bindFields("day-off", answer?.errors ?? {}, answer?.values ?? {});
  const noteMax = MAX_DAY_OFF_NOTE;
  const todayAt = new Date(`${today}T12:00:00Z`);
  return (
    <section
      aria-labelledby="days-off-title"
      className="grid gap-4 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="days-off-title" className="text-xl font-bold text-navy-900">
        <Trans>Dates off</Trans>
      </h2>
      {daysOff.length === 0 ? (
        <p className="text-muted">
          <Trans>No dates off coming up.</Trans>
        </p>
      ) : (
        // One form for every Remove: the button pressed sends its range's id (100 forms were a
        // quarter of the page when the list is full).
        <Form method="post">
          <input type="hidden" name="intent" value="remove_day_off" />
          <ul className="grid gap-2">
            {daysOff.map((off) => {
              // Read against today: a date off in another year says its year.
              const from = formatDay(off.startsOn, locale, todayAt);
              const to = formatDay(off.endsOn, locale, todayAt);
              const when = off.startsOn === off.endsOn ? from : t`${from} to ${to}`;
              return (
                <li key={off.id} className="flex flex-wrap items-center justify-between gap-3">
                  <span>
                    <span className="font-medium text-navy-900">{when}</span>
                    {off.note ? <span className="text-muted"> · {off.note}</span> : null}
                  </span>
                  <Button type="submit" name="id" value={off.id} variant="ghost" size="sm">
                    <Trans>
                      Remove<span className="sr-only"> {when}</span>
                    </Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        </Form>
      )}
      <Form method="post" className="grid gap-3" aria-label={t`Add dates off`}>
        <input type="hidden" name="intent" value="add_day_off" />
        <h3 className="font-semibold text-navy-900">
          <Trans>Add dates off</Trans>
        </h3>
        <FormAlert message={answer?.formError} />
        <p className="text-sm text-muted">
          <Trans>Dates that overlap or touch ones you have are joined into one.</Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <TextField field={field("startsOn")} type="date" min={today} required label={t`From`} />
          <TextField field={field("endsOn")} type="date" min={today} required label={t`To`} />
        </div>
        <TextField
          field={field("note")}
          maxLength={noteMax}
          optional
          label={t`Note`}
          hint={t`For example "Holidays"; up to ${noteMax} characters.`}
        />
        <Button type="submit" variant="secondary" className="justify-self-start">
          <Trans>Add dates off</Trans>
        </Button>
      </Form>
    </section>
  );
}
