/**
 * A visit as iCalendar (issue 34), each output parsed back with ical.js: the
 * invite's METHOD (REQUEST, CANCEL), its UID across changes and SEQUENCE,
 * ORGANIZER and ATTENDEE; the download and the feed (PUBLISH); the address
 * only when shared; text escaping; lines of 75 octets at most; and times as
 * the job's wall clock with a VTIMEZONE that gives back exactly the instant,
 * across DST changes, in a half-hour zone and in zones without DST.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  calendarFeed,
  visitDownload,
  visitInvite,
  vtimezone,
  type CalendarVisit,
} from "~/features/visits/icalendar.server";

const HOST = "trade-match.example";
const ID = "0b6c2f9e-1d2a-4c3b-9e8f-123456789abc";
const HOUR = 3_600_000;

function visitAt(start: string, timeZone = "America/Denver", changes: Partial<CalendarVisit> = {}) {
  const begins = new Date(start);
  const visit: CalendarVisit = {
    id: ID,
    sequence: 0,
    start: begins,
    end: new Date(begins.getTime() + HOUR),
    timeZone,
    summary: "Site visit: Roof repair with Summit Roofing",
    description: `See or change the visit: https://${HOST}/visits/${ID}`,
    location: "1200 Larimer St",
    url: `https://${HOST}/visits/${ID}`,
    organizer: { name: "Summit Roofing", email: "pro@summit.example" },
    attendee: { name: "Jane Roe", email: "jane@example.com" },
    cancelled: false,
    updatedAt: new Date("2026-03-02T12:00:00Z"),
  };
  return { ...visit, ...changes };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents("vevent");
  const zones = new Map(
    calendar
      .getAllSubcomponents("vtimezone")
      .map((zone) => [String(zone.getFirstPropertyValue("tzid")), new ICAL.Timezone(zone)]),
  );
  return { calendar, events, zones };
}

/** The instant a DTSTART/DTEND is, read with the calendar's own VTIMEZONE of its TZID. */
function instantOf(
  event: ICAL.Component,
  name: "dtstart" | "dtend",
  zones: Map<string, ICAL.Timezone>,
): { tzid: string; wall: string; instant: string } {
  const property = event.getFirstProperty(name);
  const tzid = String(property?.getParameter("tzid"));
  const zone = zones.get(tzid);
  if (!zone) throw new Error(`no VTIMEZONE for ${tzid}`);
  const value = property?.getFirstValue();
  if (!(value instanceof ICAL.Time)) throw new Error(`no ${name}`);
  const time = value.clone();
  time.zone = zone;
  return {
    tzid,
    wall: value.toString(),
    instant: new Date(time.toUnixTime() * 1000).toISOString(),
  };
}

const text = (component: ICAL.Component, name: string) =>
  String(component.getFirstPropertyValue(name));

