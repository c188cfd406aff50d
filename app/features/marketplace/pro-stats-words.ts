/**
 * The pro's figures in words, in the page's language: the periods' names,
 * counts, times to respond, the five figures of a period, and the sentence
 * that says what the chart shows. Pure, so the tests read them without a page;
 * pro-stats.tsx draws them.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { shortDay } from "~/lib/dates";
import { DEFAULT_LOCALE, formatterCache, isLocale, type Locale } from "~/lib/locales";
import type { Bucket, PeriodFigures, ProStats, StatsPeriod } from "./pro-stats.server";

export const PERIOD_LABELS: Record<StatsPeriod, MessageDescriptor> = {
  30: msg`Last 30 days`,
  90: msg`Last 90 days`,
};

const counts = formatterCache((tag) => new Intl.NumberFormat(tag));
const percents = formatterCache((tag) => new Intl.NumberFormat(tag, { style: "percent" }));

/** The language an instance translates into. */
export function localeOf(i18n: I18n): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** A count as the page's language writes it: "1,250"; "1 250" in French. */
export function formatCount(n: number, locale: Locale): string {
  return counts(locale).format(n);
}

/** A time to respond in plain words: "45 minutes", "3 hours 30 minutes", "2 days 4 hours". */
export function responseTime(seconds: number, i18n: I18n): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return i18n._(msg`Under a minute`);
  if (minutes < 60) return i18n._(msg`${plural(minutes, { one: "# minute", other: "# minutes" })}`);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const minutesOver = minutes % 60;
    return minutesOver === 0
      ? i18n._(msg`${plural(hours, { one: "# hour", other: "# hours" })}`)
      : i18n._(
          msg`${plural(hours, { one: "# hour", other: "# hours" })} ${plural(minutesOver, { one: "# minute", other: "# minutes" })}`,
        );
  }
  const days = Math.floor(hours / 24);
  const hoursOver = hours % 24;
  return hoursOver === 0
    ? i18n._(msg`${plural(days, { one: "# day", other: "# days" })}`)
    : i18n._(
        msg`${plural(days, { one: "# day", other: "# days" })} ${plural(hoursOver, { one: "# hour", other: "# hours" })}`,
      );
}

export interface FigureRow {
  label: string;
  /** null: nothing to measure yet (shown as "—", with the note saying why). */
  value: string | null;
  note: string | null;
}

/** The five figures of a period, as the page words them in its language. */
export function figureRows(figures: PeriodFigures, i18n: I18n): FigureRow[] {
  const { received, acceptedPercent, answered, medianResponseSeconds } = figures;
  const locale = localeOf(i18n);
  const accepted = formatCount(figures.accepted, locale);
  const total = formatCount(received, locale);
  return [
    {
      label: i18n._(msg`Requests received`),
      value: formatCount(received, locale),
      note: null,
    },
    {
      label: i18n._(msg({ message: "Accepted", context: "figures" })),
      value: acceptedPercent === null ? null : percents(locale).format(acceptedPercent / 100),
      note: received === 0 ? i18n._(msg`No requests yet`) : i18n._(msg`${accepted} of ${total}`),
    },
    {
      label: i18n._(msg`Median time to respond`),
      value: medianResponseSeconds === null ? null : responseTime(medianResponseSeconds, i18n),
      note:
        answered === 0
          ? i18n._(msg`No answers yet`)
          : i18n._(msg`Over ${plural(answered, { one: "# answer", other: "# answers" })}`),
    },
    {
      label: i18n._(msg`Quotes sent`),
      value: formatCount(figures.quotes, locale),
      note: null,
    },
    {
      label: i18n._(msg`Hires won`),
      value: formatCount(figures.hires, locale),
      note: null,
    },
  ];
}

export type ChartUnit = "day" | "week";

/** The chart's bars for a period: a bar a day over 30 days, a bar a week over 90. */
export function chartOf(stats: ProStats, period: StatsPeriod) {
  return period === 30
    ? { unit: "day" as ChartUnit, buckets: stats.days.slice(-30) }
    : { unit: "week" as ChartUnit, buckets: stats.weeks };
}

/**
 * The day the figures were counted (their newest bucket ends on it): the
 * dates' year is said when it is not that day's (app/lib/dates.ts).
 */
export function countedOn(buckets: readonly Bucket[]): Date {
  const last = buckets.at(-1)?.to;
  return last ? new Date(`${last}T12:00:00Z`) : new Date(0);
}

/** A bar's days: "Nov 23", or "Nov 20 – Nov 26" for a week; "Dec 29, 2026" read in 2027. */
export function bucketLabel(bucket: Bucket, i18n: I18n, now: Date): string {
  const locale = localeOf(i18n);
  const from = shortDay(bucket.from, locale, now);
  if (bucket.from === bucket.to) return from;
  const to = shortDay(bucket.to, locale, now);
  return i18n._(msg`${from} – ${to}`);
}

/** What the chart shows, in a sentence (the image's accessible name). */
export function chartSummary(
  buckets: Bucket[],
  unit: ChartUnit,
  period: StatsPeriod,
  i18n: I18n,
): string {
  const days = period;
  const received = buckets.reduce((sum, bucket) => sum + bucket.received, 0);
  if (received === 0) {
    return unit === "day"
      ? i18n._(msg`Requests received day by day, last ${days} days: none yet.`)
      : i18n._(msg`Requests received week by week, last ${days} days: none yet.`);
  }
  const hires = buckets.reduce((sum, bucket) => sum + bucket.hires, 0);
  const busiest = buckets.reduce((most, bucket) =>
    bucket.received > most.received ? bucket : most,
  );
  const busiestWhen = bucketLabel(busiest, i18n, countedOn(buckets));
  const busiestCount = busiest.received;
  return unit === "day"
    ? i18n._(
        msg`Requests received day by day, last ${days} days: ${plural(received, { one: "# request", other: "# requests" })}, ${plural(hires, { other: "# of them hired" })}. The busiest day was ${busiestWhen}, with ${plural(busiestCount, { one: "# request", other: "# requests" })}.`,
      )
    : i18n._(
        msg`Requests received week by week, last ${days} days: ${plural(received, { one: "# request", other: "# requests" })}, ${plural(hires, { other: "# of them hired" })}. The busiest week was ${busiestWhen}, with ${plural(busiestCount, { one: "# request", other: "# requests" })}.`,
      );
}
