/**
 * The parts of the pro's visit-hours page (/pro/visits, issue 34): the week's
 * hours as plain fields (`mon.0.start`, `mon.0.end`, …) with one spare pair a
 * day, so a range is added or cleared without JavaScript; the visit settings'
 * selects; the time zone. Reading the hours back from the fields is here too,
 * so the page shows again exactly what was typed. The dates off are in
 * days-off-section.tsx.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { errorId, SelectField, type FieldBinding } from "~/components/ui/form-controls";
import type { FormValues } from "~/lib/forms";
import {
  checkWeeklyHours,
  VISIT_LIMITS,
  WEEKDAYS,
  type HoursProblem,
  type TimeRange,
  type Weekday,
  type WeeklyHours,
} from "./hours";
import { TIME_ZONES, timeZoneChoice } from "./time-zones";

export const WEEKDAY_NAMES: Record<Weekday, MessageDescriptor> = {
  mon: msg`Monday`,
  tue: msg`Tuesday`,
  wed: msg`Wednesday`,
  thu: msg`Thursday`,
  fri: msg`Friday`,
  sat: msg`Saturday`,
  sun: msg`Sunday`,
};

const max = VISIT_LIMITS.rangesPerDay;
export const HOURS_PROBLEMS: Record<HoursProblem["problem"], MessageDescriptor> = {
  format: msg`Use a time like 08:00`,
  order: msg`The end must be after the start`,
  overlap: msg`Ranges overlap`,
  too_many: msg`At most ${max} ranges a day`,
};
/** When a day has several problems, the one said first. */
const PROBLEM_ORDER: readonly HoursProblem["problem"][] = [
  "format",
  "order",
  "overlap",
  "too_many",
];

/** The choices of each setting (minutes, hours or days). */
export const SETTING_CHOICES = {
  visitMinutes: [15, 30, 45, 60, 90, 120, 180, 240],
  bufferMinutes: [0, 15, 30, 45, 60, 90, 120],
  noticeHours: [0, 2, 4, 12, 24, 48, 72, 168],
  // Up to a year: roofers book spring work in winter (issue 43).
  horizonDays: [7, 14, 30, 60, 90, 120, 180, 270, 365],
} as const;
export type SettingName = keyof typeof SETTING_CHOICES;

const FIELD = /^(mon|tue|wed|thu|fri|sat|sun)\.(\d)\.(start|end)$/;

/** A time input's value as "HH:MM" (some browsers add ":00" seconds). */
const clock = (value: string) => value.trim().replace(/^(\d{2}:\d{2}):00$/, "$1");

/** Each day's pairs as typed, in order; a pair with both fields empty is dropped. */
export function typedRanges(values: FormValues): WeeklyHours {
  const found = new Map<string, TimeRange>();
  for (const [name, value] of Object.entries(values)) {
    const match = FIELD.exec(name);
    if (!match) continue;
    const key = `${match[1]}.${match[2]}`;
    const pair = found.get(key) ?? { start: "", end: "" };
    pair[match[3] as keyof TimeRange] = clock(value);
    found.set(key, pair);
  }
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      [...found.entries()]
        .filter(([key, pair]) => key.startsWith(`${day}.`) && (pair.start || pair.end))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([, pair]) => pair),
    ]),
  ) as WeeklyHours;
}

/** The fields of saved hours, as the form sends them. */
export function hoursValues(hours: WeeklyHours): FormValues {
  return Object.fromEntries(
    WEEKDAYS.flatMap((day) =>
      hours[day].flatMap((range, index) => [
        [`${day}.${index}.start`, range.start],
        [`${day}.${index}.end`, range.end],
      ]),
    ),
  );
}

/** The week's hours from the form, each day's ranges in order, and each day's first problem. */
export function readWeeklyHours(values: FormValues): {
  hours: WeeklyHours;
  problems: Partial<Record<Weekday, HoursProblem["problem"]>>;
} {
  const typed = typedRanges(values);
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => [day, [...typed[day]].sort((a, b) => a.start.localeCompare(b.start))]),
  ) as WeeklyHours;
  const found = checkWeeklyHours(hours);
  const problems: Partial<Record<Weekday, HoursProblem["problem"]>> = {};
  for (const day of WEEKDAYS) {
    const first = PROBLEM_ORDER.find((kind) =>
      found.some((problem) => problem.day === day && problem.problem === kind),
    );
    if (first) problems[day] = first;
  }
  return { hours, problems };
}

/** As wide as the value it shows ("01:00 PM", "01:00 p. m."), and never narrower than its neighbours. */
const TIME_INPUT =
  "block min-h-11 w-auto min-w-36 rounded-control border border-navy-300 bg-surface px-3 py-2 text-base text-ink focus:border-navy-600 focus:outline-3 focus:outline-navy-200 aria-invalid:border-danger-700 aria-invalid:bg-danger-50";

