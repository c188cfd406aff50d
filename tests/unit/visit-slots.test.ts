/**
 * A business's free visit times (issue 34): a week of slots across each
 * daylight-saving change of 2026 and 2027 in zones with and without one (and a
 * half-hour one), checked against Intl rather than the code's own conversions;
 * then notice, horizon, days off, buffers, busy times, the limit, and
 * isFreeSlot agreeing with freeSlots.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WEEKDAYS, type VisitSettings, type WeeklyHours } from "~/features/visits/hours";
import { byDay, freeSlots, isFreeSlot, type Busy, type SlotQuery } from "~/features/visits/slots";
import { addDays, instantOf, isTimeZone, wallClockOf } from "~/features/visits/zoned-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function everyDay(start = "08:00", end = "17:00"): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start, end }]])) as WeeklyHours;
}

function settingsIn(timeZone: string, changes: Partial<VisitSettings> = {}): VisitSettings {
  return {
    timeZone,
    weeklyHours: everyDay(),
    visitMinutes: 60,
    bufferMinutes: 0,
    noticeHours: 0,
    horizonDays: 365,
    ...changes,
  };
}

/** The wall clock of an instant in a zone by Intl alone: "2026-03-08", "08:00". */
function intlWallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  };
}

const CHANGES = [
  { on: "2026-03-08", spring: true },
  { on: "2026-11-01", spring: false },
  { on: "2027-03-14", spring: true },
  { on: "2027-11-07", spring: false },
];

/** The UTC time of 08:00 local: [in standard time, in daylight time]. */
const EIGHT_AM_UTC: Record<string, [string, string]> = {
  "America/Denver": ["15:00", "14:00"],
  "America/Toronto": ["13:00", "12:00"],
  "America/Halifax": ["12:00", "11:00"],
  "America/St_Johns": ["11:30", "10:30"],
  "America/Phoenix": ["15:00", "15:00"],
  "America/Regina": ["14:00", "14:00"],
};

const TABLE = Object.keys(EIGHT_AM_UTC).flatMap((zone) =>
  CHANGES.map((change) => ({ zone, ...change })),
);

describe("a week of slots across each clock change", () => {
  it.each(TABLE)("$zone around $on", ({ zone, on, spring }) => {
    const from = addDays(on, -3);
    const slots = freeSlots({
      settings: settingsIn(zone),
      daysOff: [],
      busy: [],
      now: new Date(`${addDays(on, -20)}T00:00:00Z`),
      from,
      days: 7,
    });

    const perDay = new Map<string, string[]>();
    for (const slot of slots) {
      const { date, time } = intlWallClock(slot.start, zone);
      expect(time).toMatch(/^(0[89]|1[0-6]):00$/);
      expect(slot.end.getTime() - slot.start.getTime()).toBe(60 * MINUTE);
      perDay.set(date, [...(perDay.get(date) ?? []), time]);
    }
    const dates = Array.from({ length: 7 }, (_, i) => addDays(from, i));
    expect([...perDay.keys()]).toEqual(dates);
    for (const date of dates) {
      expect(perDay.get(date)).toEqual([
        "08:00",
        "09:00",
        "10:00",
        "11:00",
        "12:00",
        "13:00",
        "14:00",
        "15:00",
        "16:00",
      ]);
    }

    // The first slot the day before the change and on the day of it (after 2:00).
    const [standard, daylight] = EIGHT_AM_UTC[zone] as [string, string];
    const groups = byDay(slots, zone);
    expect(groups.map((g) => g.date)).toEqual(dates);
    const before = groups[2]?.slots[0]?.start.toISOString();
    const after = groups[3]?.slots[0]?.start.toISOString();
    expect(before).toBe(`${addDays(on, -1)}T${spring ? standard : daylight}:00.000Z`);
    expect(after).toBe(`${on}T${spring ? daylight : standard}:00.000Z`);
  });
});

