/** The visit state table (issue 34): every step it allows, and every other one refused. */
import { describe, expect, it } from "vitest";
import {
  IllegalVisitStep,
  isFinalVisit,
  NEW_VISIT,
  sideMayTake,
  stepVisit,
  VISIT_EVENTS,
  VISIT_STATES,
  type VisitEvent,
  type VisitState,
} from "~/features/visits/states.server";

const ALLOWED: Record<string, Partial<Record<VisitEvent, VisitState>>> = {
  new: { book: "booked", propose: "proposed" },
  proposed: {
    pick: "booked",
    cancel_by_homeowner: "cancelled_by_homeowner",
    cancel_by_pro: "cancelled_by_pro",
  },
  booked: {
    reschedule: "rescheduled",
    cancel_by_homeowner: "cancelled_by_homeowner",
    cancel_by_pro: "cancelled_by_pro",
    complete: "done",
    no_show_homeowner: "no_show_homeowner",
    no_show_pro: "no_show_pro",
  },
  rescheduled: {
    reschedule: "rescheduled",
    cancel_by_homeowner: "cancelled_by_homeowner",
    cancel_by_pro: "cancelled_by_pro",
    complete: "done",
    no_show_homeowner: "no_show_homeowner",
    no_show_pro: "no_show_pro",
  },
};

describe("the visit state table", () => {
  for (const state of [NEW_VISIT, ...VISIT_STATES]) {
    for (const event of VISIT_EVENTS) {
      const next = ALLOWED[state]?.[event];
      it(`${state} --${event}--> ${next ?? "refused"}`, () => {
        if (next) expect(stepVisit(state, event)).toBe(next);
        else {
          expect(() => stepVisit(state, event)).toThrow(IllegalVisitStep);
          try {
            stepVisit(state, event);
          } catch (error) {
            expect((error as IllegalVisitStep).status).toBe(409);
            expect((error as Error).message).toMatch(/^This visit is .+, so it can't be .+\.$/);
          }
        }
      });
    }
  }

  it("ends in the cancelled, done and no-show states", () => {
    expect(VISIT_STATES.filter(isFinalVisit)).toEqual([
      "cancelled_by_homeowner",
      "cancelled_by_pro",
      "done",
      "no_show_homeowner",
      "no_show_pro",
    ]);
  });

  it("lets each side say only the other did not come, and cancel only for itself", () => {
    expect(sideMayTake("homeowner", "no_show_pro")).toBe(true);
    expect(sideMayTake("homeowner", "no_show_homeowner")).toBe(false);
    expect(sideMayTake("pro", "no_show_homeowner")).toBe(true);
    expect(sideMayTake("pro", "cancel_by_homeowner")).toBe(false);
    expect(sideMayTake("pro", "book")).toBe(false);
    expect(sideMayTake("homeowner", "propose")).toBe(false);
  });
});
