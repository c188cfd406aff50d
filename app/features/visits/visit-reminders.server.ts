/**
 * A visit's reminders (issue 34): an email to each side 24 hours and 2 hours
 * before, in their language, with the time in the job's zone. They are
 * outbox jobs written with the booking (so they survive restarts and run
 * once however many instances run); a move or a cancellation deletes the
 * pending ones in its transaction, and a reminder whose visit has changed
 * since (another SEQUENCE, or no longer booked) is dropped when it comes
 * due, so the reminder of an old time never goes out.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import type { EmailMessage } from "~/lib/mail/email";
import { registerJobHandler, type JobContext } from "~/lib/mail/job-handlers.server";
import { outboxJobs, type OutboxKind, type VisitSide } from "../../../database/schema";
import { addressFor, otherSideName } from "./calendar-visit.server";
import { holdsTime } from "./states.server";
import { visitLink, visitStory, type VisitStory } from "./visit-story.server";
import { formatVisitTime } from "./visit-time";

export const REMINDER_KIND: OutboxKind = "visit_reminder_email";
/** Hours before a visit its reminders go. */
export const REMINDER_HOURS = [24, 2] as const;

const HOUR_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReminderPayload {
  visitId: string;
  sequence: number;
  side: VisitSide;
  hours: number;
}

/** The reminders of a visit holding time: each side, each lead time still ahead of `now`. */
export function reminderJobs(
  visit: { id: string; leadId: string; startsAt: Date | null; sequence: number },
  now: Date,
  emailStatus: "pending" | "held",
) {
  const start = visit.startsAt;
  if (!start) return [];
  return REMINDER_HOURS.flatMap((hours) => {
    const at = new Date(start.getTime() - hours * HOUR_MS);
    if (at <= now) return [];
    return (["homeowner", "pro"] as const).map((side) => ({
      leadId: visit.leadId,
      kind: "visit_reminder_email" as const,
      status: emailStatus,
      payload: { visitId: visit.id, sequence: visit.sequence, side, hours },
      nextAttemptAt: at,
    }));
  });
}

/** The visit's reminders not sent yet go (its time changed, or it no longer holds one). */
export async function dropReminders(tx: Transaction, visitId: string): Promise<void> {
  await tx
    .delete(outboxJobs)
    .where(
      and(
        eq(outboxJobs.kind, REMINDER_KIND),
        inArray(outboxJobs.status, ["pending", "held"]),
        sql`${outboxJobs.payload}->>'visitId' = ${visitId}`,
      ),
    );
}

function readPayload(payload: unknown): ReminderPayload {
  const job = (typeof payload === "object" && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  const { visitId, sequence, side, hours } = job;
  if (
    typeof visitId !== "string" ||
    !UUID.test(visitId) ||
    typeof sequence !== "number" ||
    (side !== "homeowner" && side !== "pro") ||
    typeof hours !== "number"
  ) {
    throw new Error("a visit reminder without its visit");
  }
  return { visitId, sequence, side, hours };
}

/** The reminder for one side, in its language. */
export function composeVisitReminder(
  story: VisitStory,
  side: VisitSide,
  mail: NonNullable<JobContext["mail"]>,
  now: Date,
): EmailMessage | null {
  const start = story.startsAt;
  const to = side === "homeowner" ? story.request.email : story.business.email;
  if (!start || !to) return null;
  const locale = side === "homeowner" ? story.request.locale : story.business.locale;
  const i18n = i18nFor(locale);
  const when = formatVisitTime(start, story.timeZone, locale, now);
  const other = otherSideName(story, side);
  const address = addressFor(story, side);
  const link = visitLink(story.id, locale, mail);
  return {
    to,
    from: mail.from,
    subject: i18n._(msg`Reminder: visit with ${other} on ${when}`),
    text: [
      i18n._(msg`This is a reminder of your visit with ${other} on ${when}.`),
      ...(address ? ["", address] : []),
      "",
      i18n._(msg`If you can't make it, please move or cancel it here: ${link}`),
    ].join("\n"),
  };
}

/** Sends a due reminder if its visit is still booked at the same time; else drops it. */
export async function remindOfVisit(
  db: Database,
  send: (message: EmailMessage) => Promise<void>,
  payload: unknown,
  context: JobContext,
): Promise<boolean> {
  const job = readPayload(payload);
  if (!context.mail) throw new Error("the outbox worker was started without mail settings");
  const story = await db.transaction((tx) => visitStory(tx, job.visitId));
  if (!story || !holdsTime(story.state) || story.sequence !== job.sequence) return false;
  if (!story.startsAt || story.startsAt <= context.now) return false;
  const message = composeVisitReminder(story, job.side, context.mail, context.now);
  if (!message) return false;
  await send(message);
  return true;
}

registerJobHandler(REMINDER_KIND, remindOfVisit);
