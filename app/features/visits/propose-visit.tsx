/**
 * The "Site visit" section of the pro's request page (issue 34): the open
 * visit with its state and time, or the form that proposes up to three
 * times, each a day and a clock in the business's zone (no datetime-local,
 * which reads differently in every browser). A plain post: it works without
 * JavaScript, and each refusal comes back beside its field.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { bindFields, FormAlert, TextField } from "~/components/ui/form-controls";
import type { FormFailure } from "~/lib/forms";
import { useLocale, useLocalize } from "~/lib/use-locale";
import type { VisitState } from "../../../database/enums";
import { timeZoneChoice } from "./time-zones";
import { VISIT_STATE_LABELS } from "./visit-labels";
import { formatVisitTime } from "./visit-time";

/** Which form a refusal belongs to, on a page with several. */
export const PROPOSE_FORM = "visit";
/** The form's pairs, `date1`/`time1` to `date3`/`time3` (MAX_PROPOSED_TIMES). */
export const PROPOSED_PAIRS = [1, 2, 3] as const;

/** What the section shows (the loader's `visitSectionOf`, as JSON). */
export interface VisitSectionData {
  canArrange: boolean;
  timeZone: string;
  jobZone: string;
  open: {
    id: string;
    state: VisitState;
    startsAt: string | null;
    timeZone: string;
    options: { startsAt: string }[];
  } | null;
}

/** The zone as people read it: "Mountain Time — Denver", else its IANA name. */
function useZoneName(zone: string): string {
  const { i18n } = useLingui();
  const choice = timeZoneChoice(zone);
  return choice ? `${i18n._(choice.region)} — ${choice.city}` : zone;
}

function OpenVisit({ open, now }: { open: NonNullable<VisitSectionData["open"]>; now: Date }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const times = open.startsAt ? [open.startsAt] : open.options.map((option) => option.startsAt);
  return (
    <div className="grid gap-2">
      <p className="font-medium text-navy-900">{i18n._(VISIT_STATE_LABELS[open.state])}</p>
      {open.state === "proposed" ? (
        <p className="text-sm text-muted">
          <Trans>The homeowner picks one of these times.</Trans>
        </p>
      ) : null}
      <ul className="grid gap-1">
        {times.map((time) => (
          <li key={time}>
            <time dateTime={time}>
              {formatVisitTime(new Date(time), open.timeZone, locale, now)}
            </time>
          </li>
        ))}
      </ul>
      <Link
        to={localize(`/visits/${open.id}`)}
        className="justify-self-start font-medium text-navy-700 underline underline-offset-2"
      >
        <Trans>Open the visit</Trans>
      </Link>
    </div>
  );
}

export function ProposeVisitSection({
  section,
  answer,
  now,
}: {
  section: VisitSectionData;
  /** The propose form's refusal, when the page comes back from it. */
  answer: FormFailure | undefined;
  /** The loader's time (ISO): a date in another year says its year. */
  now: string;
}) {
  const { t } = useLingui();
  const zone = useZoneName(section.timeZone);
  const field = bindFields("visit", answer?.errors ?? {}, answer?.values ?? {});
  const most = PROPOSED_PAIRS.length;
  return (
    <section
      aria-labelledby="site-visit-title"
      className="grid gap-4 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="site-visit-title" className="text-xl font-bold text-navy-900">
        <Trans>Site visit</Trans>
      </h2>
      {section.open ? (
        <OpenVisit open={section.open} now={new Date(now)} />
      ) : (
        <Form method="post" className="grid gap-4" aria-label={t`Propose times for a visit`}>
          <input type="hidden" name="intent" value="propose_visit" />
          <FormAlert message={answer?.formError} />
          <fieldset className="grid gap-4">
            <legend className="mb-2 font-semibold text-navy-900">
              <Trans>
                Propose up to {most} times ({zone})
              </Trans>
            </legend>
            {PROPOSED_PAIRS.map((n) => (
              <div key={n} className="flex flex-wrap items-start gap-3">
                <TextField field={field(`date${n}`)} type="date" label={t`Day ${n}`} />
                <TextField field={field(`time${n}`)} type="time" step={900} label={t`Time ${n}`} />
              </div>
            ))}
          </fieldset>
          <p className="text-sm text-muted">
            <Trans>
              The homeowner picks one of them; leave a pair empty to propose fewer. Times can be up
              to a year ahead, also past the days homeowners can book themselves.
            </Trans>
          </p>
          <Button type="submit" className="justify-self-start">
            <Trans>Propose these times</Trans>
          </Button>
        </Form>
      )}
    </section>
  );
}
