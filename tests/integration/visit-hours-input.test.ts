/**
 * What a pro types on the visit pages, however hostile (issue 42), through
 * the routes' loaders and actions: a NUL, an escape or a line break in the
 * hours or a day off is refused beside its field with what was typed kept
 * (never a 500, never stored); the 101st range of days off is refused beside
 * its field; and the schedule of any date, however far or broken, is a page:
 * the nearest day it shows, without links past its reach.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveVisitSettings } from "~/features/visits/settings.server";
import { addDays, wallClockOf } from "~/features/visits/zoned-time";
import { loader as scheduleLoader } from "~/routes/pro/schedule";
import { action as visitHoursAction } from "~/routes/pro/visit-hours";
import { visitDaysOff } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createBusiness, createPerson } from "../support/marketplace-factories";
import { answer, signedInArgs } from "../support/route-args";

const ZONE = "America/Denver";
const DAY = { start: "08:00", end: "17:00" };
const CHARACTERS =
  "Please type this again: it holds characters we can't store (such as invisible control characters).";

interface Refusal {
  form?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

describe.each(DATABASE_TARGETS)("the pro's visit pages on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let userId = "";
  let businessId = "";
  const today = wallClockOf(new Date(), ZONE).date;
  const hoursPath = () => `/pro/visits?business=${businessId}`;
  const post = async (form: Record<string, string>) =>
    answer(visitHoursAction(await signedInArgs(database.handle, userId, hoursPath(), form)));
  const addDayOff = (form: Record<string, string>) => post({ intent: "add_day_off", ...form });
  const stored = () =>
    db().select().from(visitDaysOff).where(eq(visitDaysOff.contractorId, businessId));

  beforeAll(async () => {
    database = await target.create();
    const pro = await createPerson(db(), "Sam Roofer");
    userId = pro.userId;
    businessId = (await createBusiness(db(), pro)).id;
    const week = { mon: [DAY], tue: [DAY], wed: [DAY], thu: [DAY], fri: [DAY], sat: [], sun: [] };
    await saveVisitSettings(
      db(),
      businessId,
      {
        timeZone: ZONE,
        weeklyHours: week,
        visitMinutes: 60,
        bufferMinutes: 0,
        noticeHours: 0,
        horizonDays: 30,
      },
      new Date(),
    );
  });
  afterAll(async () => {
    await database.dispose();
  });

  it.each([
    ["a NUL", "Holidays\u0000"],
    ["an escape", "Holi\u001b[2Jdays"],
    ["a line break", "Holidays\r\nBcc: x@example.com"],
  ])("refuses a day off's note with %s beside the note, keeping it", async (_, note) => {
    const refused = await addDayOff({ startsOn: today, endsOn: today, note });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      form: "day_off",
      errors: { note: CHARACTERS },
      values: { note, startsOn: today },
    });
    expect(Object.keys((refused.data as Refusal).errors ?? {})).toEqual(["note"]);
    expect(await stored()).toEqual([]);
  });

  it("refuses a NUL in the hours' fields and the dates beside each, not with a 500", async () => {
    const hours = {
      intent: "save",
      timeZone: ZONE,
      visitMinutes: "60",
      bufferMinutes: "0",
      noticeHours: "0",
      horizonDays: "30",
      "mon.0.start": "08:00",
      "mon.0.end": "17:00",
    };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...hours, "mon.0.start": "08:00\u0000" }, "mon", "Use a time like 08:00"],
      [{ ...hours, timeZone: `${ZONE}\u0000` }, "timeZone", "Choose a time zone."],
      [{ ...hours, visitMinutes: "60\u0000" }, "visitMinutes", "Choose one of the options."],
      [
        { intent: "add_day_off", startsOn: `${today}\u0000`, endsOn: today },
        "startsOn",
        "Enter a date like 2027-03-10.",
      ],
    ];
    for (const [form, field, message] of cases) {
      const refused = await post(form);
      expect(refused.status, field).toBe(400);
      expect((refused.data as Refusal).errors?.[field], field).toBe(message);
      expect((refused.data as Refusal).values, field).toMatchObject(form);
    }
  });

  it("refuses a first day further than two years ahead", async () => {
    const far = addDays(today, 731);
    const refused = await addDayOff({ startsOn: far, endsOn: far });
    expect(refused.status).toBe(400);
    expect((refused.data as Refusal).errors).toEqual({
      startsOn: "Choose a day in the next two years.",
    });
    const furthest = addDays(today, 730);
    expect((await addDayOff({ startsOn: furthest, endsOn: furthest })).status).toBe(302);
  });

  it("refuses the 101st range of days off beside its first day, keeping what was typed", async () => {
    await db().delete(visitDaysOff).where(eq(visitDaysOff.contractorId, businessId));
    for (let i = 0; i < 100; i++) {
      const date = addDays(today, 3 * i);
      expect((await addDayOff({ startsOn: date, endsOn: date })).status).toBe(302);
    }
    const date = addDays(today, 301);
    const refused = await addDayOff({ startsOn: date, endsOn: date, note: "One more" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      form: "day_off",
      errors: {
        startsOn:
          "You already have 100 dates off coming up, the most you can keep. Remove some, or add days next to ones you have so they join up.",
      },
      values: { startsOn: date, note: "One more" },
    });
    expect(await stored()).toHaveLength(100);
  });

  describe("the schedule of any date", () => {
    const schedule = async (query: string) => {
      const path = `/pro/schedule?business=${businessId}&${query}`;
      return answer(scheduleLoader(await signedInArgs(database.handle, userId, path)));
    };
    type Page = {
      schedule: { date: string; moved: boolean };
      previous: string | null;
      next: string | null;
    };

    it.each([
      ["view=week&date=9999-12-31", addDays(today, 730), true],
      ["view=day&date=9999-12-31", addDays(today, 730), true],
      ["view=day&date=1000-01-01", addDays(today, -730), true],
      ["view=week&date=0050-06-15", addDays(today, -730), true],
      ["view=day&date=0000-00-00", today, false],
      ["view=day&date=2027-02-30", today, false],
      ["view=day&date=20270210", today, false],
      ["view=year&date=+275760-09-13", today, false],
      ["date=2027-02-30&date=9999-12-31", today, false],
    ])("%s is the page of %s", async (query, date, moved) => {
      const page = await schedule(query);
      expect(page.status).toBe(200);
      expect((page.data as Page).schedule).toMatchObject({ date, moved });
    });

    it("has no link past the days it reaches", async () => {
      const last = (await schedule("view=day&date=9999-12-31")).data as Page;
      expect(last.next).toBeNull();
      expect(last.previous).toBe(addDays(today, 729));
      const first = (await schedule("view=day&date=1000-01-01")).data as Page;
      expect(first.previous).toBeNull();
      expect(first.next).toBe(addDays(today, -729));
    });
  });
});
