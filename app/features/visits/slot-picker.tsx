/**
 * A business's free times as radio buttons, one fieldset per day (issue 34):
 * the booking page's list and the reschedule form's. Each time reads "9:00 AM"
 * and, for a screen reader, "9:00 AM, Tuesday, March 10"; the zone is said
 * once above the days. "Show later days" is a plain link, so it pages without
 * JavaScript. Times come as ISO instants and are shown in the job's zone.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { errorId, FieldError } from "~/components/ui/form-controls";
import { INTL_TAGS, type Locale } from "~/lib/locales";
import { useLocale } from "~/lib/use-locale";
import { formatClock, formatDay, zoneNameOf } from "./visit-time";

/** A day of free times: its local date and its start instants (ISO). */
export interface PickerDay {
  date: string;
  starts: string[];
}

/** "Mountain Time": the zone's generic long name in the reader's language. */
function zoneLongName(instant: Date, timeZone: string, locale: Locale): string {
  const parts = new Intl.DateTimeFormat(INTL_TAGS[locale], {
    timeZone,
    timeZoneName: "longGeneric",
  }).formatToParts(instant);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** "Times are in Mountain Time (MDT)." at the first time listed. */
export function ZoneLine({ timeZone, at }: { timeZone: string; at: string }) {
  const locale = useLocale();
  const instant = new Date(at);
  const zone = zoneLongName(instant, timeZone, locale);
  const short = zoneNameOf(instant, timeZone, locale);
  return (
    <p className="text-sm text-muted">
      <Trans>
        Times are in {zone} ({short}).
      </Trans>
    </p>
  );
}

export function SlotPicker({
  id,
  name = "slot",
  legend,
  days,
  timeZone,
  error,
  value,
  later,
  earlier,
  now,
}: {
  /** The ids' prefix: unique on the page. */
  id: string;
  name?: string;
  legend: string;
  days: readonly PickerDay[];
  timeZone: string;
  error?: string;
  /** The time chosen before (kept when the form comes back refused). */
  value?: string;
  /** The next page's address, if there are later days. */
  later?: string | null;
  /** The first page's address, when this is a later one. */
  earlier?: string | null;
  /** The loader's time: a day in another year says its year ("Tuesday, March 16, 2027"). */
  now: Date;
}) {
  const locale = useLocale();
  const { t } = useLingui();
  const first = days[0]?.starts[0];
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId(id) : undefined}>
      <legend className="text-base font-semibold text-navy-900">{legend}</legend>
      {first ? <ZoneLine timeZone={timeZone} at={first} /> : null}
      <FieldError id={id} error={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        {days.map((day) => {
          const dayName = formatDay(day.date, locale, now);
          return (
            <fieldset key={day.date} className="grid gap-2">
              <legend className="text-sm font-semibold text-navy-900">{dayName}</legend>
              <div className="flex flex-wrap gap-2">
                {day.starts.map((start) => {
                  const inputId = `${id}-${start.replace(/[^0-9a-z]/gi, "")}`;
                  const clock = formatClock(new Date(start), timeZone, locale);
                  return (
                    <label
                      key={start}
                      htmlFor={inputId}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-navy-300 bg-surface px-3 py-2 text-sm has-checked:border-navy-700 has-checked:bg-navy-50"
                    >
                      <input
                        type="radio"
                        id={inputId}
                        name={name}
                        value={start}
                        defaultChecked={value === start}
                        className="size-4 accent-navy-700"
                      />
                      <span>
                        {clock}
                        <span className="sr-only">, {dayName}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
      {later || earlier ? (
        <p className="flex flex-wrap gap-4 text-sm">
          {earlier ? (
            <Link to={earlier} className="font-medium text-navy-700 underline">
              {t`Show the first days`}
            </Link>
          ) : null}
          {later ? (
            <Link to={later} className="font-medium text-navy-700 underline">
              {t`Show later days`}
            </Link>
          ) : null}
        </p>
      ) : null}
    </fieldset>
  );
}
