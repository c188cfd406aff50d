/**
 * A visit's time as people read it (issue 34): in the job's zone with the
 * zone's name, in each language, the Canadian names for Canadian zones and
 * never a raw offset where a name exists; the viewer's own time when it reads
 * otherwise; and a business's visit settings.
 */
import { describe, expect, it } from "vitest";
import {
  checkWeeklyHours,
  DEFAULT_WEEKLY_HOURS,
  defaultVisitSettings,
  type WeeklyHours,
} from "~/features/visits/hours";
import {
  formatClock,
  formatDay,
  formatVisitTime,
  isCanadianZone,
  visitTimeFor,
} from "~/features/visits/visit-time";

const SUMMER = "2026-07-14"; // a Tuesday, daylight time
const WINTER = "2026-12-08"; // a Tuesday, standard time
/** The reader's now: in 2026, so these 2026 times need no year. */
const IN_2026 = new Date("2026-06-01T12:00:00Z");

describe("a visit's time in the job's zone", () => {
  it.each([
    // Denver: Mountain daylight and standard time.
    [`${SUMMER}T15:00:00Z`, "America/Denver", "en", "Tue, Jul 14, 9:00 AM MDT"],
    [`${SUMMER}T15:00:00Z`, "America/Denver", "es", "mar, 14 de jul, 9:00 a.m. MDT"],
    [`${SUMMER}T15:00:00Z`, "America/Denver", "fr", "mar. 14 juill., 9 h 00 HAR"],
    [`${WINTER}T16:00:00Z`, "America/Denver", "en", "Tue, Dec 8, 9:00 AM MST"],
    [`${WINTER}T16:00:00Z`, "America/Denver", "es", "mar, 8 de dic, 9:00 a.m. MST"],
    [`${WINTER}T16:00:00Z`, "America/Denver", "fr", "mar. 8 déc., 9 h 00 HNR"],
    // St. John's: en-US and es-US have only "GMT-2:30"; the Canadian name is used.
    [`${SUMMER}T11:30:00Z`, "America/St_Johns", "en", "Tue, Jul 14, 9:00 AM NDT"],
    [`${SUMMER}T11:30:00Z`, "America/St_Johns", "es", "mar, 14 de jul, 9:00 a.m. NDT"],
    [`${SUMMER}T11:30:00Z`, "America/St_Johns", "fr", "mar. 14 juill., 9 h 00 HAT"],
    [`${WINTER}T12:30:00Z`, "America/St_Johns", "en", "Tue, Dec 8, 9:00 AM NST"],
    [`${WINTER}T12:30:00Z`, "America/St_Johns", "es", "mar, 8 de dic, 9:00 a.m. NST"],
    [`${WINTER}T12:30:00Z`, "America/St_Johns", "fr", "mar. 8 déc., 9 h 00 HNT"],
    // Phoenix: Mountain standard time all year.
    [`${SUMMER}T16:00:00Z`, "America/Phoenix", "en", "Tue, Jul 14, 9:00 AM MST"],
    [`${SUMMER}T16:00:00Z`, "America/Phoenix", "es", "mar, 14 de jul, 9:00 a.m. MST"],
    [`${SUMMER}T16:00:00Z`, "America/Phoenix", "fr", "mar. 14 juill., 9 h 00 HNR"],
    // Toronto: Eastern.
    [`${SUMMER}T13:00:00Z`, "America/Toronto", "en", "Tue, Jul 14, 9:00 AM EDT"],
    [`${SUMMER}T13:00:00Z`, "America/Toronto", "es", "mar, 14 de jul, 9:00 a.m. EDT"],
    [`${SUMMER}T13:00:00Z`, "America/Toronto", "fr", "mar. 14 juill., 9 h 00 HAE"],
    [`${WINTER}T16:00:00Z`, "America/Toronto", "en", "Tue, Dec 8, 11:00 AM EST"],
    [`${WINTER}T16:00:00Z`, "America/Toronto", "fr", "mar. 8 déc., 11 h 00 HNE"],
    // Halifax and Regina.
    [`${SUMMER}T13:00:00Z`, "America/Halifax", "en", "Tue, Jul 14, 10:00 AM ADT"],
    [`${SUMMER}T15:00:00Z`, "America/Regina", "en", "Tue, Jul 14, 9:00 AM CST"],
  ] as const)("%s in %s (%s): %s", (instant, zone, locale, expected) => {
    expect(formatVisitTime(new Date(instant), zone, locale, IN_2026)).toBe(expected);
  });

  it("never shows a raw offset for the zones the site serves", () => {
    const zones = [
      "America/Denver",
      "America/Toronto",
      "America/Halifax",
      "America/St_Johns",
      "America/Phoenix",
      "America/Regina",
      "America/Vancouver",
      "America/Winnipeg",
      "America/Edmonton",
      "America/Moncton",
      "America/Chicago",
      "America/New_York",
      "America/Los_Angeles",
    ];
    for (const zone of zones) {
      for (const instant of [`${SUMMER}T18:00:00Z`, `${WINTER}T18:00:00Z`]) {
        for (const locale of ["en", "es", "fr"] as const) {
          expect(formatVisitTime(new Date(instant), zone, locale, IN_2026)).not.toMatch(/GMT|UTC/);
        }
      }
    }
  });

  it("knows Canada's zones", () => {
    expect(isCanadianZone("America/St_Johns")).toBe(true);
    expect(isCanadianZone("america/halifax")).toBe(true);
    expect(isCanadianZone("America/Denver")).toBe(false);
  });

  it("formats a slot's clock and a day's heading", () => {
    const nine = new Date(`${SUMMER}T15:00:00Z`);
    expect(formatClock(nine, "America/Denver", "en")).toBe("9:00 AM");
    expect(formatClock(nine, "America/Denver", "es")).toBe("9:00 a.m.");
    expect(formatClock(nine, "America/Denver", "fr")).toBe("9 h 00");
    expect(formatClock(new Date(`${SUMMER}T22:30:00Z`), "America/Denver", "en")).toBe("4:30 PM");
    expect(formatDay("2026-03-10", "en", IN_2026)).toBe("Tuesday, March 10");
    expect(formatDay("2026-03-10", "es", IN_2026)).toBe("martes, 10 de marzo");
    expect(formatDay("2026-03-10", "fr", IN_2026)).toBe("mardi 10 mars");
  });
});

