/**
 * Site visits between a homeowner and a business that took their request on
 * (issue 34): the only code a person's step on a visit goes through, each
 * through the state table (states.server.ts) in one transaction that locks
 * the visit's row (or, for a new visit, the request's), with its reminders
 * and its notice (visit-notices.server.ts: each side is emailed once the
 * visit has been still for a moment) written in the same transaction.
 *
 * Bounded (issue 42): a person makes at most VISIT_CHANGES_PER_HOUR changes
 * to visits an hour, and a visit is moved at most MAX_VISIT_MOVES times;
 * typed text holding control characters is refused, not stored.
 *
 * Authorization is part of every query: the homeowner reaches the visits of
 * their own requests, a pro those of the businesses it owns; anything else
 * is NotFound (404), as for an id that does not exist.
 */
import { msg, plural } from "@lingui/core/macro";
import { and, eq, inArray } from "drizzle-orm";
import {
  BadChoice,
  checkIds,
  clockOf,
  lockOwnRequest,
  NotFound,
  type Delivery,
} from "~/features/marketplace/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import { hasControlCharacters } from "~/lib/plain-text";
import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/text-check-messages";
import { hitRateLimit } from "~/lib/rate-limit.server";
import {
  contractors,
  leads,
  outboxJobs,
  requestPros,
  VISIT_OPEN_STATES,
  visitOptions,
  visits,
  type ProState,
} from "../../../database/schema";
import { visitSettingsOf, zoneOfCity } from "./settings.server";
import {
  holdsTime,
  sideMayTake,
  stepVisit,
  type VisitEvent,
  type VisitSide,
  type VisitState,
} from "./states.server";
import { PROPOSAL_REACH_DAYS } from "./hours";
import { ADDRESS_MAX, REASON_MAX } from "./visit-labels";
import { lapseIfPassed, noteVisitChange, queueLapse } from "./visit-notices.server";
import { dropReminders, reminderJobs } from "./visit-reminders.server";
import { busyOf, holding, MINUTE_MS, SlotTaken, takeSlot } from "./visit-slots.server";
import { addDays } from "./zoned-time";

/** The most times a pro may propose for one visit. */
export const MAX_PROPOSED_TIMES = 3;
/** How long a reason may be (a cancellation's, a reschedule's). */
export const MAX_REASON_LENGTH = REASON_MAX;
/** How many times one visit may be moved; past it, the two agree in Messages or book anew. */
export const MAX_VISIT_MOVES = 10;
/** Changes to visits (bookings, proposals, picks, moves, cancellations) one person makes an hour. */
export const VISIT_CHANGES_PER_HOUR = 20;

/** The pro's parts that may have a visit: it took the request on. */
const TAKEN_ON: readonly ProState[] = ["accepted", "quoted", "hired"];
/** The request's states in which a visit may be arranged. */
const OPEN_REQUEST = ["sent", "scheduled", "in_progress"] as const;

const NOT_TAKEN_ON = msg`You can book a visit once this pro has accepted your request.`;
const NOT_YET = msg`You can say how the visit went once its time has come.`;
const NO_REASON = msg`Please say why, in a few words.`;

/** Who is acting: the homeowner of the visit's request, or the owner of its business. */
export interface VisitActor {
  userId: string;
}

/**
 * Counts one change to visits by this person; refused (429) past the hour's
 * allowance, before anything is read or written. Shared by every instance
 * (the rate limits are in the database).
 */
async function countChange(db: Database, userId: string): Promise<void> {
  const limit = await hitRateLimit(db, `visit-changes:${userId}`, {
    max: VISIT_CHANGES_PER_HOUR,
    windowS: 60 * 60,
  });
  if (limit.allowed) return;
  const minutes = Math.max(1, Math.ceil(limit.retryAfterS / 60));
  throw new BadChoice(
    msg`You have made many changes to visits in the last hour. Please try again in ${plural(minutes, { one: "# minute", other: "# minutes" })}, or agree on a time in Messages.`,
    429,
  );
}

/** A reason as the person typed it, trimmed; refused when empty, too long or unprintable. */
function reasonOf(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed || trimmed.length > MAX_REASON_LENGTH) throw new BadChoice(NO_REASON);
  if (hasControlCharacters(trimmed, { multiLine: true }))
    throw new BadChoice(CONTROL_CHARACTERS_MESSAGE);
  return trimmed;
}

