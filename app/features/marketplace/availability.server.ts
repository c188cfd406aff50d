/**
 * Whether a business takes new requests at an instant, and until when not
 * (issue 33, taking a break): the one place that says it, for the
 * choose-pros step (a SQL condition), for sending (one business, locked) and
 * for the pages that show "Not taking new requests until …".
 *
 * A business is paused by
 * - its own pause: `paused_until` is a day after today (it takes requests
 *   again from that day on);
 * - its weekly limit: as many requests reached it since the week began as
 *   `weekly_limit` allows; it takes them again when the next week begins;
 * - inactivity: nobody signed in to it for INACTIVE_PAUSE_DAYS
 *   (inactivity.server.ts sets `inactive_paused_at`; its owner's next
 *   sign-in clears it). No end date: it ends when someone is back.
 *
 * Days and weeks are UTC for now: a week begins on Monday at 00:00 UTC and
 * "today" is the UTC day. Issue 34 brings each business's own time zone;
 * then both are read in it.
 *
 * Requests already sent are not affected: a paused pro still answers,
 * quotes and is hired on them. Only a new request is refused.
 */
import { msg } from "@lingui/core/macro";
import { and, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { contractors, requestPros } from "../../../database/schema";
import { dayOf, pauseAt, weekStart, type Pause, type PauseSettings } from "./pause";
import { ProUnavailable } from "./unavailable.server";

/** How many requests reached the business (a column of a query on contractors) since `since`. */
const sentSince = (since: Date) =>
  sql<number>`(select count(*) from ${requestPros} where ${requestPros.contractorId} = ${contractors.id} and ${requestPros.consentAt} >= ${since.toISOString()}::timestamptz)`.mapWith(
    Number,
  );

/**
 * The condition, on a query of contractors, that a business takes new
 * requests at `now` (the same rule as pauseAt).
 */
export function takingRequests(now: Date): SQL {
  const condition = and(
    isNull(contractors.inactivePausedAt),
    or(isNull(contractors.pausedUntil), lte(contractors.pausedUntil, dayOf(now))),
    or(
      isNull(contractors.weeklyLimit),
      sql`${sentSince(weekStart(now))} < ${contractors.weeklyLimit}`,
    ),
  );
  if (!condition) throw new Error("unreachable: and() of three conditions");
  return condition;
}

/** What decides each of these businesses' pause at `now` (its requests counted this week). */
export async function pauseSettingsOf(
  db: Database | Transaction,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, PauseSettings>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: contractors.id,
      pausedUntil: contractors.pausedUntil,
      weeklyLimit: contractors.weeklyLimit,
      inactivePausedAt: contractors.inactivePausedAt,
      thisWeek: sentSince(weekStart(now)),
    })
    .from(contractors)
    .where(inArray(contractors.id, [...ids]));
  return new Map(rows.map(({ id, ...settings }) => [id, settings]));
}

/** The pause of each of these businesses at `now`; a business that takes requests is absent. */
export async function pausesOf(
  db: Database | Transaction,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, Pause>> {
  const settings = await pauseSettingsOf(db, ids, now);
  return new Map(
    [...settings].flatMap(([id, row]) => {
      const pause = pauseAt(row, now);
      return pause ? [[id, pause] as const] : [];
    }),
  );
}

/** One business's pause at `now`, or null when it takes new requests (or does not exist). */
export async function pauseOf(
  db: Database | Transaction,
  contractorId: string,
  now: Date,
): Promise<Pause | null> {
  return (await pausesOf(db, [contractorId], now)).get(contractorId) ?? null;
}

/**
 * In the transaction that sends a request to these businesses: refuses, with
 * a sentence that names it, one that takes no new requests at `now`.
 *
 * A business with a weekly limit is locked FOR UPDATE first (in id order,
 * so two sends to the same businesses cannot deadlock): a second send to it
 * waits until the first commits, then counts the first's request, so two
 * concurrent sends cannot both pass the limit. Call it before any share
 * lock on the same rows (a share lock two transactions hold cannot both be
 * raised). A suspended business is left to the caller's own refusal.
 */
export async function refusePaused(
  tx: Transaction,
  contractorIds: readonly string[],
  now: Date,
): Promise<void> {
  if (contractorIds.length === 0) return;
  await tx
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(inArray(contractors.id, [...contractorIds]), isNotNull(contractors.weeklyLimit)))
    .orderBy(contractors.id)
    .for("update");
  const pauses = await pausesOf(tx, contractorIds, now);
  if (pauses.size === 0) return;
  const [paused] = await tx
    .select({ name: contractors.name })
    .from(contractors)
    .where(and(inArray(contractors.id, [...pauses.keys()]), isNull(contractors.suspendedAt)))
    .orderBy(contractors.name);
  if (!paused) return;
  const name = paused.name;
  throw new ProUnavailable(
    msg`${name} is not taking new requests at the moment. Please choose another pro.`,
  );
}
