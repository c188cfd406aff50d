import { describe, expect, it } from "vitest";
import {
  canStepPro,
  IllegalStep,
  isFinalPro,
  isFinalRequest,
  PRO_EVENTS,
  PRO_STATES,
  REQUEST_EVENTS,
  REQUEST_STATES,
  stepPro,
  stepRequest,
} from "../../app/features/marketplace/states";

/** Issue 20's rules and issue 33's, written out: every step not listed here is refused. */
const REQUEST_ALLOWED = `
  draft       send     sent
  draft       cancel   cancelled
  sent        send     sent
  sent        hire     scheduled
  sent        cancel   cancelled
  sent        remove_pro sent
  scheduled   start    in_progress
  scheduled   complete completed
  scheduled   cancel   cancelled
  in_progress progress in_progress
  in_progress complete completed
  in_progress cancel   cancelled
`;

const PRO_ALLOWED = `
  sent     view      viewed
  sent     accept    accepted
  sent     decline   declined
  sent     pass_over not_chosen
  viewed   view      viewed
  viewed   accept    accepted
  viewed   decline   declined
  viewed   pass_over not_chosen
  sent     time_out  no_answer
  viewed   time_out  no_answer
  sent     remove    removed
  viewed   remove    removed
  accepted remove    removed
  quoted   remove    removed
  accepted quote     quoted
  accepted pass_over not_chosen
  quoted   quote     quoted
  quoted   hire      hired
  quoted   pass_over not_chosen
`;

function allowed(table: string): Map<string, string> {
  return new Map(
    table
      .trim()
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .map(([from = "", event = "", to = ""]) => [`${from} ${event}`, to]),
  );
}

function refusal(step: () => unknown): IllegalStep {
  try {
    step();
  } catch (error) {
    if (error instanceof IllegalStep) return error;
    throw error;
  }
  throw new Error("the step was allowed");
}

describe("a request's states", () => {
  const steps = allowed(REQUEST_ALLOWED);
  for (const state of REQUEST_STATES) {
    for (const event of REQUEST_EVENTS) {
      const to = steps.get(`${state} ${event}`);
      if (to) {
        it(`${state} --${event}--> ${to}`, () => {
          expect(stepRequest(state, event)).toBe(to);
        });
      } else {
        it(`${state} refuses ${event} with 409 and a reason`, () => {
          const error = refusal(() => stepRequest(state, event));
          expect(error.status).toBe(409);
          expect(error.message).toMatch(/^This request is .+, so it can't be .+\.$/);
        });
      }
    }
  }

  it("ends only in completed or cancelled", () => {
    expect(REQUEST_STATES.filter(isFinalRequest)).toEqual(["completed", "cancelled"]);
  });
});

describe("a pro's part in a request", () => {
  const steps = allowed(PRO_ALLOWED);
  for (const state of PRO_STATES) {
    for (const event of PRO_EVENTS) {
      const to = steps.get(`${state} ${event}`);
      if (to) {
        it(`${state} --${event}--> ${to}`, () => {
          expect(stepPro(state, event)).toBe(to);
          expect(canStepPro(state, event)).toBe(true);
        });
      } else {
        it(`${state} refuses ${event} with 409 and a reason`, () => {
          expect(canStepPro(state, event)).toBe(false);
          const error = refusal(() => stepPro(state, event));
          expect(error.status).toBe(409);
          expect(error.message).toMatch(/^This request is .+ for this business, so it can't be/);
        });
      }
    }
  }

  it("ends only when declined, hired, not chosen, not answered in time or removed", () => {
    expect(PRO_STATES.filter(isFinalPro)).toEqual([
      "declined",
      "hired",
      "not_chosen",
      "no_answer",
      "removed",
    ]);
  });
});