/** An address as typed, or null (the homeowner may keep it for the conversation). */
function addressOf(address: string | null | undefined): string | null {
  const trimmed = address?.trim() ?? "";
  if (!trimmed) return null;
  if (hasControlCharacters(trimmed)) throw new BadChoice(CONTROL_CHARACTERS_MESSAGE);
  return trimmed.slice(0, ADDRESS_MAX);
}

/** The request's part with this business, locked; it must have taken the request on. */
async function takenOnPart(tx: Transaction, leadId: string, contractorId: string) {
  const [part] = await tx
    .select({ state: requestPros.state })
    .from(requestPros)
    .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)))
    .for("update");
  if (!part) throw new NotFound();
  if (!TAKEN_ON.includes(part.state)) throw new BadChoice(NOT_TAKEN_ON);
}

/**
 * The open visit of this request and business, if any (one at a time); a
 * proposal whose times have all passed lapses here first, should its own
 * task not have run yet, so it never stands in the way of a new one.
 */
async function openVisitOf(
  tx: Transaction,
  leadId: string,
  contractorId: string,
  now: Date,
  delivery: Delivery,
) {
  const [open] = await tx
    .select({ id: visits.id, state: visits.state })
    .from(visits)
    .where(
      and(
        eq(visits.leadId, leadId),
        eq(visits.contractorId, contractorId),
        inArray(visits.state, [...VISIT_OPEN_STATES]),
      ),
    );
  if (
    open?.state === "proposed" &&
    (await lapseIfPassed(tx, open.id, now, delivery.visitQuietMs))
  ) {
    return undefined;
  }
  return open;
}

/** After a change: the visit's reminders follow its time, and its sides are told once it is still. */
async function changed(
  tx: Transaction,
  visitId: string,
  delivery: Delivery,
  now: Date,
): Promise<void> {
  await dropReminders(tx, visitId);
  const [visit] = await tx
    .select({
      id: visits.id,
      leadId: visits.leadId,
      state: visits.state,
      startsAt: visits.startsAt,
      sequence: visits.sequence,
    })
    .from(visits)
    .where(eq(visits.id, visitId));
  if (!visit) throw new NotFound();
  const jobs = holdsTime(visit.state) ? reminderJobs(visit, now, delivery.emailStatus) : [];
  if (jobs.length > 0) await tx.insert(outboxJobs).values(jobs);
  await noteVisitChange(tx, visit, now, delivery.visitQuietMs);
}

/** The job's zone: its city's, else the business's. */
async function jobZone(citySlug: string | null, businessZone: string): Promise<string> {
  return (await zoneOfCity(citySlug)) ?? businessZone;
}

/**
 * The homeowner books one of the business's free slots for their request.
 * Returns the visit's id. SlotTaken when the slot is not (or no longer) free.
 */
export async function bookVisit(
  db: Database,
  userId: string,
  booking: { leadId: string; contractorId: string; start: Date; address?: string | null },
  delivery: Delivery,
): Promise<string> {
  checkIds(booking.leadId, booking.contractorId);
  const now = clockOf(delivery)();
  const address = addressOf(booking.address);
  await countChange(db, userId);
  return db.transaction(async (tx) => {
    const request = await lockOwnRequest(tx, booking.leadId, { userId });
    if (!(OPEN_REQUEST as readonly string[]).includes(request.status)) {
      throw new BadChoice(NOT_TAKEN_ON);
    }
    await takenOnPart(tx, booking.leadId, booking.contractorId);
    const open = await openVisitOf(tx, booking.leadId, booking.contractorId, now, delivery);
    stepVisit(open?.state ?? "new", "book");
    const times = await takeSlot(tx, booking.contractorId, booking.start, now);
    const settings = await visitSettingsOf(tx, booking.contractorId);
    const [row] = await holding(
      tx
        .insert(visits)
        .values({
          leadId: booking.leadId,
          contractorId: booking.contractorId,
          state: "booked",
          ...times,
          timeZone: await jobZone(request.citySlug, settings.timeZone),
          address,
          createdBy: "homeowner",
          changedBy: "homeowner",
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: visits.id }),
    );
    if (!row) throw new Error("the visit was not stored");
    await changed(tx, row.id, delivery, now);
    return row.id;
  });
}

/** The business of the request a pro acts for, owned by the person; NotFound otherwise. */
async function ownedBusiness(tx: Transaction, contractorId: string, userId: string) {
  const [business] = await tx
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)));
  if (!business) throw new NotFound();
}

/**
 * The pro proposes up to three times for a visit; the homeowner picks one.
 * Each must be in the future, at most PROPOSAL_REACH_DAYS ahead (beyond the
 * business's horizon too), and clear of the business's taken times.
 */
