/**
 * A business's days off (issue 34), bounded (issue 42): ranges of local dates
 * in its own calendar, both ends inclusive. Adding one joins it with the
 * ranges it overlaps or touches, in one transaction that holds the
 * business's row, so two adds at once cannot both pass the cap of
 * DAYS_OFF_LIMITS.coming ranges that have not ended yet. Ranges that have
 * ended are never read (nothing shows past days off, and slots start today);
 * each add deletes the business's ended ones, so the table holds about what
 * the cap allows. The slots read only the days off inside the business's
 * booking horizon.
 */
import { and, asc, count, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { singleLine } from "~/lib/plain-text";
import { contractors, visitDaysOff, visitSettings } from "../../../database/schema";
import { DAYS_OFF_LIMITS, DEFAULT_HORIZON_DAYS } from "./hours";
import type { DayOff } from "./slots";
import { addDays } from "./zoned-time";

type Reader = Database | Transaction;

/** A day off as the pro's page lists it. */
export type DayOffRow = DayOff & { id: string; note: string };

/** The business already keeps DAYS_OFF_LIMITS.coming ranges; this one would be another. */
export class DaysOffFull extends Error {
  constructor() {
    super("too many days off");
    this.name = "DaysOffFull";
  }
}

const columns = {
  id: visitDaysOff.id,
  startsOn: visitDaysOff.startsOn,
  endsOn: visitDaysOff.endsOn,
  note: visitDaysOff.note,
};

/** Stored notes, as shown: one line (rows from before the check may hold control characters). */
const shown = (rows: DayOffRow[]): DayOffRow[] =>
  rows.map((row) => ({ ...row, note: singleLine(row.note) }));

/** Every range of the business that ends on or after `today`, in order (at most the cap). */
export async function comingDaysOff(
  db: Reader,
  contractorId: string,
  today: string,
): Promise<DayOffRow[]> {
  const rows = await db
    .select(columns)
    .from(visitDaysOff)
    .where(and(eq(visitDaysOff.contractorId, contractorId), gte(visitDaysOff.endsOn, today)))
    .orderBy(asc(visitDaysOff.startsOn));
  return shown(rows);
}

/**
 * The days off that can take slots from `from` (a local date): those that end
 * on or after it and start before the business's horizon ends. The horizon
 * is read in the same statement; the defaults' horizon counts too, since a
 * business whose stored hours are unreadable is offered on the defaults.
 */
export async function daysOffOf(
  db: Reader,
  contractorId: string,
  from: string,
): Promise<DayOffRow[]> {
  const horizon = sql`(select greatest(coalesce(max(${visitSettings.horizonDays}), 0), ${DEFAULT_HORIZON_DAYS}::integer) from ${visitSettings} where ${visitSettings.contractorId} = ${contractorId})`;
  const rows = await db
    .select(columns)
    .from(visitDaysOff)
    .where(
      and(
        eq(visitDaysOff.contractorId, contractorId),
        gte(visitDaysOff.endsOn, from),
        lte(visitDaysOff.startsOn, sql`${from}::date + ${horizon} + 1`),
      ),
    )
    .orderBy(asc(visitDaysOff.startsOn));
  return shown(rows);
}

const NOTE_JOINER = " · ";

/** The notes of joined ranges, each once, in date order, within the note's length. */
function joinedNote(notes: readonly string[]): string {
  // A note that is already a join counts as its parts: "Holidays" joins "Holidays · Conference" once.
  const parts = notes.flatMap((note) => note.split(NOTE_JOINER)).map((part) => part.trim());
  const joined = [...new Set(parts.filter(Boolean))].join(NOTE_JOINER);
  const max = DAYS_OFF_LIMITS.noteMax;
  return joined.length <= max ? joined : `${joined.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Adds a range of days off (already checked by the form: it starts today or
 * later), joined with every coming range it overlaps or touches. Throws
 * DaysOffFull when the business would keep more than the cap.
 */
export async function addDaysOff(
  db: Database,
  contractorId: string,
  dayOff: DayOff & { note: string },
  today: string,
): Promise<DayOffRow> {
  return db.transaction(async (tx) => {
    // Held until commit: a second add for this business waits here, then counts this one.
    // "No key update" lets rows that reference the business (visits, requests) be written meanwhile.
    await tx
      .select({ id: contractors.id })
      .from(contractors)
      .where(eq(contractors.id, contractorId))
      .for("no key update");
    await tx
      .delete(visitDaysOff)
      .where(and(eq(visitDaysOff.contractorId, contractorId), lt(visitDaysOff.endsOn, today)));
    const touching = await tx
      .select(columns)
      .from(visitDaysOff)
      .where(
        and(
          eq(visitDaysOff.contractorId, contractorId),
          lte(visitDaysOff.startsOn, addDays(dayOff.endsOn, 1)),
          gte(visitDaysOff.endsOn, addDays(dayOff.startsOn, -1)),
        ),
      )
      .orderBy(asc(visitDaysOff.startsOn));
    const [kept] = await tx
      .select({ n: count() })
      .from(visitDaysOff)
      .where(eq(visitDaysOff.contractorId, contractorId));
    if ((kept?.n ?? 0) - touching.length + 1 > DAYS_OFF_LIMITS.coming) {
      throw new DaysOffFull();
    }
    const all = [...touching, dayOff].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
    const joined = {
      startsOn: all.map((range) => range.startsOn).reduce((a, b) => (b < a ? b : a)),
      endsOn: all.map((range) => range.endsOn).reduce((a, b) => (b > a ? b : a)),
      note: joinedNote(all.map((range) => range.note)),
    };
    if (touching.length > 0) {
      const ids = touching.map((range) => range.id);
      await tx.delete(visitDaysOff).where(inArray(visitDaysOff.id, ids));
    }
    const [added] = await tx
      .insert(visitDaysOff)
      .values({ contractorId, ...joined })
      .returning(columns);
    if (!added) throw new Error("the day off was not stored");
    return added;
  });
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
