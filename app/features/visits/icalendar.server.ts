/**
 * A visit as iCalendar (issue 34, RFC 5545 and RFC 5546): the invite that an
 * email carries (METHOD REQUEST, or CANCEL), the file of "Add to calendar"
 * and a person's subscription feed (METHOD PUBLISH). Built with
 * ical-generator: lines folded at 75 octets, CRLF, text escaped.
 *
 * Times are the job's wall clock with its zone, `DTSTART;TZID=America/Denver:
 * 20260310T090000`, and the calendar carries that zone's VTIMEZONE, which is
 * what Outlook, Google and Apple read best. ical-generator has no zone data
 * of its own: `vtimezone` below derives the zone's offsets and transitions
 * from temporal-polyfill (Intl's zone data, as zoned-time.ts), for the years
 * the events span, as one STANDARD and one DAYLIGHT with a yearly RRULE when
 * the years follow one rule, else one observance per transition.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
} from "ical-generator";
import { Temporal } from "temporal-polyfill";

export interface CalendarVisit {
  /** The visit's uuid: the UID is `${id}@${host}`, the same across changes. */
  id: string;
  /** SEQUENCE: rises with each change of time or state. */
  sequence: number;
  start: Date;
  end: Date;
  /** The job's IANA zone: DTSTART/DTEND carry its TZID, with a VTIMEZONE. */
  timeZone: string;
  /** Already in the recipient's language. */
  summary: string;
  /** Plain text, already in the recipient's language. */
  description: string;
  /** The address when the homeowner shared it, else null (no LOCATION). */
  location: string | null;
  /** The visit page's absolute URL. */
  url: string;
  /** The business. */
  organizer: { name: string; email: string };
  /** The homeowner. */
  attendee: { name: string; email: string };
  /** STATUS:CANCELLED (and METHOD:CANCEL in an invite). */
  cancelled: boolean;
  /** DTSTAMP and LAST-MODIFIED. */
  updatedAt: Date;
}

const PRODID = { company: "TradeMatch", product: "Visits", language: "EN" };
const FEED_TTL_SECONDS = 3600;

/** One visit as an email invite: METHOD:REQUEST, or METHOD:CANCEL when cancelled. */
export function visitInvite(visit: CalendarVisit, prodHost: string): string {
  const method = visit.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  return build(method, [visit], prodHost, { attendees: true }).toString();
}

/** One visit as a download ("Add to calendar"): METHOD:PUBLISH. */
export function visitDownload(visit: CalendarVisit, prodHost: string): string {
  return build(ICalCalendarMethod.PUBLISH, [visit], prodHost, { attendees: false }).toString();
}

/**
 * A subscription feed: METHOD:PUBLISH, X-WR-CALNAME name, REFRESH-INTERVAL /
 * X-PUBLISHED-TTL PT1H, every visit (cancelled ones with STATUS:CANCELLED).
 */
export function calendarFeed(
  name: string,
  visits: readonly CalendarVisit[],
  prodHost: string,
): string {
  const calendar = build(ICalCalendarMethod.PUBLISH, visits, prodHost, { attendees: false });
  // ical-generator writes NAME and X-WR-CALNAME as given: escape the text here.
  calendar.name(escapeText(name));
  calendar.ttl(FEED_TTL_SECONDS);
  return calendar.toString();
}

/** TEXT escaping (RFC 5545 3.3.11), for the values ical-generator writes raw. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * The calendar. ATTENDEE only in invites: RFC 5546 (3.2.1) has none in a
 * PUBLISH, and calendar apps would otherwise treat a download as a meeting.
 */