describe("a visit's invite", () => {
  it("is a REQUEST with the visit's UID and SEQUENCE, the business organizing", () => {
    const invite = visitInvite(visitAt("2026-03-10T15:00:00Z"), HOST);
    const { calendar, events } = parse(invite);
    expect(text(calendar, "method")).toBe("REQUEST");
    expect(text(calendar, "prodid")).toBe("-//TradeMatch//Visits//EN");
    expect(text(calendar, "version")).toBe("2.0");
    expect(events).toHaveLength(1);
    const [event] = events;
    if (!event) throw new Error("no event");
    expect(text(event, "uid")).toBe(`${ID}@${HOST}`);
    expect(event.getFirstPropertyValue("sequence")).toBe(0);
    expect(text(event, "status")).toBe("CONFIRMED");
    expect(text(event, "summary")).toBe("Site visit: Roof repair with Summit Roofing");
    expect(text(event, "url")).toBe(`https://${HOST}/visits/${ID}`);
    expect(text(event, "dtstamp")).toBe("2026-03-02T12:00:00Z");
    expect(text(event, "last-modified")).toBe("2026-03-02T12:00:00Z");

    const organizer = event.getFirstProperty("organizer");
    expect(String(organizer?.getFirstValue()).toLowerCase()).toBe("mailto:pro@summit.example");
    expect(organizer?.getParameter("cn")).toBe("Summit Roofing");
    const attendees = event.getAllProperties("attendee");
    expect(attendees).toHaveLength(1);
    const [attendee] = attendees;
    expect(String(attendee?.getFirstValue()).toLowerCase()).toBe("mailto:jane@example.com");
    expect(attendee?.getParameter("cn")).toBe("Jane Roe");
    expect(attendee?.getParameter("role")).toBe("REQ-PARTICIPANT");
    expect(attendee?.getParameter("partstat")).toBe("ACCEPTED");
    expect(attendee?.getParameter("rsvp")).toBe("FALSE");
  });

  it("keeps its UID across a move and a cancellation; SEQUENCE rises; a cancellation is a CANCEL", () => {
    const booked = parse(visitInvite(visitAt("2026-03-10T15:00:00Z"), HOST)).events[0];
    const moved = parse(
      visitInvite(visitAt("2026-03-11T15:00:00Z", "America/Denver", { sequence: 1 }), HOST),
    ).events[0];
    const cancelledInvite = parse(
      visitInvite(
        visitAt("2026-03-11T15:00:00Z", "America/Denver", { sequence: 2, cancelled: true }),
        HOST,
      ),
    );
    const cancelled = cancelledInvite.events[0];
    if (!booked || !moved || !cancelled) throw new Error("no event");
    expect(new Set([booked, moved, cancelled].map((event) => text(event, "uid")))).toEqual(
      new Set([`${ID}@${HOST}`]),
    );
    expect(
      [booked, moved, cancelled].map((event) => event.getFirstPropertyValue("sequence")),
    ).toEqual([0, 1, 2]);
    expect(text(cancelledInvite.calendar, "method")).toBe("CANCEL");
    expect(text(cancelled, "status")).toBe("CANCELLED");
    expect(cancelled.getFirstProperty("attendee")?.getParameter("cn")).toBe("Jane Roe");
  });

  it("has a LOCATION only when the homeowner shared the address", () => {
    const shared = parse(visitInvite(visitAt("2026-03-10T15:00:00Z"), HOST)).events[0];
    expect(shared && text(shared, "location")).toBe("1200 Larimer St");
    const unshared = visitInvite(
      visitAt("2026-03-10T15:00:00Z", "America/Denver", { location: null }),
      HOST,
    );
    expect(unshared).not.toMatch(/^LOCATION/m);
    expect(parse(unshared).events[0]?.getFirstProperty("location")).toBeNull();
  });

  it("escapes commas, semicolons, backslashes and new lines, and gives them back", () => {
    const summary = "Site visit: Roof, gutters; chimney \\ flashing — Summit Roofing, Inc.";
    const description = "Line one, with a comma; and a semicolon.\nLine two\n\nLine four";
    const location = "Unit 4, 1200 Larimer St; back door";
    const invite = visitInvite(
      visitAt("2026-03-10T15:00:00Z", "America/Denver", { summary, description, location }),
      HOST,
    );
    expect(invite).toContain("SUMMARY:Site visit: Roof\\, gutters\\; chimney \\\\ flashing");
    const [event] = parse(invite).events;
    if (!event) throw new Error("no event");
    expect(text(event, "summary")).toBe(summary);
    expect(text(event, "description")).toBe(description);
    expect(text(event, "location")).toBe(location);
  });

  it("folds lines at 75 octets with CRLF, multi-byte text included", () => {
    const invite = visitInvite(
      visitAt("2026-03-10T15:00:00Z", "America/Denver", {
        summary: `Visite de chantier : réfection de toiture — Toitures Élévation ${"é".repeat(60)}`,
        description: `Voir ou changer la visite : https://${HOST}/fr/visits/${ID}?${"x".repeat(120)}`,
        organizer: {
          name: "Toitures Élévation et Fils, Québec".repeat(3),
          email: "pro@example.com",
        },
      }),
      HOST,
    );
    expect(invite.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = invite.split("\r\n");
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    const [event] = parse(invite).events;
    expect(event && text(event, "summary")).toContain("é".repeat(60));
  });
});

describe("times in the job's zone", () => {
  it.each([
    // Denver in March 2026: MST before the change on Sunday the 8th, MDT after.
    ["2026-03-06T16:00:00Z", "America/Denver", "2026-03-06T09:00:00"],
    ["2026-03-08T08:30:00Z", "America/Denver", "2026-03-08T01:30:00"],
    ["2026-03-08T09:30:00Z", "America/Denver", "2026-03-08T03:30:00"],
    ["2026-03-10T15:00:00Z", "America/Denver", "2026-03-10T09:00:00"],
    // January, before the year's first change.
    ["2026-01-05T16:00:00Z", "America/Denver", "2026-01-05T09:00:00"],
    // St. John's: half-hour offsets, -2:30 in summer and -3:30 in winter.
    ["2026-07-14T11:30:00Z", "America/St_Johns", "2026-07-14T09:00:00"],
    ["2026-12-08T12:30:00Z", "America/St_Johns", "2026-12-08T09:00:00"],
    // No DST: Phoenix -7 and Regina -6 all year.
    ["2026-01-13T16:00:00Z", "America/Phoenix", "2026-01-13T09:00:00"],
    ["2026-07-14T16:00:00Z", "America/Phoenix", "2026-07-14T09:00:00"],
    ["2026-01-13T15:00:00Z", "America/Regina", "2026-01-13T09:00:00"],
    ["2026-07-14T15:00:00Z", "America/Regina", "2026-07-14T09:00:00"],
    // November 2027: MDT until Sunday the 7th, MST after.
    ["2027-11-05T15:00:00Z", "America/Denver", "2027-11-05T09:00:00"],
    ["2027-11-08T16:00:00Z", "America/Denver", "2027-11-08T09:00:00"],
  ])("%s in %s is %s there, with TZID and a VTIMEZONE", (start, zone, wall) => {
    const invite = visitInvite(visitAt(start, zone), HOST);
    const compact = wall.replace(/[-:]/g, "");
    expect(invite).toContain(`\r\nDTSTART;TZID=${zone}:${compact}\r\n`);
    const { events, zones } = parse(invite);
    expect([...zones.keys()]).toEqual([zone]);
    const [event] = events;
    if (!event) throw new Error("no event");
    expect(instantOf(event, "dtstart", zones)).toEqual({
      tzid: zone,
      wall,
      instant: new Date(start).toISOString(),
    });
    expect(instantOf(event, "dtend", zones).instant).toBe(
      new Date(new Date(start).getTime() + HOUR).toISOString(),
    );
  });

  it("writes each change when the rule changed within the years (the US rule of 2007)", () => {
    const visits = [
      visitAt("2006-04-10T15:00:00Z", "America/Denver", { id: "a" }),
      visitAt("2007-03-20T15:00:00Z", "America/Denver", { id: "b" }),
    ];
    const feed = calendarFeed("Old visits", visits, HOST);
    expect(feed).not.toContain("RRULE");
    const { events, zones } = parse(feed);
    expect(events.map((event) => instantOf(event, "dtstart", zones))).toEqual([
      { tzid: "America/Denver", wall: "2006-04-10T09:00:00", instant: "2006-04-10T15:00:00.000Z" },
      { tzid: "America/Denver", wall: "2007-03-20T09:00:00", instant: "2007-03-20T15:00:00.000Z" },
    ]);
  });

  it("writes one STANDARD for a zone without DST, a yearly DAYLIGHT and STANDARD for Denver", () => {
    const phoenix = vtimezone("America/Phoenix", { from: 2026, to: 2026 });
    expect(phoenix).not.toContain("DAYLIGHT");
    expect(phoenix.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(phoenix).toContain("TZOFFSETTO:-0700");
    expect(vtimezone("America/Regina", { from: 2026, to: 2027 })).toContain("TZOFFSETTO:-0600");

    const denver = vtimezone("America/Denver", { from: 2026, to: 2027 });
    expect(denver).toContain(
      [
        "BEGIN:DAYLIGHT",
        "DTSTART:20250309T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
        "TZOFFSETFROM:-0700",
        "TZOFFSETTO:-0600",
        "TZNAME:MDT",
        "END:DAYLIGHT",
      ].join("\r\n"),
    );
    expect(denver).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
    const stJohns = vtimezone("America/St_Johns", { from: 2026, to: 2026 });
    expect(stJohns).toContain("TZOFFSETFROM:-0330\r\nTZOFFSETTO:-0230");
  });
});

describe("a visit's download", () => {
  it("is a PUBLISH of the same event, without attendees", () => {
    const download = visitDownload(
      visitAt("2026-03-10T15:00:00Z", "America/Denver", { sequence: 3 }),
      HOST,
    );
    const { calendar, events, zones } = parse(download);
    expect(text(calendar, "method")).toBe("PUBLISH");
    const [event] = events;
    if (!event) throw new Error("no event");
    expect(text(event, "uid")).toBe(`${ID}@${HOST}`);
    expect(event.getFirstPropertyValue("sequence")).toBe(3);
    expect(text(event, "status")).toBe("CONFIRMED");
    expect(event.getFirstProperty("attendee")).toBeNull();
    expect(event.getFirstProperty("organizer")?.getParameter("cn")).toBe("Summit Roofing");
    expect(instantOf(event, "dtstart", zones).instant).toBe("2026-03-10T15:00:00.000Z");
  });
});

describe("a person's calendar feed", () => {
  it("lists every visit, the cancelled one as cancelled, each in its zone", () => {
    const visits = [
      visitAt("2026-03-06T16:00:00Z", "America/Denver", {
        id: "11111111-1111-4111-8111-111111111111",
      }),
      visitAt("2026-03-10T15:00:00Z", "America/Denver", {
        id: "22222222-2222-4222-8222-222222222222",
        sequence: 2,
        cancelled: true,
        location: null,
      }),
      visitAt("2027-11-08T12:30:00Z", "America/St_Johns", {
        id: "33333333-3333-4333-8333-333333333333",
        sequence: 1,
      }),
    ];
    const feed = calendarFeed("Pat Summit, TradeMatch; visits", visits, HOST);
    for (const line of feed.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
    const { calendar, events, zones } = parse(feed);
    expect(text(calendar, "method")).toBe("PUBLISH");
    // NAME (RFC 7986) and X-WR-CALNAME are TEXT, escaped (ical.js reads neither as TEXT).
    expect(feed).toContain("\r\nNAME:Pat Summit\\, TradeMatch\\; visits\r\n");
    expect(feed).toContain("\r\nX-WR-CALNAME:Pat Summit\\, TradeMatch\\; visits\r\n");
    expect(text(calendar, "x-published-ttl")).toBe("PT1H");
    expect(text(calendar, "refresh-interval")).toBe("PT1H");
    expect([...zones.keys()].sort()).toEqual(["America/Denver", "America/St_Johns"]);
    expect(
      events.map((event) => [
        text(event, "uid"),
        event.getFirstPropertyValue("sequence"),
        text(event, "status"),
        instantOf(event, "dtstart", zones),
        event.getFirstProperty("location") !== null,
        event.getFirstProperty("attendee"),
      ]),
    ).toEqual([
      [
        `11111111-1111-4111-8111-111111111111@${HOST}`,
        0,
        "CONFIRMED",
        {
          tzid: "America/Denver",
          wall: "2026-03-06T09:00:00",
          instant: "2026-03-06T16:00:00.000Z",
        },
        true,
        null,
      ],
      [
        `22222222-2222-4222-8222-222222222222@${HOST}`,
        2,
        "CANCELLED",
        {
          tzid: "America/Denver",
          wall: "2026-03-10T09:00:00",
          instant: "2026-03-10T15:00:00.000Z",
        },
        false,
        null,
      ],
      [
        `33333333-3333-4333-8333-333333333333@${HOST}`,
        1,
        "CONFIRMED",
        {
          tzid: "America/St_Johns",
          wall: "2027-11-08T09:00:00",
          instant: "2027-11-08T12:30:00.000Z",
        },
        true,
        null,
      ],
    ]);
  });

  it("is a valid empty calendar without visits", () => {
    const { calendar, events, zones } = parse(calendarFeed("Jane Roe", [], HOST));
    expect(text(calendar, "x-wr-calname")).toBe("Jane Roe");
    expect(events).toEqual([]);
    expect(zones.size).toBe(0);
  });
});
