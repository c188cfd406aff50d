/**
 * The visits that close because something else did (issues 34 and 42): the
 * homeowner hired another pro, closed the request or removed this pro
 * (`onPartsClosed`), or an operator suspended the business. Each open visit
 * (times proposed, or booked) is cancelled in that step's transaction with
 * the cause, so its emails say what happened rather than repeat a reason
 * someone gave for an earlier move, and its sides are told once it is still.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import {
  clockOf,
  onPartsClosed,
  type Delivery,
  type PartsClosedHandler,
} from "~/features/marketplace/index.server";
import type { Transaction } from "~/lib/db.server";
import { VISIT_OPEN_STATES, visits, type VisitCause } from "../../../database/schema";
import { stepVisit } from "./states.server";
import { dropReminders } from "./visit-reminders.server";
import { noteVisitChange } from "./visit-notices.server";

/**
 * Cancels the open visits `which` selects, on the pro's or the homeowner's
 * side of the state table, for `cause`. Returns how many.
 */
async function cancelOpen(
  tx: Transaction,
  which: SQL | undefined,
  cause: VisitCause,
  delivery: Delivery,
  now: Date,
): Promise<number> {
  const open = await tx
    .select({
      id: visits.id,
      leadId: visits.leadId,
      state: visits.state,
      sequence: visits.sequence,
    })
    .from(visits)
    .where(and(which, inArray(visits.state, [...VISIT_OPEN_STATES])))
    .for("update");
  const event = cause === "pro_suspended" ? "cancel_by_pro" : "cancel_by_homeowner";
  for (const visit of open) {
    await tx
      .update(visits)
      .set({
        state: stepVisit(visit.state, event),
        cause,
        changedBy: null,
        reason: null,
        sequence: visit.sequence + 1,
        updatedAt: now,
      })
      .where(eq(visits.id, visit.id));
    await dropReminders(tx, visit.id);
    await noteVisitChange(tx, visit, now, delivery.visitQuietMs);
  }
  return open.length;
}

/** The open visits of request parts that just closed are cancelled, in that step's transaction. */
export const cancelVisitsOfClosedParts: PartsClosedHandler = async (tx, closed, delivery) => {
  const parts = and(
    eq(visits.leadId, closed.leadId),
    inArray(visits.contractorId, [...closed.contractorIds]),
  );
  await cancelOpen(tx, parts, closed.why, delivery, closed.now);
};

onPartsClosed(cancelVisitsOfClosedParts);

/**
 * A business an operator suspended keeps no visits: its open ones are
 * cancelled in the suspension's transaction (the homeowner is also told the
 * pro is unavailable). Returns how many.
 */
export function cancelVisitsOfSuspended(
  tx: Transaction,
  contractorId: string,
  delivery: Delivery,
): Promise<number> {
  const now = clockOf(delivery)();
  return cancelOpen(tx, eq(visits.contractorId, contractorId), "pro_suspended", delivery, now);
}