export async function proposeVisit(
  db: Database,
  userId: string,
  proposal: { leadId: string; contractorId: string; starts: readonly Date[] },
  delivery: Delivery,
): Promise<string> {
  checkIds(proposal.leadId, proposal.contractorId);
  const now = clockOf(delivery)();
  const starts = [...new Set(proposal.starts.map((start) => start.getTime()))].sort();
  if (starts.length === 0 || starts.length > MAX_PROPOSED_TIMES) {
    throw new BadChoice(msg`Propose one, two or three times.`);
  }
  await countChange(db, userId);
  return db.transaction(async (tx) => {
    await ownedBusiness(tx, proposal.contractorId, userId);
    const [request] = await tx
      .select({ status: leads.status, citySlug: leads.citySlug })
      .from(leads)
      .where(eq(leads.id, proposal.leadId))
      .for("no key update");
    if (!request) throw new NotFound();
    await takenOnPart(tx, proposal.leadId, proposal.contractorId);
    if (!(OPEN_REQUEST as readonly string[]).includes(request.status)) {
      throw new BadChoice(msg`This request is closed, so no visit can be arranged.`);
    }
    const open = await openVisitOf(tx, proposal.leadId, proposal.contractorId, now, delivery);
    stepVisit(open?.state ?? "new", "propose");
    const settings = await visitSettingsOf(tx, proposal.contractorId);
    const length = settings.visitMinutes * MINUTE_MS;
    // A year ahead whatever the horizon, which bounds only what homeowners book themselves.
    const latest = now.getTime() + PROPOSAL_REACH_DAYS * 24 * 60 * MINUTE_MS;
    if (starts.some((start) => start <= now.getTime() || start > latest)) {
      throw new BadChoice(msg`Each time must be in the future and at most a year ahead.`);
    }
    const first = starts[0] ?? 0;
    const last = starts.at(-1) ?? first;
    const busy = await busyOf(
      tx,
      proposal.contractorId,
      new Date(first - length),
      new Date(latest),
    );
    const clash = (start: number) =>
      busy.some((b) => start < b.end.getTime() && b.start.getTime() < start + length);
    if (starts.some(clash)) {
      throw new BadChoice(msg`One of these times overlaps a visit you already have.`);
    }
    const [row] = await tx
      .insert(visits)
      .values({
        leadId: proposal.leadId,
        contractorId: proposal.contractorId,
        state: "proposed",
        timeZone: await jobZone(request.citySlug, settings.timeZone),
        createdBy: "pro",
        changedBy: "pro",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: visits.id, leadId: visits.leadId });
    if (!row) throw new Error("the visit was not stored");
    await tx.insert(visitOptions).values(
      starts.map((start) => ({
        visitId: row.id,
        startsAt: new Date(start),
        endsAt: new Date(start + length),
      })),
    );
    await queueLapse(tx, row, new Date(last));
    await changed(tx, row.id, delivery, now);
    return row.id;
  });
}

/** The visit, locked, with the side the person is on; NotFound for anyone else. */
async function lockVisitFor(tx: Transaction, visitId: string, actor: VisitActor) {
  checkIds(visitId);
  const [row] = await tx
    .select({
      id: visits.id,
      state: visits.state,
      contractorId: visits.contractorId,
      startsAt: visits.startsAt,
      sequence: visits.sequence,
      homeownerId: leads.userId,
      ownerId: contractors.ownerId,
    })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .innerJoin(contractors, eq(contractors.id, visits.contractorId))
    .where(eq(visits.id, visitId))
    .for("update", { of: visits });
  if (!row) throw new NotFound();
  const side: VisitSide | null =
    row.homeownerId === actor.userId ? "homeowner" : row.ownerId === actor.userId ? "pro" : null;
  if (!side) throw new NotFound();
  return { ...row, side };
}

/** The side may take the event from the visit's state; the next state, or refused. */
function next(visit: { state: VisitState; side: VisitSide }, event: VisitEvent): VisitState {
  const state = stepVisit(visit.state, event);
  if (!sideMayTake(visit.side, event)) throw new NotFound();
  return state;
}

