/**
 * The marketplace's two state machines, the only place their rules are
 * written (issue 20, PRODUCT.md "The marketplace"). Every change of a
 * request's or a pro's state goes through `step`, on the server; an illegal
 * step is refused with 409 and a sentence saying why.
 *
 * A request (the homeowner's project):
 *   draft → sent → scheduled → in_progress → completed, or cancelled from any
 *   open state ("Not going ahead", with a reason). A draft has no pro chosen
 *   and reaches no one. While it is sent, the homeowner may remove a pro.
 *
 * A pro's part in a request (one per chosen business):
 *   sent → viewed → accepted | declined; accepted → quoted → hired | not_chosen.
 *   A quote may be sent again (edited) until someone is hired. When the
 *   homeowner hires one pro, or cancels, every other open part is not_chosen.
 *   A part still unanswered at its deadline (sent or viewed) times out to
 *   no_answer; the homeowner may remove a pro whose part is open (removed).
 *   Both free the place for another pro (issue 33).
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg, select } from "@lingui/core/macro";
import { translate } from "~/lib/i18n.server";
import {
  LEAD_STATUSES as REQUEST_STATES,
  PRO_STATES,
  type LeadStatus as RequestState,
  type ProState,
} from "../../../database/enums";

export { PRO_STATES, REQUEST_STATES, type ProState, type RequestState };

export const REQUEST_EVENTS = [
  "send",
  "hire",
  "start",
  "progress",
  "complete",
  "cancel",
  "remove_pro",
] as const;
export type RequestEvent = (typeof REQUEST_EVENTS)[number];

export const PRO_EVENTS = [
  "view",
  "accept",
  "decline",
  "quote",
  "hire",
  "pass_over",
  "time_out",
  "remove",
] as const;
export type ProEvent = (typeof PRO_EVENTS)[number];

type Table<S extends string, E extends string> = Record<S, Partial<Record<E, S>>>;

const REQUEST_STEPS: Table<RequestState, RequestEvent> = {
  draft: { send: "sent", cancel: "cancelled" },
  // More pros may be chosen while none is hired (up to the limit).
  // Removing one pro (issue 33) leaves the request open with the others.
  sent: { send: "sent", hire: "scheduled", cancel: "cancelled", remove_pro: "sent" },
  scheduled: { start: "in_progress", complete: "completed", cancel: "cancelled" },
  in_progress: { progress: "in_progress", complete: "completed", cancel: "cancelled" },
  completed: {},
  cancelled: {},
};

const WAITING = {
  accept: "accepted",
  decline: "declined",
  pass_over: "not_chosen",
  time_out: "no_answer",
  remove: "removed",
} as const;

const PRO_STEPS: Table<ProState, ProEvent> = {
  sent: { view: "viewed", ...WAITING },
  // Opening the request again changes nothing.
  viewed: { view: "viewed", ...WAITING },
  accepted: { quote: "quoted", pass_over: "not_chosen", remove: "removed" },
  // A quote stays editable until the homeowner hires.
  quoted: { quote: "quoted", hire: "hired", pass_over: "not_chosen", remove: "removed" },
  declined: {},
  hired: {},
  not_chosen: {},
  no_answer: {},
  removed: {},
};

/** An illegal step of a request, as a sentence for the person (one message per language). */
function requestRefusal(state: RequestState, event: RequestEvent): MessageDescriptor {
  return msg`This request is ${select(state, {
    draft: "a draft",
    sent: "waiting for quotes",
    scheduled: "scheduled",
    in_progress: "in progress",
    completed: "completed",
    cancelled: "cancelled",
    other: "closed",
  })}, so it can't be ${select(event, {
    send: "sent to pros",
    hire: "given to a pro",
    start: "marked in progress",
    progress: "given a progress figure",
    complete: "marked completed",
    cancel: "cancelled",
    remove_pro: "changed by removing a pro",
    other: "changed",
  })}.`;
}

/** An illegal step of a pro's part, as a sentence for the person. */
function proRefusal(state: ProState, event: ProEvent): MessageDescriptor {
  return msg`This request is ${select(state, {
    sent: "new",
    viewed: "new",
    accepted: "accepted",
    declined: "declined",
    quoted: "quoted",
    hired: "hired",
    not_chosen: "closed (another pro was chosen or the request was cancelled)",
    no_answer: "closed (it was not answered in time)",
    removed: "closed (the homeowner removed this business)",
    other: "closed",
  })} for this business, so it can't be ${select(event, {
    view: "opened",
    accept: "accepted",
    decline: "declined",
    quote: "quoted",
    hire: "hired",
    pass_over: "closed",
    time_out: "closed for want of an answer",
    remove: "removed",
    other: "changed",
  })}.`;
}

/**
 * An illegal step: the server answers 409 with the sentence, in the page's
 * language (answers.server.ts `step`); `message` is the English.
 */
export class IllegalStep extends Error {
  override name = "IllegalStep";
  readonly status = 409;
  readonly sentence: MessageDescriptor;
  constructor(sentence: MessageDescriptor) {
    super(translate("en", sentence));
    this.sentence = sentence;
  }
}

/** The request's state after `event`, or IllegalStep with a sentence for the person. */
export function stepRequest(state: RequestState, event: RequestEvent): RequestState {
  const next = REQUEST_STEPS[state][event];
  if (next === undefined) throw new IllegalStep(requestRefusal(state, event));
  return next;
}

/** A pro's state after `event`, or IllegalStep with a sentence for the person. */
export function stepPro(state: ProState, event: ProEvent): ProState {
  const next = PRO_STEPS[state][event];
  if (next === undefined) throw new IllegalStep(proRefusal(state, event));
  return next;
}

/** Whether a part in `state` may take `event` (to pick the parts a step applies to). */
export const canStepPro = (state: ProState, event: ProEvent): boolean =>
  PRO_STEPS[state][event] !== undefined;

/** The states a request or a part can no longer leave. */
export const isFinalRequest = (state: RequestState): boolean =>
  Object.keys(REQUEST_STEPS[state]).length === 0;
export const isFinalPro = (state: ProState): boolean => Object.keys(PRO_STEPS[state]).length === 0;
