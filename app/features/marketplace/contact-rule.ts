/**
 * The one contact rule (PRODUCT.md "Privacy", issue 33), for every page that
 * shows a pro the homeowner's phone or email: the request page, the
 * conversation, the data export. Free of server code, so a test can walk
 * every state.
 *
 * - Nothing before the pro accepts.
 * - Once it has (accepted, quoted, hired), only the channels the homeowner
 *   allowed when sending: phone for a call or a text, email for email, both
 *   with no preference, neither for "messages only".
 * - Sharing in the conversation ("Share my email and phone") shows that one
 *   pro both.
 * - A pro that was not hired, was removed, did not answer in time, or whose
 *   request was closed ("Not going ahead") no longer sees them: "no longer
 *   shared" when it once did.
 */
import type { ContactMethod, LeadStatus, ProState } from "../../../database/enums";

/** The states in which the pro has taken the request on. */
const TAKEN_ON: readonly ProState[] = ["accepted", "quoted", "hired"];

/** Where the request stands for this pro, and what the homeowner allowed. */
export interface ContactSituation {
  state: ProState;
  requestStatus: LeadStatus;
  preferredContact: ContactMethod | null;
  /** The homeowner shared their email and phone with this pro in the conversation. */
  sharedInThread: boolean;
  /** The pro accepted at some point (so it may once have seen them). */
  everAccepted: boolean;
}

export type ContactVisibility =
  /** These channels, each null when not allowed (or not given). */
  | { kind: "shown"; phone: boolean; email: boolean }
  /** Not yet: the pro has not accepted, or the homeowner allowed messages only. */
  | { kind: "hidden" }
  /** The pro could see them once, and can no longer. */
  | { kind: "no_longer_shared" };

/** Whether the request is closed for every pro: "Not going ahead", or cancelled. */
const isClosed = (status: LeadStatus): boolean => status === "cancelled";

/** What the pro may see of the homeowner's phone and email, by the rule above. */
export function contactVisibility(situation: ContactSituation): ContactVisibility {
  const open = TAKEN_ON.includes(situation.state) && !isClosed(situation.requestStatus);
  if (!open) return situation.everAccepted ? { kind: "no_longer_shared" } : { kind: "hidden" };
  if (situation.sharedInThread) return { kind: "shown", phone: true, email: true };
  const method = situation.preferredContact;
  const phone = method === null || method === "phone" || method === "text";
  const email = method === null || method === "email";
  return phone || email ? { kind: "shown", phone, email } : { kind: "hidden" };
}

/** The homeowner's details as the pro may see them: null for what it may not. */
export function visibleContact(
  visibility: ContactVisibility,
  details: { phone: string | null; email: string | null },
): { phone: string | null; email: string | null } | null {
  if (visibility.kind !== "shown") return null;
  return {
    phone: visibility.phone ? details.phone : null,
    email: visibility.email ? details.email : null,
  };
}
