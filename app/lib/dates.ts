/**
 * Dates as pages and emails show them, in the reader's language
 * (app/lib/locales.ts; US English unless said). The formatters are made once
 * per locale: making an Intl.DateTimeFormat costs far more than using one (a
 * list of 20 dates made one each, which showed in the inbox's profile). In
 * UTC, so that the server's render and the browser's hydration agree wherever
 * the reader is.
 *
 * One rule for the year (issue 43): a date in another year than the reader's
 * current one carries its year ("Jan 30, 2027" read in 2026), one in this
 * year need not ("Dec 31"). The reader's year is `now`'s, which every caller
 * passes (a loader's, an email task's clock), so that tests move the clock
 * rather than depend on the day they run. No date a person reads is ISO.
 */
import { DEFAULT_LOCALE, formatterCache, type Locale } from "./locales";

const medium = formatterCache(
  (tag) => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }),
);
const monthYear = formatterCache(
  (tag) => new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }),
);
const short = formatterCache(
  (tag, withYear) =>
    new Intl.DateTimeFormat(tag, {
      month: "short",
      day: "numeric",
      ...(withYear ? { year: "numeric" } : {}),
      timeZone: "UTC",
    }),
);
const long = formatterCache(
  (tag, withYear) =>
    new Intl.DateTimeFormat(tag, {
      weekday: "long",
      month: "long",
      day: "numeric",
      ...(withYear ? { year: "numeric" } : {}),
      timeZone: "UTC",
    }),
);
const years = new Map<string, Intl.DateTimeFormat>();

/** The year of an instant on the calendar of `timeZone` (UTC unless said). */
export function yearIn(instant: Date, timeZone = "UTC"): number {
  let format = years.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone });
    years.set(timeZone, format);
  }
  return Number(format.format(instant));
}

/**
 * Whether a date must carry its year: it is in another year than `now` on the
 * calendar it is read in (`timeZone`: a visit's job zone; UTC for a calendar
 * day such as "2027-03-15").
 */
export function needsYear(when: Date | string, now: Date, timeZone = "UTC"): boolean {
  const instant = typeof when === "string" ? dayInstant(when) : when;
  return yearIn(instant, timeZone) !== yearIn(now, timeZone);
}

/** Noon UTC of a calendar day ("2026-12-07"): that day wherever it is formatted in UTC. */
const dayInstant = (isoDay: string) => new Date(`${isoDay.slice(0, 10)}T12:00:00Z`);

/** "Nov 25, 2026" for an instant (ISO string or Date); "25 nov 2026" in Spanish. Always its year. */
export function mediumDate(when: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  return medium(locale).format(typeof when === "string" ? new Date(when) : when);
}

/**
 * "Dec 7" for a calendar day ("2026-12-07") in `now`'s year, "Jan 30, 2027"
 * in another; "7 déc." and "30 janv. 2027" in French.
 */
export function shortDay(isoDay: string, locale: Locale, now: Date): string {
  const withYear = needsYear(isoDay, now) ? "year" : "";
  return short(locale, withYear).format(dayInstant(isoDay));
}

/**
 * "Tuesday, March 10" for a calendar day ("2026-03-10") in `now`'s year,
 * "Monday, March 15, 2027" in another; always with its year when no `now` is given.
 */
export function longDay(isoDay: string, locale: Locale, now?: Date): string {
  const withYear = !now || needsYear(isoDay, now) ? "year" : "";
  return long(locale, withYear).format(dayInstant(isoDay));
}

/** "November 2026" for a day in that month ("2026-11-01"); "novembre 2026" in French. */
export function monthOfYear(isoDay: string, locale: Locale = DEFAULT_LOCALE): string {
  return monthYear(locale).format(dayInstant(isoDay));
}