/** The homeowner picks one of the times the pro proposed. */
export async function pickVisitTime(
  db: Database,
  actor: VisitActor,
  choice: { visitId: string; start: Date; address?: string | null },
  delivery: Delivery,
): Promise<void> {
  checkIds(choice.visitId);
  const now = clockOf(delivery)();
  const address = addressOf(choice.address);
  await countChange(db, actor.userId);
  await db.transaction(async (tx) => {
    const visit = await lockVisitFor(tx, choice.visitId, actor);
    const state = next(visit, "pick");
    const [option] = await tx
      .select({ startsAt: visitOptions.startsAt, endsAt: visitOptions.endsAt })
      .from(visitOptions)
      .where(and(eq(visitOptions.visitId, visit.id), eq(visitOptions.startsAt, choice.start)));
    if (!option) throw new BadChoice(msg`Please pick one of the times the pro proposed.`);
    if (option.startsAt <= now) throw new SlotTaken();
    const settings = await visitSettingsOf(tx, visit.contractorId);
    const blockedUntil = new Date(option.endsAt.getTime() + settings.bufferMinutes * MINUTE_MS);
    await holding(
      tx
        .update(visits)
        .set({
          state,
          startsAt: option.startsAt,
          endsAt: option.endsAt,
          blockedUntil,
          address,
          changedBy: "homeowner",
          sequence: visit.sequence + 1,
          updatedAt: now,
        })
        .where(eq(visits.id, visit.id)),
    );
    await changed(tx, visit.id, delivery, now);
  });
}

/** Either side moves a booked visit to another free slot, with a reason; the other is told. */
export async function rescheduleVisit(
  db: Database,
  actor: VisitActor,
  move: { visitId: string; start: Date; reason: string },
  delivery: Delivery,
): Promise<void> {
  checkIds(move.visitId);
  const now = clockOf(delivery)();
  const reason = reasonOf(move.reason);
  await countChange(db, actor.userId);
  await db.transaction(async (tx) => {
    const visit = await lockVisitFor(tx, move.visitId, actor);
    const state = next(visit, "reschedule");
    if (visit.sequence >= MAX_VISIT_MOVES) {
      const most = MAX_VISIT_MOVES;
      throw new BadChoice(
        msg`This visit has been moved ${most} times, the most it can be. Please agree on a time in Messages, or cancel it and book a new one.`,
      );
    }
    const times = await takeSlot(tx, visit.contractorId, move.start, now, visit.id);
    await holding(
      tx
        .update(visits)
        .set({
          state,
          ...times,
          reason,
          changedBy: visit.side,
          sequence: visit.sequence + 1,
          updatedAt: now,
        })
        .where(eq(visits.id, visit.id)),
    );
    await changed(tx, visit.id, delivery, now);
  });
}

/** Either side cancels an open visit (times proposed, or booked), with a reason. */
export async function cancelVisit(
  db: Database,
  actor: VisitActor,
  cancel: { visitId: string; reason: string },
  delivery: Delivery,
): Promise<void> {
  checkIds(cancel.visitId);
  const now = clockOf(delivery)();
  const reason = reasonOf(cancel.reason);
  await countChange(db, actor.userId);
  await db.transaction(async (tx) => {
    const visit = await lockVisitFor(tx, cancel.visitId, actor);
    const state = next(visit, visit.side === "homeowner" ? "cancel_by_homeowner" : "cancel_by_pro");
    await tx
      .update(visits)
      .set({
        state,
        reason,
        changedBy: visit.side,
        sequence: visit.sequence + 1,
        updatedAt: now,
      })
      .where(eq(visits.id, visit.id));
    await changed(tx, visit.id, delivery, now);
  });
}

/** What either side says after the visit's time: it happened, or the other did not come. */
export type VisitOutcome = "done" | "no_show";

/** Marks a visit done, or the other side a no-show, once its time has come. */
export async function markVisit(
  db: Database,
  actor: VisitActor,
  mark: { visitId: string; outcome: VisitOutcome },
  delivery: Delivery,
): Promise<void> {
  const now = clockOf(delivery)();
  await db.transaction(async (tx) => {
    const visit = await lockVisitFor(tx, mark.visitId, actor);
    const event: VisitEvent =
      mark.outcome === "done"
        ? "complete"
        : visit.side === "homeowner"
          ? "no_show_pro"
          : "no_show_homeowner";
    const state = next(visit, event);
    if (!visit.startsAt || visit.startsAt > now) throw new BadChoice(NOT_YET);
    await tx
      .update(visits)
      .set({ state, changedBy: visit.side, updatedAt: now })
      .where(eq(visits.id, visit.id));
    await changed(tx, visit.id, delivery, now);
  });
}

/** The local dates from `from` for `days` days (a schedule's week). */
export function datesFrom(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}
