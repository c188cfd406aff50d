/**
 * Instants as people read them (issues 34, 42): in the job's zone, with the
 * zone's short name, in the reader's language; the viewer's own zone beside
 * it when it reads otherwise. Visits, conversations and the lists format with
 * this, so a time reads the same on every page. Intl only, free of server
 * code and of temporal-polyfill: pages, islands and emails format with it.
 *
 * The date and clock are in the language's own Intl locale (INTL_TAGS: en-US,
 * es-US, fr-CA), so a time reads "9:00 AM" as the slot lists do. The zone's
 * name is chosen apart, because Intl's short names depend on the country
 * (checked on Node 24, ICU 78, tz 2026c):
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
 * Intl takes the name from the same rules as the clock, so the name always
 * agrees with the offset: Alberta and British Columbia stopped changing clocks
 * in 2026 (tz 2026b/c), so from November 2026 Edmonton stays at UTC−6 and reads
 * "MDT", Vancouver at UTC−7 and reads "PDT", also in December; their winters
 * before that read "MST" and "PST".
 *
 * Formatters are made once per style, locale and zone: making one costs far
 * more than using one.
 */
import { INTL_TAGS, type Locale } from "./locales";

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

/**
 * How much of the date a time carries: `weekday` for what is coming (a
 * visit: "Tue, Mar 10, 9:00 AM MDT"), `day` within a conversation ("Mar 10,
 * 9:00 AM MDT"), `year` in lists that reach back ("Mar 10, 2026, 9:00 AM MDT").
 */
export type TimeStyle = "weekday" | "day" | "year";

const CLOCK: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  weekday: { weekday: "short", month: "short", day: "numeric", ...CLOCK },
  day: { month: "short", day: "numeric", ...CLOCK },
  year: { year: "numeric", month: "short", day: "numeric", ...CLOCK },
};
const DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };
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

/** "Tue, Mar 10, 9:00 AM MDT" (by `style`): the date and clock in the zone, and the zone's name. */
export function timeInZone(
  instant: Date,
  timeZone: string,
  locale: Locale,
  style: TimeStyle = "weekday",
): string {
  const when = formatter(style, INTL_TAGS[locale], timeZone, STYLES[style]).format(instant);
  return `${when} ${zoneNameOf(instant, timeZone, locale)}`;
}

/** "9:00 AM" / "9 h 00" in the zone, without its name (slot lists, "until"). */
export function formatClock(instant: Date, timeZone: string, locale: Locale): string {
  return formatter("clock", INTL_TAGS[locale], timeZone, CLOCK).format(instant);
}

/** "Dec 1, 2026" ("1 déc. 2026"): the day an instant falls on in the zone. */
export function dateInZone(instant: Date, timeZone: string, locale: Locale): string {
  return formatter("date", INTL_TAGS[locale], timeZone, DATE).format(instant);
}

function localDate(instant: Date, timeZone: string): string {
  return formatter("iso-date", "en-CA", timeZone, {
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

/** A time as one person reads it: the job's, and their own when it reads otherwise. */
export interface ZonedTime {
  job: string;
  viewer: string | null;
}

/**
 * The time in the job's zone, and in the viewer's zone when it reads otherwise:
 * { job: "Tue, Mar 10, 9:00 AM MDT", viewer: "11:00 AM EDT" } (the page adds
 * "your time"). The viewer's has its date too when it is another day there
 * ("Wed, Mar 11, 1:00 AM EDT"). `viewer` is null without a known viewer zone, or
 * when both zones show the same wall clock and zone name at that instant.
 */
export function timeForViewer(
  instant: Date,
  jobZone: string,
  viewerZone: string | null,
  locale: Locale,
  style: TimeStyle = "weekday",
): ZonedTime {
  const job = timeInZone(instant, jobZone, locale, style);
  if (!viewerZone || viewerZone === jobZone || !isKnownZone(viewerZone)) {
    return { job, viewer: null };
  }
  const theirs = timeInZone(instant, viewerZone, locale, style);
  if (theirs === job) return { job, viewer: null };
  const viewer =
    localDate(instant, viewerZone) === localDate(instant, jobZone)
      ? `${formatClock(instant, viewerZone, locale)} ${zoneNameOf(instant, viewerZone, locale)}`
      : theirs;
  return { job, viewer };
}
