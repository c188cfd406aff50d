/**
 * Telling each side how a visit stands (issue 42), once it has been still
 * for a quiet moment rather than at every step: twenty moves in a second
 * become one email to each side, with the time the visit ended up at.
 *
 * A step that changes a visit writes (or pushes back) the visit's one
 * pending `visit_notice` task in its own transaction: due a quiet period
 * after the last change, and never later than the longest wait after the
 * first. When it comes due, the task locks the visit, composes for each
 * side what changed since it was last told (visit-emails.server.ts), queues
 * those emails composed (held without SMTP, like every email) and records
 * what each side now knows. A task, so it runs with or without SMTP; an
 * outbox job, so it survives restarts and runs once on any instance.
 *
 * A proposal whose times all pass unpicked lapses by a `visit_lapse` task
 * due at its last time (and, should that task be late, at the next step on
 * the request): it is cancelled with the cause "times_passed", which frees
 * the request for a new proposal or a booking.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import { registerJobHandler, type JobContext } from "~/lib/mail/job-handlers.server";
import { outboxJobs, visitOptions, visits, type VisitTold } from "../../../database/schema";
import { composeVisitEmail } from "./visit-emails.server";
import { visitStory } from "./visit-story.server";

export const NOTICE_KIND = "visit_notice" as const;
export const LAPSE_KIND = "visit_lapse" as const;

/** How long a visit stays unchanged before its sides are told, unless the delivery says otherwise. */
export const NOTICE_QUIET_MS = 2 * 60_000;
/** The longest a notice waits after the first change it tells of, however busy the visit. */
export const NOTICE_LONGEST_WAIT_MS = 10 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface NoticePayload {
  visitId: string;
  /** When the first change it tells of happened (ISO). */
  since: string;
}

function visitIdOf(payload: unknown): string {
  const visitId = (payload as { visitId?: unknown } | null)?.visitId;
  if (typeof visitId !== "string" || !UUID.test(visitId))
    throw new Error("a visit job without its visit");
  return visitId;
}

/**
 * The visit changed at `now`: its sides are told `quietMs` later, unless it
 * changes again meanwhile. In the change's transaction, which holds the
 * visit's (or its request's) lock, so two changes never both add a notice.
 */
export async function noteVisitChange(
  tx: Transaction,
  visit: { id: string; leadId: string },
  now: Date,
  quietMs: number = NOTICE_QUIET_MS,
): Promise<void> {
  const [pending] = await tx
    .select({ id: outboxJobs.id, payload: outboxJobs.payload })
    .from(outboxJobs)
    .where(
      and(
        eq(outboxJobs.kind, NOTICE_KIND),
        eq(outboxJobs.status, "pending"),
        sql`${outboxJobs.payload}->>'visitId' = ${visit.id}`,
      ),
    )
    .for("update", { skipLocked: true });
  const quietEnd = now.getTime() + quietMs;
  if (pending) {
    const since = Date.parse((pending.payload as Partial<NoticePayload>).since ?? "");
    const latest = Number.isNaN(since) ? quietEnd : since + NOTICE_LONGEST_WAIT_MS;
    await tx
      .update(outboxJobs)
      .set({ nextAttemptAt: new Date(Math.min(quietEnd, Math.max(latest, now.getTime()))) })
      .where(eq(outboxJobs.id, pending.id));
    return;
  }
  const payload: NoticePayload = { visitId: visit.id, since: now.toISOString() };
  await tx.insert(outboxJobs).values({
    leadId: visit.leadId,
    kind: NOTICE_KIND,
    status: "pending",
    payload,
    nextAttemptAt: new Date(quietEnd),
  });
}

/** Tells each side what changed since it was last told, and records that it now knows. */
export async function tellVisit(
  db: Database,
  _send: (message: EmailMessage) => Promise<void>,
  payload: unknown,
  context: JobContext,
): Promise<boolean> {
  const visitId = visitIdOf(payload);
  const mail = context.mail;
  if (!mail) throw new Error("the outbox worker was started without mail settings");
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: visits.id })
      .from(visits)
      .where(eq(visits.id, visitId))
      .for("update");
    const story = locked ? await visitStory(tx, visitId) : undefined;
    if (!story) return false;
    const told: VisitTold = { ...story.told };
    const emails: EmailMessage[] = [];
    for (const side of ["homeowner", "pro"] as const) {
      const email = composeVisitEmail(story, side, mail, context.now);
      if (email) emails.push(email);
      told[side] = { state: story.state, startsAt: story.startsAt?.toISOString() ?? null };
    }
    await tx.update(visits).set({ told }).where(eq(visits.id, visitId));
    if (emails.length > 0) {
      await tx.insert(outboxJobs).values(
        emails.map((email) => ({
          leadId: story.leadId,
          kind: "visit_email" as const,
          status: context.emailStatus,
          payload: { ...email, visitId },
        })),
      );
    }
    return emails.length > 0;
  });
}

/** The lapse task of a proposal: due when its last proposed time begins. */
export async function queueLapse(
  tx: Transaction,
  visit: { id: string; leadId: string },
  lastStart: Date,
): Promise<void> {
  await tx.insert(outboxJobs).values({
    leadId: visit.leadId,
    kind: LAPSE_KIND,
    status: "pending",
    payload: { visitId: visit.id },
    nextAttemptAt: lastStart,
  });
}

/**
 * Cancels the proposal `visitId` if it is still proposed and none of its
 * times is still to come at `now`; its sides are told. True when it lapsed.
 */
export async function lapseIfPassed(
  tx: Transaction,
  visitId: string,
  now: Date,
  quietMs?: number,
): Promise<boolean> {
  const [visit] = await tx
    .select({
      id: visits.id,
      leadId: visits.leadId,
      state: visits.state,
      sequence: visits.sequence,
      upcoming: sql<number>`(select count(*)::int from ${visitOptions} where ${visitOptions.visitId} = ${visits.id} and ${visitOptions.startsAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(visits)
    .where(eq(visits.id, visitId))
    .for("update", { of: visits });
  if (!visit || visit.state !== "proposed" || visit.upcoming > 0) return false;
  await tx
    .update(visits)
    .set({
      state: "cancelled_by_pro",
      cause: "times_passed",
      changedBy: null,
      reason: null,
      sequence: visit.sequence + 1,
      updatedAt: now,
    })
    .where(eq(visits.id, visitId));
  await noteVisitChange(tx, visit, now, quietMs ?? 0);
  return true;
}

/** The lapse task: the proposal goes if its times have all passed (else it was picked or cancelled). */
async function lapseProposal(
  db: Database,
  _send: (message: EmailMessage) => Promise<void>,
  payload: unknown,
  context: JobContext,
): Promise<boolean> {
  const visitId = visitIdOf(payload);
  return db.transaction((tx) => lapseIfPassed(tx, visitId, context.now));
}

registerJobHandler(NOTICE_KIND, tellVisit);
registerJobHandler(LAPSE_KIND, lapseProposal);
