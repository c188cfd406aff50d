/**
 * A visit's time as people read it (issue 34): in the job's zone, with the
 * zone's short name, in the reader's language. Intl only, free of server code
 * and of temporal-polyfill: islands and emails format with it.
 *
 * The date and clock are in the language's own Intl locale (INTL_TAGS: en-US,
 * es-US, fr-CA), so a visit reads "9:00 AM" as the slot lists do. The zone's
 * name is chosen apart, because Intl's short names depend on the country
 * (checked on Node 24, ICU 78):
 * - English: en-CA's names for a Canadian zone, en-US's otherwise. They differ
 *   only where en-US has no name: St. John's is "GMT-2:30" in en-US, "NDT" in
 *   en-CA ("NST" in winter). Halifax is "ADT"/"AST", Toronto "EDT"/"EST",
 *   Regina "CST" in both.
 * - French: fr-CA's always ("HAR"/"HNR" for Mountain, "HAT"/"HNT" for
 *   Newfoundland); an Alaskan or Hawaiian zone reads "UTC−8", fr-CA's own form.
 * - Spanish: es-US's, which are the English abbreviations ("MDT"); where es-US
 *   has only an offset (St. John's: "GMT-2:30") the English name takes its place
 *   ("NDT"), so no one reads a raw offset where a name exists.
 * Where no locale has a name (Yukon's year-round UTC−7, "GMT-7"), the offset stays.
 *
 * Formats: en "Tue, Mar 10, 9:00 AM MDT"; es "mar, 10 de mar, 9:00 a.m. MDT";
 * fr "mar. 10 mars, 9 h 00 HAR". Formatters are made once per locale and zone.
 */
import { needsYear } from "~/lib/dates";
import { INTL_TAGS, type Locale } from "~/lib/locales";

/** Canadian zones (current and linked names), whose English names are en-CA's. */
const CANADIAN_ZONES = new Set(
  [
    "America/St_Johns",
    "America/Halifax",
    "America/Glace_Bay",
    "America/Moncton",
    "America/Goose_Bay",
    "America/Blanc-Sablon",
    "America/Toronto",
    "America/Montreal",
    "America/Nipigon",
    "America/Thunder_Bay",
    "America/Iqaluit",
    "America/Pangnirtung",
    "America/Atikokan",
    "America/Coral_Harbour",
    "America/Winnipeg",
    "America/Rainy_River",
    "America/Rankin_Inlet",
    "America/Resolute",
    "America/Regina",
    "America/Swift_Current",
    "America/Edmonton",
    "America/Cambridge_Bay",
    "America/Yellowknife",
    "America/Inuvik",
    "America/Creston",
    "America/Dawson_Creek",
    "America/Fort_Nelson",
    "America/Vancouver",
    "America/Whitehorse",
    "America/Dawson",
    "Canada/Newfoundland",
    "Canada/Atlantic",
    "Canada/Eastern",
    "Canada/Central",
    "Canada/Saskatchewan",
    "Canada/East-Saskatchewan",
    "Canada/Mountain",
    "Canada/Pacific",
    "Canada/Yukon",
  ].map((zone) => zone.toLowerCase()),
);

/** Whether a zone is one of Canada's. */
export function isCanadianZone(timeZone: string): boolean {
  return CANADIAN_ZONES.has(timeZone.toLowerCase());
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind, Intl tag and zone, made on first use. */
function formatter(
  kind: string,
  tag: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const id = `${kind}|${tag}|${timeZone}`;
  let made = formatters.get(id);
  if (!made) {
    made = new Intl.DateTimeFormat(tag, { ...options, timeZone });
    formatters.set(id, made);
  }
  return made;
}

const DATE_AND_CLOCK: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
const CLOCK: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
const DAY: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric" };
/** The same, for a date in another year than the reader's (app/lib/dates.ts: one rule). */
const DATE_AND_CLOCK_YEAR: Intl.DateTimeFormatOptions = { ...DATE_AND_CLOCK, year: "numeric" };
const DAY_YEAR: Intl.DateTimeFormatOptions = { ...DAY, year: "numeric" };
const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: "short" };