/** One day's ranges as typed, and a spare pair to add one while the day has room. */
function DayFields({
  day,
  ranges,
  error,
}: {
  day: Weekday;
  ranges: readonly TimeRange[];
  error?: string;
}) {
  const { i18n } = useLingui();
  const pairs = ranges.length < max ? [...ranges, { start: "", end: "" }] : ranges;
  const id = `hours-${day}`;
  const described = error ? { "aria-invalid": true, "aria-describedby": errorId(id) } : {};
  return (
    <fieldset className="grid gap-2 border-t border-navy-100 pt-3">
      <legend className="font-semibold text-navy-900">
        {i18n._(WEEKDAY_NAMES[day])}
        {ranges.length === 0 ? (
          <span className="font-normal text-muted">
            {" "}
            <Trans>(day off)</Trans>
          </span>
        ) : null}
      </legend>
      <div className="grid gap-2">
        {pairs.map((pair, index) => (
          <div key={index} className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm font-medium text-navy-900">
              <Trans>From</Trans>
              <input
                type="time"
                step={900}
                name={`${day}.${index}.start`}
                defaultValue={pair.start}
                className={TIME_INPUT}
                {...described}
              />
            </label>
            <label className="grid gap-1 text-sm font-medium text-navy-900">
              <Trans>To</Trans>
              <input
                type="time"
                step={900}
                name={`${day}.${index}.end`}
                defaultValue={pair.end}
                className={TIME_INPUT}
                {...described}
              />
            </label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={errorId(id)} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The week, Monday to Sunday; `problems` are each day's sentence. */
export function WeeklyHoursFields({
  values,
  problems,
}: {
  values: FormValues;
  problems: Partial<Record<string, string>>;
}) {
  const typed = typedRanges(values);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">
        <Trans>
          Up to {max} time ranges a day. Leave a day empty for a day off; clear a range to remove
          it, and save to get another empty one.
        </Trans>
      </p>
      {WEEKDAYS.map((day) => (
        <DayFields key={day} day={day} ranges={typed[day]} error={problems[day]} />
      ))}
    </div>
  );
}

/** "15 minutes", "1 hour 30 minutes", "2 days": a setting's choice in words. */
function useChoiceLabel() {
  const { t } = useLingui();
  const minutes = (n: number) => {
    const hours = Math.floor(n / 60);
    const rest = n % 60;
    if (hours === 0) return t`${plural(n, { one: "# minute", other: "# minutes" })}`;
    const whole = t`${plural(hours, { one: "# hour", other: "# hours" })}`;
    return rest === 0
      ? whole
      : t`${whole} ${plural(rest, { one: "# minute", other: "# minutes" })}`;
  };
  return (setting: SettingName, n: number): string => {
    if (setting === "bufferMinutes" && n === 0) return t`None`;
    if (setting === "noticeHours") {
      if (n === 0) return t`No notice needed`;
      if (n === 168) return t`1 week`;
      return n % 24 === 0
        ? t`${plural(n / 24, { one: "# day", other: "# days" })}`
        : t`${plural(n, { one: "# hour", other: "# hours" })}`;
    }
    if (setting === "horizonDays") {
      return n === 365 ? t`1 year` : t`${plural(n, { one: "# day", other: "# days" })}`;
    }
    return minutes(n);
  };
}

/** A setting's select; a saved value outside the choices is offered too. */
export function SettingSelect({
  setting,
  field,
  label,
  hint,
}: {
  setting: SettingName;
  field: FieldBinding;
  label: string;
  hint?: string;
}) {
  const labelOf = useChoiceLabel();
  const saved = Number(field.defaultValue);
  const choices: readonly number[] = SETTING_CHOICES[setting];
  const all =
    Number.isInteger(saved) && field.defaultValue && !choices.includes(saved)
      ? [...choices, saved].sort((a, b) => a - b)
      : choices;
  return (
    <SelectField field={field} label={label} hint={hint} className="max-w-xs">
      {all.map((n) => (
        <option key={n} value={String(n)}>
          {labelOf(setting, n)}
        </option>
      ))}
    </SelectField>
  );
}

/** A zone's name for people: "Mountain Time — Denver (MST)"; its IANA name when not listed. */
export function useZoneLabel(zoneNames: Record<string, string>) {
  const { i18n, t } = useLingui();
  return (zone: string): string => {
    const choice = timeZoneChoice(zone);
    if (!choice) return zone;
    const region = i18n._(choice.region);
    const city = choice.city;
    const name = zoneNames[zone] ?? "";
    return t`${region} — ${city} (${name})`;
  };
}

/** The zone select, the business's own zone always among the choices. */
export function TimeZoneSelect({
  field,
  zoneNames,
}: {
  field: FieldBinding;
  /** Each zone's short name now (MST or MDT), by IANA name. */
  zoneNames: Record<string, string>;
}) {
  const { t } = useLingui();
  const labelOf = useZoneLabel(zoneNames);
  const current = field.defaultValue ?? "";
  const zones = TIME_ZONES.map((choice) => choice.zone);
  if (current && !timeZoneChoice(current)) zones.push(current);
  return (
    <SelectField
      field={field}
      label={t`Time zone`}
      hint={t`Your hours and the times you propose are in this zone.`}
      className="max-w-md"
    >
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {labelOf(zone)}
        </option>
      ))}
    </SelectField>
  );
}
