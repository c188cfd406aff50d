/**
 * A visit's time as people read it (issue 34): in the job's zone, with the
 * zone's short name, in the reader's language; the weekday with it, since a
 * visit is ahead. The formatting is the site's one (app/lib/zone-time.ts,
 * which says how each language names a zone), shared with conversations and
 * the lists. Intl only, safe in islands and emails.
 *
 * Formats: en "Tue, Mar 10, 9:00 AM MDT"; es "mar, 10 de mar, 9:00 a.m. MDT";
 * fr "mar. 10 mars, 9 h 00 HAR".
 */
import { formatterCache, type Locale } from "~/lib/locales";
import { timeForViewer, timeInZone, type ZonedTime } from "~/lib/zone-time";

export { formatClock, isCanadianZone, zoneNameOf } from "~/lib/zone-time";

/** "Tue, Mar 10, 9:00 AM MDT": weekday, month, day, time and the zone's short name, in the job's zone. */
export function formatVisitTime(instant: Date, timeZone: string, locale: Locale): string {
  return timeInZone(instant, timeZone, locale, "weekday");
}

const DAY = formatterCache(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      weekday: "long",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    }),
);

/** "Tuesday, March 10" for a local date (day headings). */
export function formatDay(date: string, locale: Locale): string {
  // Noon UTC on that date, formatted in UTC: the same calendar day wherever the reader is.
  return DAY(locale).format(new Date(`${date}T12:00:00Z`));
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
): ZonedTime {
  return timeForViewer(instant, jobZone, viewerZone, locale, "weekday");
}
