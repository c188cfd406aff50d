/**
 * What else closes when a pro's part in a request closes (the homeowner
 * hired another pro, closed the request, or removed this one). Features
 * above the marketplace register here when their module is loaded, so the
 * marketplace imports none of them (decision 032): site visits cancel the
 * open visits of those parts (issue 34). Handlers run in the step's own
 * transaction, so the part and what hangs on it close together or not at all.
 */
import type { Transaction } from "~/lib/db.server";
import type { Delivery } from "./delivery";

/** Why the parts closed: the homeowner hired another pro, closed the request, or removed the pro. */
export type PartsClosedWhy = "other_hired" | "request_closed" | "pro_removed";

/** The parts of `leadId` with these businesses just closed, and why; `now` is the step's time. */
export interface PartsClosed {
  leadId: string;
  contractorIds: readonly string[];
  now: Date;
  why: PartsClosedWhy;
}

export type PartsClosedHandler = (
  tx: Transaction,
  closed: PartsClosed,
  delivery: Delivery,
) => Promise<void>;

const handlers = new Set<PartsClosedHandler>();

export function onPartsClosed(handler: PartsClosedHandler): void {
  handlers.add(handler);
}

/** Runs every registered handler for the parts that closed (none: nothing to do). */
export async function partsClosed(
  tx: Transaction,
  closed: PartsClosed,
  delivery: Delivery,
): Promise<void> {
  if (closed.contractorIds.length === 0) return;
  for (const handler of handlers) await handler(tx, closed, delivery);
}
