/**
 * Site visits between a homeowner and a business that took their request on
 * (issue 34): the only code that changes a visit, each change through the
 * state table (states.server.ts) in one transaction that locks the visit's
 * row (or, for a new visit, the request's), with its emails and reminders
 * queued in the same transaction.
 *
 * Never double-booked: a slot is checked against the business's hours and
 * visits here, and the database refuses a second visit overlapping one that
 * holds its time (the exclusion constraint `visits_no_overlap`), so two
 * homeowners taking the last slot at once get one booking and one SlotTaken.
 *
 * Authorization is part of every query: the homeowner reaches the visits of
 * their own requests, a pro those of the businesses it owns; anything else
 * is NotFound (404), as for an id that does not exist.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, gt, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import {
  BadChoice,
  checkIds,
  clockOf,
  IllegalStep,
  lockOwnRequest,
  NotFound,
  onPartsClosed,
  type Delivery,
  type PartsClosedHandler,
} from "~/features/marketplace/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import {
  contractors,
  leads,
  outboxJobs,
  requestPros,
  VISIT_HOLDING_STATES,
  visitOptions,
  visits,
  type ProState,
} from "../../../database/schema";
import { daysOffOf, visitSettingsOf, zoneOfCity } from "./settings.server";
import { freeSlots, isFreeSlot, type Busy, type Slot, type SlotQuery } from "./slots";
import {
  holdsTime,
  sideMayTake,
  stepVisit,
  type VisitEvent,
  type VisitSide,
  type VisitState,
} from "./states.server";
import { queueVisitEmails, type VisitChange } from "./visit-emails.server";
import { reminderJobs, REMINDER_KIND } from "./visit-reminders.server";
import { addDays, wallClockOf } from "./zoned-time";

type Reader = Database | Transaction;

const MINUTE_MS = 60_000;
/** The most times a pro may propose for one visit. */
export const MAX_PROPOSED_TIMES = 3;
/** How long a reason may be (a cancellation's, a reschedule's). */
export const MAX_REASON_LENGTH = 500;

/** The pro's parts that may have a visit: it took the request on. */
const TAKEN_ON: readonly ProState[] = ["accepted", "quoted", "hired"];
/** The request's states in which a visit may be arranged. */
const OPEN_REQUEST = ["sent", "scheduled", "in_progress"] as const;

/** The time the person chose was taken meanwhile (or is no longer free): 409, choose again. */
export class SlotTaken extends IllegalStep {
  override name = "SlotTaken";
  constructor() {
    super(msg`Sorry, that time was just taken or is no longer free. Please choose another time.`);
  }
}

const NOT_TAKEN_ON = msg`You can book a visit once this pro has accepted your request.`;
const NOT_YET = msg`You can say how the visit went once its time has come.`;
const NO_REASON = msg`Please say why, in a few words.`;

/** Who is acting: the homeowner of the visit's request, or the owner of its business. */
export interface VisitActor {
  userId: string;
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
async function holding<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isOverlap(error)) throw new SlotTaken();
    throw error;
  }
}

/** The business's taken times that end after `from` and start before `to`, but `except`'s. */
async function busyOf(
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
async function takeSlot(
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

/** A reason as the person typed it, trimmed; refused when empty or too long. */
function reasonOf(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed || trimmed.length > MAX_REASON_LENGTH) throw new BadChoice(NO_REASON);
  return trimmed;
}

/** An address as typed, or null (the homeowner may keep it for the conversation). */
const addressOf = (address: string | null | undefined): string | null =>
  address?.trim() ? address.trim().slice(0, 300) : null;

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

/** The open visit of this request and business, if any (one at a time). */
async function openVisitOf(tx: Transaction, leadId: string, contractorId: string) {
  const [open] = await tx
    .select({ id: visits.id, state: visits.state })
    .from(visits)
    .where(
      and(
        eq(visits.leadId, leadId),
        eq(visits.contractorId, contractorId),
        inArray(visits.state, ["proposed", "booked", "rescheduled"]),
      ),
    );
  return open;
}

/** Writes the change's emails and, for a visit holding time, its reminders. */
async function tell(
  tx: Transaction,
  visitId: string,
  change: VisitChange,
  delivery: Delivery,
  now: Date,
): Promise<void> {
  await tx
    .delete(outboxJobs)
    .where(
      and(
        eq(outboxJobs.kind, REMINDER_KIND),
        inArray(outboxJobs.status, ["pending", "held"]),
        sql`${outboxJobs.payload}->>'visitId' = ${visitId}`,
      ),
    );
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
  await queueVisitEmails(tx, visitId, change, delivery);
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
  return db.transaction(async (tx) => {
    const request = await lockOwnRequest(tx, booking.leadId, { userId });
    if (!(OPEN_REQUEST as readonly string[]).includes(request.status)) {
      throw new BadChoice(NOT_TAKEN_ON);
    }
    await takenOnPart(tx, booking.leadId, booking.contractorId);
    const open = await openVisitOf(tx, booking.leadId, booking.contractorId);
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
          address: addressOf(booking.address),
          createdBy: "homeowner",
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: visits.id }),
    );
    if (!row) throw new Error("the visit was not stored");
    await tell(tx, row.id, "booked", delivery, now);
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
 * Each must be in the future and clear of the business's taken times.
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
  return db.transaction(async (tx) => {
    await ownedBusiness(tx, proposal.contractorId, userId);
    const [request] = await tx
      .select({ status: leads.status, citySlug: leads.citySlug })
      .from(leads)
      .where(eq(leads.id, proposal.leadId))
      .for("update");
    if (!request) throw new NotFound();
    await takenOnPart(tx, proposal.leadId, proposal.contractorId);
    if (!(OPEN_REQUEST as readonly string[]).includes(request.status)) {
      throw new BadChoice(msg`This request is closed, so no visit can be arranged.`);
    }
    const open = await openVisitOf(tx, proposal.leadId, proposal.contractorId);
    stepVisit(open?.state ?? "new", "propose");
    const settings = await visitSettingsOf(tx, proposal.contractorId);
    const length = settings.visitMinutes * MINUTE_MS;
    const latest = now.getTime() + settings.horizonDays * 24 * 60 * MINUTE_MS;
    if (starts.some((start) => start <= now.getTime() || start > latest)) {
      throw new BadChoice(
        msg`Each time must be in the future and within the days you take bookings for.`,
      );
    }
    const first = starts[0] ?? 0;
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
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: visits.id });
    if (!row) throw new Error("the visit was not stored");
    await tx.insert(visitOptions).values(
      starts.map((start) => ({
        visitId: row.id,
        startsAt: new Date(start),
        endsAt: new Date(start + length),
      })),
    );
    await tell(tx, row.id, "proposed", delivery, now);
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
  const now = clockOf(delivery)();
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
          address: addressOf(choice.address),
          sequence: visit.sequence + 1,
          updatedAt: now,
        })
        .where(eq(visits.id, visit.id)),
    );
    await tell(tx, visit.id, "booked", delivery, now);
  });
}

