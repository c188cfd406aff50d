/**
 * A chosen pro's window to answer (issue 33): ANSWER_WINDOW_HOURS from the
 * moment the request reaches it, with one reminder at ANSWER_REMINDER_HOURS.
 * Both are outbox jobs written in the transaction that sends the request,
 * so they survive restarts and, claimed with SKIP LOCKED and applied only to
 * a part still waiting, take effect once however many instances run
 * (answer-deadline.server.ts does the work when they come due).
 */
import type { OutboxKind, ProState } from "../../../database/enums";
import { ANSWER_REMINDER_HOURS, ANSWER_WINDOW_HOURS } from "./limits";

const HOUR_MS = 60 * 60 * 1000;

/** When a part sent at `sentAt` must be answered by. */
export const answerDeadline = (sentAt: Date): Date =>
  new Date(sentAt.getTime() + ANSWER_WINDOW_HOURS * HOUR_MS);

/** When the pro is reminded, if it has not answered. */
export const answerReminder = (sentAt: Date): Date =>
  new Date(sentAt.getTime() + ANSWER_REMINDER_HOURS * HOUR_MS);

/** The states still waiting for the pro's answer. */
export const WAITING_FOR_ANSWER: readonly ProState[] = ["sent", "viewed"];

/**
 * The states that hold one of the homeowner's places: waiting for the pro,
 * taken on, or hired. A decline, no answer in time, a removal or a closed
 * request free it.
 */
const HOLDING: readonly ProState[] = ["sent", "viewed", "accepted", "quoted", "hired"];
export const holdsPlace = (state: ProState): boolean => HOLDING.includes(state);

/** What the answer window's jobs carry: the part they are about. */
export interface AnswerWindowPayload {
  leadId: string;
  contractorId: string;
}

/** The reminder (an email, held without SMTP) and the deadline (a task, always pending). */
export function answerWindowJobs(
  leadId: string,
  contractorId: string,
  sentAt: Date,
  emailStatus: "pending" | "held",
): {
  leadId: string;
  kind: OutboxKind;
  status: "pending" | "held";
  payload: AnswerWindowPayload;
  nextAttemptAt: Date;
}[] {
  const payload = { leadId, contractorId };
  return [
    {
      leadId,
      kind: "answer_reminder_email",
      status: emailStatus,
      payload,
      nextAttemptAt: answerReminder(sentAt),
    },
    {
      leadId,
      kind: "answer_deadline",
      status: "pending",
      payload,
      nextAttemptAt: answerDeadline(sentAt),
    },
  ];
}
