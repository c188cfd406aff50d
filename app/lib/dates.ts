/**
 * Dates as pages show them. The formatters are made once: making an
 * Intl.DateTimeFormat costs far more than using one (a list of 20 dates made
 * one each, which showed in the inbox's profile). In UTC, so that the server's
 * render and the browser's hydration agree wherever the reader is.
 */
const MEDIUM = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 25, 2026" for an instant (ISO string or Date). */
export function mediumDate(when: string | Date): string {
  return MEDIUM.format(typeof when === "string" ? new Date(when) : when);
}

/** "Dec 7" for a calendar day ("2026-12-07"). */
export function shortDay(isoDay: string): string {
  return SHORT.format(new Date(`${isoDay}T12:00:00Z`));
}
