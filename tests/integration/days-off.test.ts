/**
 * A business's days off are bounded (issue 42): dates that overlap or touch
 * are joined into one range as they are added; at most 100 ranges that have
 * not ended are kept, and the 101st is refused, also when two are added at
 * the same moment; ended ranges go; and the free slots read only the days
 * off inside the booking horizon. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDaysOff,
  comingDaysOff,
  daysOffOf,
  DaysOffFull,
} from "~/features/visits/days-off.server";
import { DAYS_OFF_LIMITS, type VisitSettings } from "~/features/visits/hours";
import { saveVisitSettings } from "~/features/visits/settings.server";
import { freeSlotsOf } from "~/features/visits/visit-slots.server";
import { addDays, wallClockOf } from "~/features/visits/zoned-time";
import { visitDaysOff } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createBusiness, createPerson, refused } from "../support/marketplace-factories";

const ZONE = "America/Denver";
const DAY = { start: "08:00", end: "17:00" };
const OPEN: VisitSettings = {
  timeZone: ZONE,
  weeklyHours: {
    mon: [DAY],
    tue: [DAY],
    wed: [DAY],
    thu: [DAY],
    fri: [DAY],
    sat: [DAY],
    sun: [DAY],
  },
  visitMinutes: 60,
  bufferMinutes: 0,
  noticeHours: 0,
  horizonDays: 30,
};

describe.each(DATABASE_TARGETS)("days off on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const today = wallClockOf(new Date(), ZONE).date;
  const day = (offset: number) => addDays(today, offset);

  /** A new business of a new pro, open every day in Denver. */
  async function business(): Promise<string> {
    const { id } = await createBusiness(db(), await createPerson(db(), "Sam Roofer"));
    await saveVisitSettings(db(), id, OPEN, new Date());
    return id;
  }
  const add = (id: string, from: number, to = from, note = "") =>
    addDaysOff(db(), id, { startsOn: day(from), endsOn: day(to), note }, today);
  const stored = (id: string) =>
    db()
      .select({ startsOn: visitDaysOff.startsOn, endsOn: visitDaysOff.endsOn })
      .from(visitDaysOff)
      .where(eq(visitDaysOff.contractorId, id));
  /** Ranges that do not touch: one day every three. */
  async function fill(id: string, ranges: number) {
    for (let i = 0; i < ranges; i++) await add(id, 3 * i);
  }

  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("joins 150 overlapping and touching dates into one range", async () => {
    const id = await business();
    // Every other day first (75 ranges apart), then 75 two-day ranges overlapping and touching them.
    for (let i = 1; i <= 150; i += 2) await add(id, i, i, "Holidays");
    expect(await stored(id)).toHaveLength(75);
    for (let i = 2; i <= 150; i += 2) await add(id, i, i + 1);
    expect(await stored(id)).toEqual([{ startsOn: day(1), endsOn: day(151) }]);
    expect((await comingDaysOff(db(), id, today))[0]?.note).toBe("Holidays");

    // Touching on either side only: still one range, the notes of both kept once each.
    await add(id, 152, 160, "Conference");
    await add(id, 0, 0, "Holidays");
    const [joined] = await comingDaysOff(db(), id, today);
    expect(joined).toMatchObject({ startsOn: day(0), endsOn: day(160) });
    expect(joined?.note).toBe("Holidays · Conference");
    expect(await stored(id)).toHaveLength(1);
  });

  it("refuses the 101st range, but not dates that join ones kept", async () => {
    const id = await business();
    await fill(id, DAYS_OFF_LIMITS.coming);
    expect(await stored(id)).toHaveLength(100);
    expect(await refused(add(id, 300))).toBeInstanceOf(DaysOffFull);
    // Inside or beside a kept range: no new range, so it goes in.
    await add(id, 3, 4);
    // Bridging two ranges makes one of them: then there is room for one more.
    await add(id, 1, 2);
    expect(await stored(id)).toHaveLength(99);
    await add(id, 300);
    expect(await stored(id)).toHaveLength(100);
    expect(await refused(add(id, 400))).toBeInstanceOf(DaysOffFull);
  });

  it("does not count ranges that have ended, and lets them go", async () => {
    const id = await business();
    await db()
      .insert(visitDaysOff)
      .values({ contractorId: id, startsOn: day(-10), endsOn: day(-1), note: "" });
    await fill(id, DAYS_OFF_LIMITS.coming);
    const kept = await stored(id);
    expect(kept).toHaveLength(100);
    expect(kept.every((range) => range.endsOn >= today)).toBe(true);
  });

  it("takes one of two ranges added at once when one place is left", async () => {
    const id = await business();
    await fill(id, DAYS_OFF_LIMITS.coming - 1);
    const results = await Promise.allSettled([add(id, 500), add(id, 510)]);
    const taken = results.filter((result) => result.status === "fulfilled");
    const left = results.flatMap((result) =>
      result.status === "rejected" ? [result.reason as unknown] : [],
    );
    expect(taken).toHaveLength(1);
    expect(left).toHaveLength(1);
    expect(left[0]).toBeInstanceOf(DaysOffFull);
    expect(await stored(id)).toHaveLength(100);
  });

  it("reads only the days off inside the horizon for the free slots", async () => {
    const id = await business();
    await add(id, 10, 10, "Inside");
    await add(id, 200, 202, "Beyond");
    expect((await daysOffOf(db(), id, today)).map((off) => off.note)).toEqual(["Inside"]);
    expect((await comingDaysOff(db(), id, today)).map((off) => off.note)).toEqual([
      "Inside",
      "Beyond",
    ]);
    const { slots } = await freeSlotsOf(db(), id, new Date());
    const days = new Set(slots.map((slot) => wallClockOf(slot.start, ZONE).date));
    expect(days.has(day(9))).toBe(true);
    expect(days.has(day(10))).toBe(false);
    // A longer horizon reads further.
    await saveVisitSettings(db(), id, { ...OPEN, horizonDays: 365 }, new Date());
    expect(await daysOffOf(db(), id, today)).toHaveLength(2);
  });
});