function build(
  method: ICalCalendarMethod,
  visits: readonly CalendarVisit[],
  host: string,
  options: { attendees: boolean },
): ICalCalendar {
  const years = yearsByZone(visits);
  const calendar = ical({
    prodId: PRODID,
    method,
    // No name: the calendar's own zone would turn DTSTAMP into local time. The
    // generator writes a VTIMEZONE for each event's zone.
    timezone: {
      name: null,
      generator: (zone) => {
        const span = years.get(zone);
        return span ? vtimezone(zone, span) : null;
      },
    },
  });
  for (const visit of visits) {
    const event = calendar.createEvent({
      id: `${visit.id}@${host}`,
      sequence: visit.sequence,
      start: Temporal.Instant.fromEpochMilliseconds(visit.start.getTime()),
      end: Temporal.Instant.fromEpochMilliseconds(visit.end.getTime()),
      timezone: visit.timeZone,
      stamp: visit.updatedAt,
      lastModified: visit.updatedAt,
      summary: visit.summary,
      description: visit.description,
      url: visit.url,
      organizer: { name: visit.organizer.name, email: visit.organizer.email },
      status: visit.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
    if (visit.location !== null) event.location(visit.location);
    if (options.attendees) {
      event.createAttendee({
        name: visit.attendee.name,
        email: visit.attendee.email,
        role: ICalAttendeeRole.REQ,
        rsvp: false,
        ...(visit.cancelled ? {} : { status: ICalAttendeeStatus.ACCEPTED }),
      });
    }
  }
  return calendar;
}

/** The first and last year each zone's events touch (in the zone). */
function yearsByZone(visits: readonly CalendarVisit[]): Map<string, YearSpan> {
  const spans = new Map<string, YearSpan>();
  for (const visit of visits) {
    for (const instant of [visit.start, visit.end]) {
      const { year } = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(
        visit.timeZone,
      );
      const span = spans.get(visit.timeZone);
      spans.set(
        visit.timeZone,
        span
          ? { from: Math.min(span.from, year), to: Math.max(span.to, year) }
          : { from: year, to: year },
      );
    }
  }
  return spans;
}

export interface YearSpan {
  from: number;
  to: number;
}

interface Transition {
  instant: Temporal.Instant;
  /** The wall clock at the change, in the offset before it (RFC 5545 DTSTART of an observance). */
  local: Temporal.PlainDateTime;
  fromMs: number;
  toMs: number;
  daylight: boolean;
}

/**
 * The VTIMEZONE of an IANA zone for the events of the years `years`, from
 * its offsets and transitions as Intl knows them (temporal-polyfill finds
 * each transition to the second). The transitions of the year before are
 * included, so that an event in January is inside an observance. A zone
 * without changes (America/Phoenix, America/Regina) is one STANDARD.
 */
export function vtimezone(zone: string, years: YearSpan): string {
  const first = Temporal.PlainDate.from({ year: years.from - 1, month: 1, day: 1 })
    .toZonedDateTime(zone)
    .toInstant();
  const last = Temporal.PlainDate.from({ year: years.to + 1, month: 1, day: 1 })
    .toZonedDateTime(zone)
    .toInstant();
  const transitions: Transition[] = [];
  let at = first.toZonedDateTimeISO(zone);
  for (;;) {
    const next = at.getTimeZoneTransition("next");
    if (!next || Temporal.Instant.compare(next.toInstant(), last) >= 0) break;
    const fromMs = offsetMs(next.subtract({ nanoseconds: 1 }));
    const toMs = offsetMs(next);
    if (fromMs !== toMs) {
      transitions.push({
        instant: next.toInstant(),
        local: next
          .toInstant()
          .add({ milliseconds: fromMs })
          .toZonedDateTimeISO("UTC")
          .toPlainDateTime(),
        fromMs,
        toMs,
        daylight: toMs > fromMs,
      });
    }
    at = next;
  }

  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`, `X-LIC-LOCATION:${zone}`];
  if (transitions.length === 0) {
    const offset = offsetMs(first.toZonedDateTimeISO(zone));
    lines.push(
      ...observance("STANDARD", {
        dtstart: "19700101T000000",
        fromMs: offset,
        toMs: offset,
        name: abbreviation(zone, first),
      }),
    );
  } else {
    for (const daylight of [true, false]) {
      const kind = transitions.filter((transition) => transition.daylight === daylight);
      lines.push(...observances(daylight ? "DAYLIGHT" : "STANDARD", kind, zone));
    }
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}

/** One observance with a yearly RRULE when every year follows the same rule, else one each. */
function observances(
  kind: "STANDARD" | "DAYLIGHT",
  transitions: readonly Transition[],
  zone: string,
): string[] {
  const [head] = transitions;
  if (!head) return [];
  const rules = transitions.map(yearlyRule);
  const clocks = transitions.map(({ local }) => local.toPlainTime().toString());
  const yearly =
    rules.every((rule) => rule === rules[0]) &&
    clocks.every((clock) => clock === clocks[0]) &&
    transitions.every(
      (transition, index) =>
        transition.fromMs === head.fromMs &&
        transition.toMs === head.toMs &&
        transition.local.year === head.local.year + index,
    );
  const nameOf = (transition: Transition) => abbreviation(zone, transition.instant);
  if (yearly) {
    return observance(kind, {
      dtstart: wallClock(head.local),
      fromMs: head.fromMs,
      toMs: head.toMs,
      name: nameOf(head),
      rrule: rules[0],
    });
  }
  return transitions.flatMap((transition) =>
    observance(kind, {
      dtstart: wallClock(transition.local),
      fromMs: transition.fromMs,
      toMs: transition.toMs,
      name: nameOf(transition),
    }),
  );
}

function observance(
  kind: "STANDARD" | "DAYLIGHT",
  part: { dtstart: string; fromMs: number; toMs: number; name: string | null; rrule?: string },
): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${part.dtstart}`,
    ...(part.rrule ? [`RRULE:${part.rrule}`] : []),
    `TZOFFSETFROM:${utcOffset(part.fromMs)}`,
    `TZOFFSETTO:${utcOffset(part.toMs)}`,
    ...(part.name ? [`TZNAME:${part.name}`] : []),
    `END:${kind}`,
  ];
}

const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

/** "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU" for the second Sunday of March; -1 for the month's last. */
function yearlyRule({ local }: Transition): string {
  const week = local.day + 7 > local.daysInMonth ? -1 : Math.ceil(local.day / 7);
  const weekday = WEEKDAY_CODES[local.dayOfWeek - 1] ?? "SU";
  return `FREQ=YEARLY;BYMONTH=${local.month};BYDAY=${week}${weekday}`;
}

/** A zone's abbreviation at an instant ("MST", "NDT"), when Intl has one rather than "GMT-7". */
function abbreviation(zone: string, instant: Temporal.Instant): string | null {
  for (const locale of ["en-US", "en-CA"]) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(new Date(instant.epochMilliseconds))
      .find((part) => part.type === "timeZoneName")?.value;
    if (name && /^[A-Z]{2,6}$/.test(name)) return name;
  }
  return null;
}

function offsetMs(zoned: Temporal.ZonedDateTime): number {
  return zoned.offsetNanoseconds / 1_000_000;
}

/** "-0700", "-0230" (RFC 5545 UTC-OFFSET; seconds when there are any). */
function utcOffset(ms: number): string {
  const sign = ms < 0 ? "-" : "+";
  const seconds = Math.round(Math.abs(ms) / 1000);
  const rest = seconds % 60;
  return `${sign}${pad(Math.floor(seconds / 3600))}${pad(Math.floor(seconds / 60) % 60)}${rest ? pad(rest) : ""}`;
}

function wallClock(local: Temporal.PlainDateTime): string {
  return `${local.year}${pad(local.month)}${pad(local.day)}T${pad(local.hour)}${pad(local.minute)}${pad(local.second)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
