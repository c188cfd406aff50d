/**
 * Dates as pages show them, in the reader's language (app/lib/locales.ts;
 * US English unless said). The formatters are made once per locale: making
 * an Intl.DateTimeFormat costs far more than using one (a list of 20 dates
 * made one each, which showed in the inbox's profile). In UTC, so that the
 * server's render and the browser's hydration agree wherever the reader is.
 */
import { DEFAULT_LOCALE, formatterCache, type Locale } from "./locales";

const medium = formatterCache(
  (tag) => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }),
);
const monthYear = formatterCache(
  (tag) => new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }),
);
const short = formatterCache(
  (tag) => new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", timeZone: "UTC" }),
);

/** "Nov 25, 2026" for an instant (ISO string or Date); "25 nov 2026" in Spanish. */
export function mediumDate(when: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  return medium(locale).format(typeof when === "string" ? new Date(when) : when);
}

/** "Dec 7" for a calendar day ("2026-12-07"); "7 déc." in French. */
export function shortDay(isoDay: string, locale: Locale = DEFAULT_LOCALE): string {
  return short(locale).format(new Date(`${isoDay}T12:00:00Z`));
}

/** "November 2026" for a day in that month ("2026-11-01"); "novembre 2026" in French. */
export function monthOfYear(isoDay: string, locale: Locale = DEFAULT_LOCALE): string {
  return monthYear(locale).format(new Date(`${isoDay.slice(0, 10)}T12:00:00Z`));
}
