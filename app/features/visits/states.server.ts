/**
 * A site visit's state machine (issue 34), the only place its rules are
 * written, like the request's (app/features/marketplace/states.ts). Every
 * change of a visit's state goes through `stepVisit`, on the server; an
 * illegal step is refused with 409 and a sentence saying why.
 *
 *   (new) ─book→ booked            (the homeowner takes a free slot)
 *   (new) ─propose→ proposed       (the pro offers up to three times)
 *   proposed ─pick→ booked         (the homeowner takes one of them)
 *   booked | rescheduled ─reschedule→ rescheduled
 *   proposed | booked | rescheduled ─cancel_by_homeowner→ cancelled_by_homeowner
 *   proposed | booked | rescheduled ─cancel_by_pro→ cancelled_by_pro
 *   booked | rescheduled ─complete→ done
 *   booked | rescheduled ─no_show_homeowner→ no_show_homeowner (the pro says)
 *   booked | rescheduled ─no_show_pro→ no_show_pro (the homeowner says)
 *
 * Cancelled, done and no-show visits are final. Whether a side may take an
 * event (the homeowner does not mark their own no-show) is `sideMayTake`.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, select } from "@lingui/core/macro";
import { IllegalStep } from "~/features/marketplace/index.server";
import {
  VISIT_HOLDING_STATES,
  VISIT_OPEN_STATES,
  VISIT_STATES,
  type VisitSide,
  type VisitState,
} from "../../../database/enums";

export { VISIT_STATES, type VisitSide, type VisitState };

export const VISIT_EVENTS = [
  "book",
  "propose",
  "pick",
  "reschedule",
  "cancel_by_homeowner",
  "cancel_by_pro",
  "complete",
  "no_show_homeowner",
  "no_show_pro",
] as const;
export type VisitEvent = (typeof VISIT_EVENTS)[number];

/** The state a visit is in before it exists: only `book` and `propose` leave it. */
export const NEW_VISIT = "new" as const;
type From = VisitState | typeof NEW_VISIT;

const CLOSE = {
  cancel_by_homeowner: "cancelled_by_homeowner",
  cancel_by_pro: "cancelled_by_pro",
} as const;
const HELD = {
  reschedule: "rescheduled",
  complete: "done",
  no_show_homeowner: "no_show_homeowner",
  no_show_pro: "no_show_pro",
  ...CLOSE,
} as const;

const STEPS: Record<From, Partial<Record<VisitEvent, VisitState>>> = {
  new: { book: "booked", propose: "proposed" },
  proposed: { pick: "booked", ...CLOSE },
  booked: HELD,
  rescheduled: HELD,
  cancelled_by_homeowner: {},
  cancelled_by_pro: {},
  done: {},
  no_show_homeowner: {},
  no_show_pro: {},
};

/** Who may take each event: the homeowner books and picks, the pro proposes; each says the other did not come. */
const SIDES: Record<VisitEvent, readonly VisitSide[]> = {
  book: ["homeowner"],
  propose: ["pro"],
  pick: ["homeowner"],
  reschedule: ["homeowner", "pro"],
  cancel_by_homeowner: ["homeowner"],
  cancel_by_pro: ["pro"],
  complete: ["homeowner", "pro"],
  no_show_homeowner: ["pro"],
  no_show_pro: ["homeowner"],
};

export const sideMayTake = (side: VisitSide, event: VisitEvent): boolean =>
  SIDES[event].includes(side);

function refusal(state: From, event: VisitEvent): MessageDescriptor {
  return msg`This visit is ${select(state, {
    new: "not booked yet",
    proposed: "waiting for the homeowner to pick a time",
    booked: "booked",
    rescheduled: "booked",
    cancelled_by_homeowner: "cancelled by the homeowner",
    cancelled_by_pro: "cancelled by the pro",
    done: "done",
    no_show_homeowner: "closed (the homeowner was not there)",
    no_show_pro: "closed (the pro did not come)",
    other: "closed",
  })}, so it can't be ${select(event, {
    book: "booked",
    propose: "given proposed times",
    pick: "booked at a proposed time",
    reschedule: "moved",
    cancel_by_homeowner: "cancelled",
    cancel_by_pro: "cancelled",
    complete: "marked done",
    no_show_homeowner: "marked as a no-show",
    no_show_pro: "marked as a no-show",
    other: "changed",
  })}.`;
}

/** An illegal step: answered with 409 and the sentence in the page's language, like a request's. */
export class IllegalVisitStep extends IllegalStep {
  override name = "IllegalVisitStep";
}

/** The visit's state after `event`, or IllegalVisitStep. */
export function stepVisit(state: From, event: VisitEvent): VisitState {
  const next = STEPS[state][event];
  if (next === undefined) throw new IllegalVisitStep(refusal(state, event));
  return next;
}

export const canStepVisit = (state: From, event: VisitEvent): boolean =>
  STEPS[state][event] !== undefined;

export const isFinalVisit = (state: VisitState): boolean => Object.keys(STEPS[state]).length === 0;

/** Booked or rescheduled: the time is taken in the business's calendar. */
export const holdsTime = (state: VisitState): boolean =>
  (VISIT_HOLDING_STATES as readonly VisitState[]).includes(state);

/** Proposed, booked or rescheduled. */
export const isOpenVisit = (state: VisitState): boolean =>
  (VISIT_OPEN_STATES as readonly VisitState[]).includes(state);