/** An offset rather than a name: "GMT-2:30", "UTC−8". */
const OFFSET = /^(GMT|UTC)([+\-\u2212]|$)/;

function nameIn(tag: string, instant: Date, timeZone: string): string {
  return (
    formatter("zone", tag, timeZone, ZONE_NAME)
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? ""
  );
}

/** The zone's short name at that instant for a reader of that language (see the header). */
export function zoneNameOf(instant: Date, timeZone: string, locale: Locale): string {
  const english = isCanadianZone(timeZone) ? "en-CA" : "en-US";
  if (locale === "en") return nameIn(english, instant, timeZone);
  const own = nameIn(INTL_TAGS[locale], instant, timeZone);
  if (locale === "es" && OFFSET.test(own)) {
    const name = nameIn(english, instant, timeZone);
    if (!OFFSET.test(name)) return name;
  }
  return own;
}

/**
 * "Tue, Mar 10, 9:00 AM MDT": weekday, month, day, time and the zone's short
 * name, in the job's zone; "Tue, Mar 16, 2027, 9:00 AM MDT" when it is in
 * another year than `now` there (the wall clock unless a caller passes its own).
 */
export function formatVisitTime(
  instant: Date,
  timeZone: string,
  locale: Locale,
  now: Date = new Date(),
): string {
  const year = needsYear(instant, now, timeZone);
  const when = formatter(
    year ? "when-year" : "when",
    INTL_TAGS[locale],
    timeZone,
    year ? DATE_AND_CLOCK_YEAR : DATE_AND_CLOCK,
  ).format(instant);
  return `${when} ${zoneNameOf(instant, timeZone, locale)}`;
}

/** "9:00 AM" / "9 h 00" in the zone (for slot lists). */
export function formatClock(instant: Date, timeZone: string, locale: Locale): string {
  return formatter("clock", INTL_TAGS[locale], timeZone, CLOCK).format(instant);
}

/** "Tuesday, March 10" for a local date (day headings); with its year when not `now`'s. */
export function formatDay(date: string, locale: Locale, now: Date = new Date()): string {
  const year = needsYear(date, now);
  // Noon UTC on that date, formatted in UTC: the same calendar day wherever the reader is.
  return formatter(
    year ? "day-year" : "day",
    INTL_TAGS[locale],
    "UTC",
    year ? DAY_YEAR : DAY,
  ).format(new Date(`${date}T12:00:00Z`));
}

function localDate(instant: Date, timeZone: string): string {
  return formatter("date", "en-CA", timeZone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

function isKnownZone(timeZone: string): boolean {
  try {
    formatter("clock", "en-US", timeZone, CLOCK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The time in the job's zone, and in the viewer's zone when it reads otherwise:
 * { job: "Tue, Mar 10, 9:00 AM MDT", viewer: "11:00 AM EDT" } (the page adds
 * "your time"). The viewer's has its date too when it is another day there
 * ("Wed, Mar 11, 1:00 AM EDT"). `viewer` is null without a known viewer zone, or
 * when both zones show the same wall clock and zone name at that instant.
 */
export function visitTimeFor(
  instant: Date,
  jobZone: string,
  viewerZone: string | null,
  locale: Locale,
  now: Date = new Date(),
): { job: string; viewer: string | null } {
  const job = formatVisitTime(instant, jobZone, locale, now);
  if (!viewerZone || viewerZone === jobZone || !isKnownZone(viewerZone)) {
    return { job, viewer: null };
  }
  const theirs = formatVisitTime(instant, viewerZone, locale, now);
  if (theirs === job) return { job, viewer: null };
  const viewer =
    localDate(instant, viewerZone) === localDate(instant, jobZone)
      ? `${formatClock(instant, viewerZone, locale)} ${zoneNameOf(instant, viewerZone, locale)}`
      : theirs;
  return { job, viewer };
}