describe("a time in another year than the reader's", () => {
  const december = new Date("2026-12-01T18:00:00Z");

  it("carries its year in every language, and MDT once Denver's clocks spring forward", () => {
    const spring = new Date("2027-03-16T15:00:00Z"); // 9:00 AM MDT: daylight time from March 14
    expect(formatVisitTime(spring, "America/Denver", "en", december)).toBe(
      "Tue, Mar 16, 2027, 9:00 AM MDT",
    );
    expect(formatVisitTime(spring, "America/Denver", "es", december)).toBe(
      "mar, 16 de mar de 2027, 9:00 a.m. MDT",
    );
    expect(formatVisitTime(spring, "America/Denver", "fr", december)).toBe(
      "mar. 16 mars 2027, 9 h 00 HAR",
    );
    // The day before the change is still standard time.
    expect(
      formatVisitTime(new Date("2027-03-13T16:00:00Z"), "America/Denver", "en", december),
    ).toBe("Sat, Mar 13, 2027, 9:00 AM MST");
    expect(formatDay("2027-03-16", "en", december)).toBe("Tuesday, March 16, 2027");
    expect(formatDay("2027-03-16", "fr", december)).toBe("mardi 16 mars 2027");
    expect(formatDay("2027-03-16", "en", new Date("2027-01-02T12:00:00Z"))).toBe(
      "Tuesday, March 16",
    );
  });

  it("reads the year in the job's zone: New Year's Eve in Denver is still this year", () => {
    // 11 PM on December 31 in Denver is already January 1 in UTC.
    const eve = new Date("2027-01-01T06:00:00Z");
    const evening = new Date("2027-01-01T01:00:00Z"); // 6 PM in Denver, on the 31st
    expect(formatVisitTime(eve, "America/Denver", "en", evening)).toBe("Thu, Dec 31, 11:00 PM MST");
    expect(formatVisitTime(eve, "America/Denver", "en", new Date("2027-01-02T12:00:00Z"))).toBe(
      "Thu, Dec 31, 2026, 11:00 PM MST",
    );
  });
});

