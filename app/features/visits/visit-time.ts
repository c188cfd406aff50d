/**
 * A visit's time as people read it (issue 34): in the job's zone, with the
 * zone's short name, in the reader's language; the weekday with it, since a
 * visit is ahead. The formatting is the site's one (app/lib/zone-time.ts,
 * which says how each language names a zone), shared with conversations and
 * the lists. Intl only, safe in islands and emails.
 *
 * Formats: en "Tue, Mar 10, 9:00 AM MDT"; es "mar, 10 de mar, 9:00 a.m. MDT";
 * fr "mar. 10 mars, 9 h 00 HAR". A time in another year than the reader's
 * `now` carries its year (app/lib/dates.ts, issue 43): "Tue, Mar 16, 2027,
 * 9:00 AM MDT" read in 2026. `now` is the wall clock unless a caller (a
 * loader, an email task) passes its own.
 */
import { longDay, needsYear } from "~/lib/dates";
import { formatterCache, type Locale } from "~/lib/locales";
import { timeForViewer, timeInZone, zoneNameOf, type ZonedTime } from "~/lib/zone-time";

export { formatClock, isCanadianZone, zoneNameOf } from "~/lib/zone-time";

/** The weekday style with the year, made once per language and zone. */
const WITH_YEAR = formatterCache(
  (tag, timeZone) =>
    new Intl.DateTimeFormat(tag, {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    }),
);

/** "Tue, Mar 10, 9:00 AM MDT": weekday, month, day, time and the zone's short name, in the job's zone. */
export function formatVisitTime(
  instant: Date,
  timeZone: string,
  locale: Locale,
  now: Date = new Date(),
): string {
  if (!needsYear(instant, now, timeZone)) return timeInZone(instant, timeZone, locale, "weekday");
  return `${WITH_YEAR(locale, timeZone).format(instant)} ${zoneNameOf(instant, timeZone, locale)}`;
}

/** "Tuesday, March 10" for a local date (day headings); with its year when not `now`'s. */
export function formatDay(date: string, locale: Locale, now: Date = new Date()): string {
  return longDay(date, locale, now);
}

/**
 * The visit's time in the job's zone, and in the viewer's zone when it reads
 * otherwise: { job: "Tue, Mar 10, 9:00 AM MDT", viewer: "11:00 AM EDT" }
 * (timeForViewer in app/lib/zone-time.ts).
 */
export function visitTimeFor(
  instant: Date,
  jobZone: string,
  viewerZone: string | null,
  locale: Locale,
  now: Date = new Date(),
): ZonedTime {
  const zoned = timeForViewer(instant, jobZone, viewerZone, locale, "weekday");
  if (!needsYear(instant, now, jobZone)) return zoned;
  // In another year: the job's time says it, and so does the viewer's when it has its date.
  const dated =
    viewerZone !== null && zoned.viewer === timeInZone(instant, viewerZone, locale, "weekday");
  return {
    job: formatVisitTime(instant, jobZone, locale, now),
    viewer: dated && viewerZone ? formatVisitTime(instant, viewerZone, locale, now) : zoned.viewer,
  };
}