describe("wall-clock times and instants", () => {
  it("moves a time in the spring-forward gap later", () => {
    // 02:30 does not exist in Denver on 2026-03-08: it is 03:30 MDT.
    expect(instantOf("2026-03-08", "02:30", "America/Denver").toISOString()).toBe(
      "2026-03-08T09:30:00.000Z",
    );
    expect(instantOf("2026-03-08", "02:00", "America/St_Johns").toISOString()).toBe(
      "2026-03-08T05:30:00.000Z",
    );
  });

  it("takes the earlier of an ambiguous fall-back time", () => {
    // 01:30 happens twice in Denver on 2026-11-01: first in MDT (07:30Z), then in MST (08:30Z).
    expect(instantOf("2026-11-01", "01:30", "America/Denver").toISOString()).toBe(
      "2026-11-01T07:30:00.000Z",
    );
  });

  it("reads 24:00 as the next day's midnight", () => {
    expect(instantOf("2026-03-10", "24:00", "America/Denver").toISOString()).toBe(
      "2026-03-11T06:00:00.000Z",
    );
  });

  it("refuses dates and times that are not", () => {
    expect(() => instantOf("2026-02-30", "08:00", "America/Denver")).toThrow(RangeError);
    expect(() => instantOf("2026-02-10", "8:00", "America/Denver")).toThrow(RangeError);
    expect(() => instantOf("2026-02-10", "08:60", "America/Denver")).toThrow(RangeError);
  });

  it("gives the wall clock and weekday of an instant", () => {
    expect(wallClockOf(new Date("2026-03-10T15:00:00Z"), "America/Denver")).toEqual({
      date: "2026-03-10",
      time: "09:00",
      weekday: "tue",
    });
    expect(wallClockOf(new Date("2026-03-11T02:00:00Z"), "America/St_Johns")).toEqual({
      date: "2026-03-10",
      time: "23:30",
      weekday: "tue",
    });
  });

  it("adds calendar days", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("knows zone names", () => {
    expect(isTimeZone("America/St_Johns")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("+01:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("the rules of a free slot", () => {
  const zone = "America/Denver";
  // Tuesday 2026-03-10, 06:30 MDT.
  const now = new Date("2026-03-10T12:30:00Z");
  const at = (date: string, time: string) => instantOf(date, time, zone);
  const times = (slots: { start: Date }[]) =>
    slots.map((s) => {
      const { date, time } = wallClockOf(s.start, zone);
      return `${date} ${time}`;
    });
  const query = (changes: Partial<SlotQuery> = {}, settings: Partial<VisitSettings> = {}) => ({
    settings: settingsIn(zone, settings),
    daysOff: [],
    busy: [],
    now,
    ...changes,
  });

  it("starts today with no notice and lists a day's starts on the visit's grid", () => {
    const slots = freeSlots(query({ days: 1 }));
    expect(times(slots)).toEqual(
      [8, 9, 10, 11, 12, 13, 14, 15, 16].map((h) => `2026-03-10 ${String(h).padStart(2, "0")}:00`),
    );
  });

  it("keeps the notice", () => {
    // 06:30 + 4 h = 10:30: the first start is 11:00.
    const slots = freeSlots(query({ days: 1 }, { noticeHours: 4 }));
    expect(times(slots)[0]).toBe("2026-03-10 11:00");
    expect(isFreeSlot(query({}, { noticeHours: 4 }), at("2026-03-10", "10:00"))).toBe(false);
    // The default notice of 24 h: nothing today.
    expect(times(freeSlots(query({ limit: 1 }, { noticeHours: 24 })))).toEqual([
      "2026-03-11 08:00",
    ]);
  });

  it("rounds the step up to 15 minutes and fits the whole visit in the range", () => {
    const slots = freeSlots(
      query(
        { days: 1 },
        {
          visitMinutes: 50,
          weeklyHours: { ...everyDay(), tue: [{ start: "08:00", end: "11:00" }] },
        },
      ),
    );
    expect(times(slots)).toEqual(["2026-03-10 08:00", "2026-03-10 09:00", "2026-03-10 10:00"]);
    const quarter = freeSlots(
      query(
        { days: 1, stepMinutes: 15 },
        { weeklyHours: { ...everyDay(), tue: [{ start: "08:00", end: "09:30" }] } },
      ),
    );
    expect(times(quarter)).toEqual(["2026-03-10 08:00", "2026-03-10 08:15", "2026-03-10 08:30"]);
  });

  it("looks no further than the horizon", () => {
    const slots = freeSlots(query({}, { horizonDays: 2 }));
    expect(byDay(slots, zone).map((d) => d.date)).toEqual(["2026-03-10", "2026-03-11"]);
    expect(isFreeSlot(query({}, { horizonDays: 2 }), at("2026-03-12", "08:00"))).toBe(false);
    // A `from` and `days` past the horizon stop at it too; a `from` in the past starts today.
    expect(freeSlots(query({ from: "2026-03-12", days: 3 }, { horizonDays: 2 }))).toEqual([]);
    expect(
      byDay(freeSlots(query({ from: "2026-03-08", days: 4 })), zone).map((d) => d.date),
    ).toEqual(["2026-03-10", "2026-03-11"]);
  });

  it("skips days off and days without hours", () => {
    const slots = freeSlots(
      query(
        { daysOff: [{ startsOn: "2026-03-11", endsOn: "2026-03-12" }], days: 6 },
        { weeklyHours: { ...everyDay(), sat: [] } },
      ),
    );
    expect(byDay(slots, zone).map((d) => d.date)).toEqual([
      "2026-03-10",
      "2026-03-13",
      "2026-03-15",
    ]);
  });

  it("keeps a busy visit's buffer free: the next slot waits until it ends", () => {
    // A visit 09:00–10:00 with a 30-minute buffer: busy until 10:30.
    const busy = [{ start: at("2026-03-10", "09:00"), end: at("2026-03-10", "10:30") }];
    expect(times(freeSlots(query({ busy, days: 1, limit: 3 })))).toEqual([
      "2026-03-10 08:00",
      "2026-03-10 11:00",
      "2026-03-10 12:00",
    ]);
    // On a 15-minute step, the first start after it is 10:30 (touching is fine).
    expect(times(freeSlots(query({ busy, days: 1, limit: 3, stepMinutes: 15 })))).toEqual([
      "2026-03-10 08:00",
      "2026-03-10 10:30",
      "2026-03-10 10:45",
    ]);
  });

  it("keeps the new visit's own buffer clear of the next busy time", () => {
    const busy = [{ start: at("2026-03-10", "10:00"), end: at("2026-03-10", "11:00") }];
    // With a 30-minute buffer, 09:00–10:30 would run into the visit at 10:00.
    expect(times(freeSlots(query({ busy, days: 1, limit: 2 }, { bufferMinutes: 30 })))).toEqual([
      "2026-03-10 08:00",
      "2026-03-10 11:00",
    ]);
    expect(times(freeSlots(query({ busy, days: 1, limit: 2 })))).toEqual([
      "2026-03-10 08:00",
      "2026-03-10 09:00",
    ]);
  });

  it("refuses a slot any busy time overlaps, in any order, but not one that touches", () => {
    const busy = [
      { start: at("2026-03-10", "14:10"), end: at("2026-03-10", "14:20") },
      { start: at("2026-03-10", "09:00"), end: at("2026-03-10", "12:00") },
      { start: at("2026-03-10", "10:00"), end: at("2026-03-10", "10:30") },
      { start: at("2026-03-10", "07:00"), end: at("2026-03-10", "08:00") },
    ];
    expect(times(freeSlots(query({ busy, days: 1 })))).toEqual([
      "2026-03-10 08:00",
      "2026-03-10 12:00",
      "2026-03-10 13:00",
      "2026-03-10 15:00",
      "2026-03-10 16:00",
    ]);
  });

  it("stops at the limit", () => {
    expect(freeSlots(query({ limit: 4 }))).toHaveLength(4);
    expect(freeSlots(query({ limit: 0 }))).toEqual([]);
  });

  it("agrees with isFreeSlot on every quarter hour of a week", () => {
    const q = query(
      {
        busy: [
          { start: at("2026-03-11", "10:15"), end: at("2026-03-11", "11:45") },
          { start: at("2026-03-13", "16:00"), end: at("2026-03-14", "09:00") },
        ],
        daysOff: [{ startsOn: "2026-03-12", endsOn: "2026-03-12" }],
      },
      {
        horizonDays: 6,
        noticeHours: 3,
        bufferMinutes: 15,
        visitMinutes: 45,
        weeklyHours: {
          ...everyDay(),
          mon: [],
          wed: [
            { start: "07:30", end: "12:00" },
            { start: "13:00", end: "18:00" },
          ],
        },
      },
    );
    const listed = new Set(freeSlots(q).map((s) => s.start.getTime()));
    expect(listed.size).toBeGreaterThan(20);
    for (let t = now.getTime() - 24 * HOUR; t < now.getTime() + 8 * 24 * HOUR; t += 15 * MINUTE) {
      expect(isFreeSlot(q, new Date(t)), new Date(t).toISOString()).toBe(listed.has(t));
    }
  });

  it("refuses an off-grid or invalid start", () => {
    expect(isFreeSlot(query(), at("2026-03-10", "09:00"))).toBe(true);
    expect(isFreeSlot(query(), at("2026-03-10", "09:15"))).toBe(false);
    expect(isFreeSlot(query(), new Date(Number.NaN))).toBe(false);
  });

  it("lists the slots of a day with a range across the spring-forward change by elapsed time", () => {
    // 00:00–06:00 on 2026-03-08 in Denver lasts 5 hours: 00:00, 01:00, 03:00, 04:00, 05:00.
    const slots = freeSlots({
      settings: settingsIn(zone, { weeklyHours: everyDay("00:00", "06:00") }),
      daysOff: [],
      busy: [],
      now: new Date("2026-03-01T00:00:00Z"),
      from: "2026-03-08",
      days: 1,
    });
    expect(times(slots)).toEqual([
      "2026-03-08 00:00",
      "2026-03-08 01:00",
      "2026-03-08 03:00",
      "2026-03-08 04:00",
      "2026-03-08 05:00",
    ]);
  });

  it("lists a whole day's hours up to 24:00", () => {
    const slots = freeSlots(query({ days: 1 }, { weeklyHours: everyDay("22:00", "24:00") }));
    expect(times(slots)).toEqual(["2026-03-10 22:00", "2026-03-10 23:00"]);
    expect(byDay(slots, zone)).toHaveLength(1);
  });
});

describe("free slots as a property", () => {
  const zones = ["America/Denver", "America/St_Johns", "America/Phoenix", "America/Halifax"];
  const range = fc
    .tuple(fc.integer({ min: 0, max: 24 * 12 - 1 }), fc.integer({ min: 1, max: 24 * 12 }))
    .map(([a, b]) => [a * 5, Math.min(24 * 60, a * 5 + b * 5)] as const);
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const day = fc.array(range, { maxLength: 3 }).map((ranges) => {
    // Sorted, overlapping ones dropped: valid hours.
    const kept: (readonly [number, number])[] = [];
    for (const r of [...ranges].sort((x, y) => x[0] - y[0])) {
      if (r[1] > r[0] && (kept.at(-1)?.[1] ?? -1) <= r[0]) kept.push(r);
    }
    return kept.map(([start, end]) => ({ start: hhmm(start), end: hhmm(end) }));
  });
  const hours = fc
    .tuple(day, day, day, day, day, day, day)
    .map((days) => Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]])) as WeeklyHours);
  // Around the 2026 changes: from 2026-02-25 to 2026-11-10.
  const base = Date.UTC(2026, 1, 25);
  const instant = fc.integer({ min: 0, max: 258 * 24 * 4 }).map((q) => base + q * 15 * MINUTE);
  const busy = fc.array(
    fc.tuple(instant, fc.integer({ min: 1, max: 48 })).map(([start, quarters]) => ({
      start: new Date(start),
      end: new Date(start + quarters * 15 * MINUTE),
    })),
    { maxLength: 30 },
  );

  it("lists only free slots, none overlapping a busy time", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        hours,
        fc.integer({ min: 15, max: 240 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 48 }),
        fc.integer({ min: 1, max: 20 }),
        instant,
        busy,
        (
          timeZone,
          weeklyHours,
          visitMinutes,
          bufferMinutes,
          noticeHours,
          horizonDays,
          now,
          taken,
        ) => {
          const q = {
            settings: {
              timeZone,
              weeklyHours,
              visitMinutes,
              bufferMinutes,
              noticeHours,
              horizonDays,
            },
            daysOff: [],
            busy: taken,
            now: new Date(now),
          };
          const slots = freeSlots(q);
          let previous = Number.NEGATIVE_INFINITY;
          for (const slot of slots) {
            const start = slot.start.getTime();
            expect(start).toBeGreaterThan(previous);
            previous = start;
            expect(isFreeSlot(q, slot.start)).toBe(true);
            expect(slot.end.getTime() - start).toBe(visitMinutes * MINUTE);
            expect(start).toBeGreaterThanOrEqual(now + noticeHours * HOUR);
            const blockedUntil = start + (visitMinutes + bufferMinutes) * MINUTE;
            for (const b of taken) {
              expect(b.start.getTime() < blockedUntil && b.end.getTime() > start).toBe(false);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("speed", () => {
  it("lists 30 days of slots beside a year of visits in well under 20 ms", () => {
    const zone = "America/Toronto";
    const now = new Date("2026-03-02T12:00:00Z");
    // About 2,000 visits over a year before and after now, shuffled.
    const busy: Busy[] = [];
    for (let i = 0; i < 2000; i++) {
      const start = now.getTime() - 180 * 24 * HOUR + i * 4.3 * HOUR;
      busy.push({ start: new Date(start), end: new Date(start + 90 * MINUTE) });
    }
    busy.sort(() => Math.random() - 0.5);
    const query: SlotQuery = {
      settings: settingsIn(zone, { horizonDays: 30, noticeHours: 24, visitMinutes: 30 }),
      daysOff: [{ startsOn: "2026-03-20", endsOn: "2026-03-22" }],
      busy,
      now,
    };
    let best = Number.POSITIVE_INFINITY;
    let count = 0;
    for (let run = 0; run < 7; run++) {
      const started = performance.now();
      count = freeSlots(query).length;
      best = Math.min(best, performance.now() - started);
    }
    expect(count).toBeGreaterThan(100);
    expect(best).toBeLessThan(20);
  });
});
