/**
 * A business's settings for visits and its days off (issue 34). A business
 * that never changed them has the defaults (hours.ts) in its own zone, found
 * from its base place, so it can be booked at once.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { findCity, zoneOfPlace } from "~/features/places/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import { contractors, visitDaysOff, visitSettings } from "../../../database/schema";
import {
  checkWeeklyHours,
  defaultVisitSettings,
  WEEKDAYS,
  type VisitSettings,
  type Weekday,
  type WeeklyHours,
} from "./hours";
import type { DayOff } from "./slots";

type Reader = Database | Transaction;

/** The zone when a place tells nothing: the country's most populous one. */
const COUNTRY_ZONES = { US: "America/New_York", CA: "America/Toronto" } as const;

/** The zone of a city slug, if the gazetteer knows it. */
export async function zoneOfCity(slug: string | null | undefined): Promise<string | undefined> {
  const place = slug ? await findCity(slug) : undefined;
  return place ? zoneOfPlace(place) : undefined;
}

/** A business's own zone: its base place's, else its first city's, else its country's. */
export async function businessZone(business: {
  basePlace: string | null;
  citySlugs: readonly string[];
  country: "US" | "CA";
}): Promise<string> {
  return (
    (await zoneOfCity(business.basePlace)) ??
    (await zoneOfCity(business.citySlugs[0])) ??
    COUNTRY_ZONES[business.country]
  );
}

/** A stored weekly-hours value, as written by saveVisitSettings; defaults if it is not one. */
function readWeeklyHours(value: unknown): WeeklyHours | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const hours = Object.fromEntries(
    WEEKDAYS.map((day: Weekday) => [day, Array.isArray(record[day]) ? record[day] : []]),
  ) as WeeklyHours;
  return checkWeeklyHours(hours).length === 0 ? hours : undefined;
}

/** The business's settings: its own, or the defaults in its zone; `custom` says which. */
export async function visitSettingsOf(
  db: Reader,
  contractorId: string,
): Promise<VisitSettings & { custom: boolean }> {
  const [row] = await db
    .select({
      timeZone: visitSettings.timeZone,
      weeklyHours: visitSettings.weeklyHours,
      visitMinutes: visitSettings.visitMinutes,
      bufferMinutes: visitSettings.bufferMinutes,
      noticeHours: visitSettings.noticeHours,
      horizonDays: visitSettings.horizonDays,
    })
    .from(visitSettings)
    .where(eq(visitSettings.contractorId, contractorId));
  const weeklyHours = row ? readWeeklyHours(row.weeklyHours) : undefined;
  if (row && weeklyHours) return { ...row, weeklyHours, custom: true };
  const [business] = await db
    .select({
      basePlace: contractors.basePlace,
      citySlugs: contractors.citySlugs,
      country: contractors.country,
    })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  const zone = business ? await businessZone(business) : COUNTRY_ZONES.US;
  return { ...defaultVisitSettings(zone), custom: false };
}

/** Stores the business's settings (already checked by the form). */
export async function saveVisitSettings(
  db: Reader,
  contractorId: string,
  settings: VisitSettings,
  now: Date,
): Promise<void> {
  const values = { ...settings, updatedAt: now };
  await db
    .insert(visitSettings)
    .values({ contractorId, ...values })
    .onConflictDoUpdate({ target: visitSettings.contractorId, set: values });
}

/** The business's days off that end on or after `from` (a local date), in order. */
export async function daysOffOf(
  db: Reader,
  contractorId: string,
  from: string,
): Promise<(DayOff & { id: string; note: string })[]> {
  return db
    .select({
      id: visitDaysOff.id,
      startsOn: visitDaysOff.startsOn,
      endsOn: visitDaysOff.endsOn,
      note: visitDaysOff.note,
    })
    .from(visitDaysOff)
    .where(and(eq(visitDaysOff.contractorId, contractorId), gte(visitDaysOff.endsOn, from)))
    .orderBy(asc(visitDaysOff.startsOn));
}

export async function addDaysOff(
  db: Reader,
  contractorId: string,
  dayOff: DayOff & { note: string },
): Promise<void> {
  await db.insert(visitDaysOff).values({ contractorId, ...dayOff });
}

/** Removes one of the business's days off; false when it is not the business's. */
export async function removeDaysOff(
  db: Reader,
  contractorId: string,
  id: string,
): Promise<boolean> {
  const removed = await db
    .delete(visitDaysOff)
    .where(and(eq(visitDaysOff.id, id), eq(visitDaysOff.contractorId, contractorId)))
    .returning({ id: visitDaysOff.id });
  return removed.length > 0;
}
