/**
 * A business's taken and free times for visits (issue 34), read from its
 * settings, days off and visits: what the booking list offers, and the check
 * a booking or a move makes before it takes a time.
 *
 * Never double-booked: a slot is checked here, and the database refuses a
 * second visit overlapping one that holds its time (the exclusion constraint
 * `visits_no_overlap`), so two homeowners taking the last slot at once get
 * one booking and one SlotTaken.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { IllegalStep } from "~/features/marketplace/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import { VISIT_HOLDING_STATES, visits } from "../../../database/schema";
import { daysOffOf, visitSettingsOf } from "./settings.server";
import { freeSlots, isFreeSlot, type Busy, type Slot, type SlotQuery } from "./slots";
import { wallClockOf } from "./zoned-time";

type Reader = Database | Transaction;

export const MINUTE_MS = 60_000;

/** The time the person chose was taken meanwhile (or is no longer free): 409, choose again. */
export class SlotTaken extends IllegalStep {
  override name = "SlotTaken";
  constructor() {
    super(msg`Sorry, that time was just taken or is no longer free. Please choose another time.`);
  }
}

/** PostgreSQL's exclusion_violation, from either driver (drizzle wraps the driver's error). */
function isOverlap(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23P01") return true;
    if (typeof e !== "object") break;
  }
  return false;
}

/** Runs an insert or update that may take a taken time; the database's refusal is SlotTaken. */
export async function holding<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isOverlap(error)) throw new SlotTaken();
    throw error;
  }
}

/** The business's taken times that end after `from` and start before `to`, but `except`'s. */
export async function busyOf(
  db: Reader,
  contractorId: string,
  from: Date,
  to: Date,
  except?: string,
): Promise<Busy[]> {
  const rows = await db
    .select({ start: visits.startsAt, end: visits.blockedUntil })
    .from(visits)
    .where(
      and(
        eq(visits.contractorId, contractorId),
        inArray(visits.state, [...VISIT_HOLDING_STATES]),
        gt(visits.blockedUntil, from),
        lt(visits.startsAt, to),
        except ? ne(visits.id, except) : undefined,
      ),
    );
  return rows.flatMap((row) => (row.start && row.end ? [{ start: row.start, end: row.end }] : []));
}

/** Everything freeSlots needs for a business from `now`, but the visit `except` (being moved). */
async function slotQuery(
  db: Reader,
  contractorId: string,
  now: Date,
  except?: string,
): Promise<SlotQuery> {
  const settings = await visitSettingsOf(db, contractorId);
  const today = wallClockOf(now, settings.timeZone).date;
  const until = new Date(now.getTime() + (settings.horizonDays + 2) * 24 * 60 * MINUTE_MS);
  const [daysOff, busy] = await Promise.all([
    daysOffOf(db, contractorId, today),
    busyOf(db, contractorId, new Date(now.getTime() - 24 * 60 * MINUTE_MS), until, except),
  ]);
  return { settings, daysOff, busy, now };
}

/** A business's free slots from now, earliest first, in its zone; `except` a visit being moved. */
export async function freeSlotsOf(
  db: Reader,
  contractorId: string,
  now: Date,
  options: { limit?: number; except?: string } = {},
): Promise<{ timeZone: string; visitMinutes: number; slots: Slot[] }> {
  const query = await slotQuery(db, contractorId, now, options.except);
  return {
    timeZone: query.settings.timeZone,
    visitMinutes: query.settings.visitMinutes,
    slots: freeSlots({ ...query, limit: options.limit }),
  };
}

/** The times a slot starting at `start` takes for the business, checked free. */
export async function takeSlot(
  tx: Transaction,
  contractorId: string,
  start: Date,
  now: Date,
  except?: string,
): Promise<{ startsAt: Date; endsAt: Date; blockedUntil: Date }> {
  const query = await slotQuery(tx, contractorId, now, except);
  if (!isFreeSlot(query, start)) throw new SlotTaken();
  const { visitMinutes, bufferMinutes } = query.settings;
  const endsAt = new Date(start.getTime() + visitMinutes * MINUTE_MS);
  return {
    startsAt: start,
    endsAt,
    blockedUntil: new Date(endsAt.getTime() + bufferMinutes * MINUTE_MS),
  };
}

export type { Slot };