/** Either side moves a booked visit to another free slot, with a reason; the other is told. */
export async function rescheduleVisit(
  db: Database,
  actor: VisitActor,
  move: { visitId: string; start: Date; reason: string },
  delivery: Delivery,
): Promise<void> {
  const now = clockOf(delivery)();
  await db.transaction(async (tx) => {
    const visit = await lockVisitFor(tx, move.visitId, actor);
    const state = next(visit, "reschedule");
    const reason = reasonOf(move.reason);
    const times = await takeSlot(tx, visit.contractorId, move.start, now, visit.id);
    await holding(
      tx
        .update(visits)
        .set({ state, ...times, reason, sequence: visit.sequence + 1, updatedAt: now })
        .where(eq(visits.id, visit.id)),
    );
    await tell(tx, visit.id, { rescheduledBy: visit.side }, delivery, now);
  });
}

/** Either side cancels an open visit, with a reason; both calendars take the cancellation. */
export async function cancelVisit(
  db: Database,
  actor: VisitActor,
  cancel: { visitId: string; reason: string },
  delivery: Delivery,
): Promise<void> {
  const now = clockOf(delivery)();
  await db.transaction(async (tx) => {
    const visit = await lockVisitFor(tx, cancel.visitId, actor);
    const state = next(visit, visit.side === "homeowner" ? "cancel_by_homeowner" : "cancel_by_pro");
    const reason = reasonOf(cancel.reason);
    await tx
      .update(visits)
      .set({ state, reason, sequence: visit.sequence + 1, updatedAt: now })
      .where(eq(visits.id, visit.id));
    await tell(tx, visit.id, { cancelledBy: visit.side }, delivery, now);
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
    await tx.update(visits).set({ state, updatedAt: now }).where(eq(visits.id, visit.id));
    await tell(tx, visit.id, { markedBy: visit.side, outcome: mark.outcome }, delivery, now);
  });
}

/** The local dates from `from` for `days` days (a schedule's week). */
export function datesFrom(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}

export type { Slot };

/**
 * Cancels the open visits `which` selects, on the side given, in the
 * caller's transaction: both calendars take the cancellation, and their
 * reminders go. Returns how many.
 */
async function cancelOpen(
  tx: Transaction,
  which: SQL | undefined,
  by: VisitSide,
  delivery: Delivery,
  now: Date,
): Promise<number> {
  const open = await tx
    .select({ id: visits.id, state: visits.state, sequence: visits.sequence })
    .from(visits)
    .where(and(which, inArray(visits.state, ["proposed", "booked", "rescheduled"])))
    .for("update");
  const event = by === "homeowner" ? "cancel_by_homeowner" : "cancel_by_pro";
  for (const visit of open) {
    await tx
      .update(visits)
      .set({ state: stepVisit(visit.state, event), sequence: visit.sequence + 1, updatedAt: now })
      .where(eq(visits.id, visit.id));
    await tell(tx, visit.id, { cancelledBy: by }, delivery, now);
  }
  return open.length;
}

/**
 * The open visits of request parts that just closed (the homeowner hired
 * another pro, closed the request or removed this pro) are cancelled by the
 * homeowner, in that step's transaction.
 */
export const cancelVisitsOfClosedParts: PartsClosedHandler = async (tx, closed, delivery) => {
  const parts = and(
    eq(visits.leadId, closed.leadId),
    inArray(visits.contractorId, [...closed.contractorIds]),
  );
  await cancelOpen(tx, parts, "homeowner", delivery, closed.now);
};

onPartsClosed(cancelVisitsOfClosedParts);

/**
 * A business an operator suspended keeps no visits: its open ones are
 * cancelled on its side in the suspension's transaction (the homeowner is
 * also told the pro is unavailable). Returns how many.
 */
export function cancelVisitsOfSuspended(
  tx: Transaction,
  contractorId: string,
  delivery: Delivery,
): Promise<number> {
  const now = clockOf(delivery)();
  return cancelOpen(tx, eq(visits.contractorId, contractorId), "pro", delivery, now);
}
