/**
 * The one contact rule (issue 33, PRODUCT.md "Privacy"), walked through
 * every pro state, request status and contact preference.
 */
import { describe, expect, it } from "vitest";
import { contactVisibility, visibleContact } from "~/features/marketplace/contact-rule";
import {
  CONTACT_METHODS,
  LEAD_STATUSES,
  PRO_STATES,
  type ContactMethod,
} from "../../database/enums";

const details = { phone: "+13035550100", email: "jordan@example.com" };
const TAKEN_ON = new Set(["accepted", "quoted", "hired"]);

describe("what a pro sees of the homeowner's phone and email", () => {
  it("nothing before it accepts, whatever the homeowner allowed", () => {
    for (const state of ["sent", "viewed", "declined"] as const) {
      for (const preferredContact of [null, ...CONTACT_METHODS]) {
        const seen = contactVisibility({
          state,
          requestStatus: "sent",
          preferredContact,
          sharedInThread: true,
          everAccepted: false,
        });
        expect(seen).toEqual({ kind: "hidden" });
        expect(visibleContact(seen, details)).toBeNull();
      }
    }
  });

  it("once accepted, only the channels allowed when sending; messages only shows neither", () => {
    const expected: Record<
      ContactMethod | "none",
      { phone: string | null; email: string | null } | null
    > = {
      none: details,
      phone: { phone: details.phone, email: null },
      text: { phone: details.phone, email: null },
      email: { phone: null, email: details.email },
      messages: null,
    };
    for (const state of TAKEN_ON) {
      for (const preferredContact of [null, ...CONTACT_METHODS]) {
        const seen = contactVisibility({
          state: state as "accepted",
          requestStatus: state === "hired" ? "scheduled" : "sent",
          preferredContact,
          sharedInThread: false,
          everAccepted: true,
        });
        expect(visibleContact(seen, details)).toEqual(expected[preferredContact ?? "none"]);
      }
    }
  });

  it("sharing in the conversation shows both to that pro, even after messages only", () => {
    const seen = contactVisibility({
      state: "quoted",
      requestStatus: "sent",
      preferredContact: "messages",
      sharedInThread: true,
      everAccepted: true,
    });
    expect(visibleContact(seen, details)).toEqual(details);
  });

  it("no longer shared once not hired, removed, timed out, or the request is closed", () => {
    for (const state of PRO_STATES) {
      for (const requestStatus of LEAD_STATUSES) {
        const seen = contactVisibility({
          state,
          requestStatus,
          preferredContact: null,
          sharedInThread: true,
          everAccepted: true,
        });
        const open = TAKEN_ON.has(state) && requestStatus !== "cancelled";
        expect(seen.kind, `${state} on a ${requestStatus} request`).toBe(
          open ? "shown" : "no_longer_shared",
        );
      }
    }
  });
});