describe("the time in the viewer's zone", () => {
  const nine = new Date("2026-03-10T15:00:00Z"); // 9:00 MDT, 11:00 EDT

  it("is left out in the same zone, or one that reads the same", () => {
    expect(visitTimeFor(nine, "America/Denver", "America/Denver", "en", IN_2026)).toEqual({
      job: "Tue, Mar 10, 9:00 AM MDT",
      viewer: null,
    });
    expect(
      visitTimeFor(nine, "America/Denver", "America/Edmonton", "en", IN_2026).viewer,
    ).toBeNull();
    // Phoenix keeps Mountain standard time: the same as Denver's in winter.
    const winter = new Date("2026-12-10T15:00:00Z");
    expect(
      visitTimeFor(winter, "America/Denver", "America/Phoenix", "en", IN_2026).viewer,
    ).toBeNull();
    expect(visitTimeFor(nine, "America/Denver", null, "en", IN_2026).viewer).toBeNull();
    expect(visitTimeFor(nine, "America/Denver", "Not/AZone", "en", IN_2026).viewer).toBeNull();
  });

  it("is given in another zone, with the date when it is another day there", () => {
    expect(visitTimeFor(nine, "America/Denver", "America/New_York", "en", IN_2026)).toEqual({
      job: "Tue, Mar 10, 9:00 AM MDT",
      viewer: "11:00 AM EDT",
    });
    expect(visitTimeFor(nine, "America/Denver", "America/Phoenix", "fr", IN_2026)).toEqual({
      job: "mar. 10 mars, 9 h 00 HAR",
      viewer: "8 h 00 HNR",
    });
    expect(
      visitTimeFor(
        new Date("2026-03-11T05:00:00Z"),
        "America/Denver",
        "America/New_York",
        "en",
        IN_2026,
      ),
    ).toEqual({ job: "Tue, Mar 10, 11:00 PM MDT", viewer: "Wed, Mar 11, 1:00 AM EDT" });
  });
});

describe("a business's visit settings", () => {
  it("has defaults: weekdays 8 to 5, an hour's visit, a day's notice, 30 days ahead", () => {
    const settings = defaultVisitSettings("America/Halifax");
    expect(settings).toEqual({
      timeZone: "America/Halifax",
      weeklyHours: DEFAULT_WEEKLY_HOURS,
      visitMinutes: 60,
      bufferMinutes: 0,
      noticeHours: 24,
      horizonDays: 30,
    });
    expect(settings.weeklyHours.mon).toEqual([{ start: "08:00", end: "17:00" }]);
    expect(settings.weeklyHours.sat).toEqual([]);
    expect(settings.weeklyHours.sun).toEqual([]);
    // A copy: changing one business's hours changes no other's.
    settings.weeklyHours.mon.push({ start: "18:00", end: "19:00" });
    expect(DEFAULT_WEEKLY_HOURS.mon).toHaveLength(1);
    expect(checkWeeklyHours(DEFAULT_WEEKLY_HOURS)).toEqual([]);
  });

  const week = (changes: Partial<Record<keyof WeeklyHours, unknown>>) =>
    ({ ...DEFAULT_WEEKLY_HOURS, ...changes }) as WeeklyHours;

  it("takes ranges on a 5-minute grid up to 24:00, touching ranges, and days off", () => {
    expect(
      checkWeeklyHours(
        week({
          mon: [
            { start: "00:00", end: "06:05" },
            { start: "06:05", end: "12:00" },
            { start: "13:00", end: "24:00" },
          ],
          sat: [],
        }),
      ),
    ).toEqual([]);
  });

  it.each([
    ["8:00", "17:00", "format"],
    ["08:03", "17:00", "format"],
    ["08:00", "24:05", "format"],
    ["24:00", "24:00", "format"],
    ["08:00", "25:00", "format"],
    ["08:00", "17:60", "format"],
    ["17:00", "08:00", "order"],
    ["08:00", "08:00", "order"],
  ])("refuses %s–%s: %s", (start, end, problem) => {
    expect(checkWeeklyHours(week({ tue: [{ start, end }] }))).toEqual([
      { day: "tue", index: 0, problem },
    ]);
  });

  it("refuses ranges that overlap or are out of order", () => {
    expect(
      checkWeeklyHours(
        week({
          wed: [
            { start: "08:00", end: "12:00" },
            { start: "11:30", end: "13:00" },
          ],
          fri: [
            { start: "13:00", end: "17:00" },
            { start: "08:00", end: "12:00" },
          ],
        }),
      ),
    ).toEqual([
      { day: "wed", index: 1, problem: "overlap" },
      { day: "fri", index: 1, problem: "overlap" },
    ]);
  });

  it("refuses more than four ranges a day", () => {
    const ranges = ["08", "10", "12", "14", "16"].map((h) => ({
      start: `${h}:00`,
      end: `${h}:30`,
    }));
    expect(checkWeeklyHours(week({ thu: ranges }))).toEqual([
      { day: "thu", index: 4, problem: "too_many" },
    ]);
  });

  it("refuses stored values that are not ranges", () => {
    expect(
      checkWeeklyHours(week({ mon: [null, "08:00-17:00", { start: 8, end: 17 }], sun: "off" })),
    ).toEqual([
      { day: "mon", index: 0, problem: "format" },
      { day: "mon", index: 1, problem: "format" },
      { day: "mon", index: 2, problem: "format" },
      { day: "sun", index: 0, problem: "format" },
    ]);
  });
});
