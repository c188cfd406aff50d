/**
 * A business's settings for visits (issue 34; its days off are in
 * days-off.server.ts). A business that never changed them has the defaults
 * (hours.ts) in its own zone, found from its base place, so it can be
 * booked at once.
 */
import { eq } from "drizzle-orm";
import { findCity, zoneOfPlace } from "~/features/places/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import { contractors, visitSettings } from "../../../database/schema";
import {
  checkWeeklyHours,
  defaultVisitSettings,
  WEEKDAYS,
  type VisitSettings,
  type Weekday,
  type WeeklyHours,
} from "./hours";

type Reader = Database | Transaction;

/** The zone when a place tells nothing: the country's most populous one. */
export const COUNTRY_ZONES = { US: "America/New_York", CA: "America/Toronto" } as const;

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

// The slots' query (visits.server.ts) reads days off from here; they live in days-off.server.ts.
export { daysOffOf } from "./days-off.server";
