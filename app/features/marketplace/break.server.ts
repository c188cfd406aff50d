/**
 * A pro taking a break (issue 33): pausing new requests until a day,
 * resuming now, and a weekly limit of new requests. Only the business's
 * owner changes them: another business's id is NotFound (404), the same as
 * one that does not exist. What they decide is read by availability.server.ts.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { DAY_MS } from "~/lib/retention";
import { contractors } from "../../../database/schema";
import { pauseOf, pauseSettingsOf } from "./availability.server";
import { MAX_WEEKLY_LIMIT } from "./limits";
import { dayOf, pauseAt, sameShownPause, type Pause, type PauseSettings } from "./pause";
import { checkIds, NotFound } from "./requests.server";

/** A pause ends at most this many days ahead (the form's "within a year"). */
export const MAX_PAUSE_DAYS = 365;

/** The first and last day a pause may end on, as `now` sees them ("YYYY-MM-DD"). */
export function pauseDays(now: Date): { first: string; last: string } {
  return {
    first: dayOf(new Date(now.getTime() + DAY_MS)),
    last: dayOf(new Date(now.getTime() + MAX_PAUSE_DAYS * DAY_MS)),
  };
}

/** A real day written "YYYY-MM-DD" (not 2027-02-30). */
const isDay = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  dayOf(new Date(`${value}T00:00:00Z`)) === value;

/**
 * The break form's three buttons: pause until a day after today and within
 * a year, resume now, or a weekly limit (empty: none; 1 to 100), each
 * message in the page's language.
 */
export function breakSchema(locale: Locale, now: Date) {
  const { first, last } = pauseDays(now);
  const max = MAX_WEEKLY_LIMIT;
  const limitMessage = translate(
    locale,
    msg`Enter a whole number from 1 to ${max}, or leave it empty for no limit.`,
  );
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("pause"),
      until: z.string().check(
        z.trim(),
        z.refine(isDay, {
          error: translate(locale, msg`Enter the day you take new requests again.`),
          abort: true,
        }),
        z.refine((day) => day >= first, {
          error: translate(locale, msg`Choose a day after today.`),
          abort: true,
        }),
        z.refine((day) => day <= last, {
          error: translate(locale, msg`Choose a day within a year.`),
        }),
      ),
    }),
    z.object({ intent: z.literal("resume") }),
    z.object({
      intent: z.literal("limit"),
      weeklyLimit: z.pipe(
        z.string().check(
          z.trim(),
          z.refine((value) => value === "" || /^\d{1,3}$/.test(value), {
            error: limitMessage,
            abort: true,
          }),
          z.refine((value) => value === "" || (Number(value) >= 1 && Number(value) <= max), {
            error: limitMessage,
          }),
        ),
        z.transform((value) => (value === "" ? null : Number(value))),
      ),
    }),
  ]);
}

/** A business's break as its owner sees it: the settings, this week's count, the pause now. */
export interface BreakStatus extends PauseSettings {
  pause: Pause | null;
}

/** The owner's business's break at `now`; NotFound for anyone else's. */
export async function breakStatus(
  db: Database,
  userId: string,
  businessId: string,
  now: Date,
): Promise<BreakStatus> {
  await ownedBusiness(db, userId, businessId);
  const settings = (await pauseSettingsOf(db, [businessId], now)).get(businessId);
  if (!settings) throw new NotFound();
  return { ...settings, pause: pauseAt(settings, now) };
}

async function ownedBusiness(db: Database, userId: string, businessId: string): Promise<void> {
  checkIds(businessId);
  const [row] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, businessId), eq(contractors.ownerId, userId)));
  if (!row) throw new NotFound();
}

/** What a change to the break made visible: whether public pages now say otherwise. */
export interface BreakChanged {
  /** The pause line of its cards and profile changed (sameShownPause): their pages are stale. */
  shownChanged: boolean;
}

/**
 * Changes the owner's business's break; NotFound for anyone else's. Its row
 * is locked while its pause is read before and after, so two changes at once
 * each see the other's outcome and the last one to change the line says so.
 */
async function setBreak(
  db: Database,
  userId: string,
  businessId: string,
  change: { pausedUntil: string | null } | { weeklyLimit: number | null },
  now: Date,
): Promise<BreakChanged> {
  checkIds(businessId);
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: contractors.id })
      .from(contractors)
      .where(and(eq(contractors.id, businessId), eq(contractors.ownerId, userId)))
      .for("update");
    if (!owned) throw new NotFound();
    const before = await pauseOf(tx, businessId, now);
    await tx
      .update(contractors)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(contractors.id, businessId));
    return { shownChanged: !sameShownPause(before, await pauseOf(tx, businessId, now)) };
  });
}

/** No new requests before `day` ("YYYY-MM-DD", checked by breakSchema). */
export const pauseUntil = (
  db: Database,
  userId: string,
  businessId: string,
  day: string,
  now = new Date(),
) => setBreak(db, userId, businessId, { pausedUntil: day }, now);

/** New requests again from now on (the weekly limit, if any, still counts). */
export const resumeNow = (db: Database, userId: string, businessId: string, now = new Date()) =>
  setBreak(db, userId, businessId, { pausedUntil: null }, now);

/** At most `limit` new requests a week; null: no limit. */
export const setWeeklyLimit = (
  db: Database,
  userId: string,
  businessId: string,
  limit: number | null,
  now = new Date(),
) => setBreak(db, userId, businessId, { weeklyLimit: limit }, now);
