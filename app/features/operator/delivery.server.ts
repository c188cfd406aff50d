/**
 * The console's delivery section: outbox jobs that failed for good, that
 * are retrying, and that an operator marked resolved; and the two actions on
 * them, "retry now" and "mark resolved". Each action takes the job's row lock
 * (SELECT ... FOR UPDATE), so two operators clicking at once cannot both act
 * and the worker (FOR UPDATE SKIP LOCKED) never claims a job mid-change; its
 * audit row is written in the same transaction.
 */
import { OUTBOX_KIND_LABELS } from "./labels";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { auditLog, outboxJobs, type OutboxKind } from "../../../database/schema";
import { writeAudit, type AuditActor } from "./audit.server";

export const DELIVERY_PAGE_SIZE = 50;
/** What an operator writes when marking a job resolved: what they did by hand. */
export const RESOLVE_NOTE_MAX = 500;

export const DELIVERY_TABS = ["failed", "retrying", "resolved"] as const;
export type DeliveryTab = (typeof DELIVERY_TABS)[number];

export function deliveryTab(value: string | null): DeliveryTab {
  return DELIVERY_TABS.find((tab) => tab === value) ?? "failed";
}

const TAB_WHERE: Record<DeliveryTab, SQL | undefined> = {
  failed: eq(outboxJobs.status, "failed"),
  retrying: and(inArray(outboxJobs.status, ["pending", "processing"]), gt(outboxJobs.attempts, 0)),
  resolved: eq(outboxJobs.status, "resolved"),
};

/**
 * When the newest "mark resolved" of this job was written (the Resolved tab's
 * order). Written out: drizzle leaves a column unqualified here.
 */
const resolvedAt = sql`(select max(a.at) from audit_log a
  where a.subject_type = 'outbox_job' and a.action = 'delivery.resolve'
    and a.subject_id = outbox_jobs.id::text)`;

export interface DeliveryJob {
  id: number;
  kind: OutboxKind;
  kindLabel: string;
  status: string;
  leadId: string | null;
  /** The email's address; the webhook's is the configured LEAD_WEBHOOK_URL. */
  recipient: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  /** While processing: until when a worker holds it. */
  lockedUntil: Date | null;
  /** Resolved jobs: when, by whom and what the operator did. */
  resolution: { at: Date; by: string; note: string } | null;
}

function recipientOf(payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null || !("to" in payload)) return null;
  return typeof payload.to === "string" ? payload.to : null;
}

function noteOf(after: unknown): string {
  if (typeof after !== "object" || after === null || !("note" in after)) return "";
  return typeof after.note === "string" ? after.note : "";
}

export async function deliveryCounts(db: Database): Promise<Record<DeliveryTab, number>> {
  const entries = await Promise.all(
    DELIVERY_TABS.map(async (tab) => {
      const [row] = await db.select({ n: count() }).from(outboxJobs).where(TAB_WHERE[tab]);
      return [tab, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<DeliveryTab, number>;
}

/** One page of a tab's jobs (page 1 first); `more` when another page follows. */
export async function deliveryJobs(
  db: Database,
  tab: DeliveryTab,
  page = 1,
): Promise<{ jobs: DeliveryJob[]; more: boolean }> {
  const order: SQL[] = {
    failed: [desc(outboxJobs.id)],
    retrying: [asc(outboxJobs.nextAttemptAt), asc(outboxJobs.id)],
    resolved: [sql`${resolvedAt} desc nulls last`, desc(outboxJobs.id)],
  }[tab];
  const rows = await db
    .select()
    .from(outboxJobs)
    .where(TAB_WHERE[tab])
    .orderBy(...order)
    .limit(DELIVERY_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * DELIVERY_PAGE_SIZE);
  const shown = rows.slice(0, DELIVERY_PAGE_SIZE);
  const resolutions = new Map<string, { at: Date; by: string; note: string }>();
  if (tab === "resolved" && shown.length > 0) {
    const entries = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectType, "outbox_job"),
          eq(auditLog.action, "delivery.resolve"),
          inArray(
            auditLog.subjectId,
            shown.map((job) => String(job.id)),
          ),
        ),
      )
      .orderBy(auditLog.id);
    for (const entry of entries) {
      resolutions.set(entry.subjectId, {
        at: entry.at,
        by: entry.actorEmail,
        note: noteOf(entry.after),
      });
    }
  }
  return {
    more: rows.length > DELIVERY_PAGE_SIZE,
    jobs: shown.map((job) => ({
      id: job.id,
      kind: job.kind,
      kindLabel: OUTBOX_KIND_LABELS[job.kind],
      status: job.status,
      leadId: job.leadId,
      recipient: recipientOf(job.payload),
      attempts: job.attempts,
      lastError: job.lastError,
      nextAttemptAt: job.nextAttemptAt,
      createdAt: job.createdAt,
      lockedUntil: job.lockedUntil,
      resolution: resolutions.get(String(job.id)) ?? null,
    })),
  };
}

/** No job has this id: the route answers 404. */
export class UnknownJob extends Error {
  override name = "UnknownJob";
}

export type JobOutcome = { ok: true } | { ok: false; message: string };

type Job = typeof outboxJobs.$inferSelect;

function snapshot(job: Pick<Job, "status" | "attempts" | "nextAttemptAt">) {
  return {
    status: job.status,
    attempts: job.attempts,
    nextAttemptAt: job.nextAttemptAt.toISOString(),
  };
}

/** Why a job cannot be retried now, or null when it can. */
function retryRefusal(job: Job & { locked: boolean }): string | null {
  const id = String(job.id);
  if (job.status === "failed") return null;
  if (job.status === "sent") return `Job ${id} was already delivered: there is nothing to retry.`;
  if (job.status === "resolved")
    return `Job ${id} was marked resolved by hand: it is never sent again.`;
  if (job.status === "held")
    return `Job ${id} is held until SMTP_URL is configured; it goes out once it is.`;
  if (job.attempts === 0) return `Job ${id} is already waiting to be sent.`;
  if (job.status === "processing" && job.locked)
    return `Job ${id} is being delivered right now. Look again in a minute.`;
  return null;
}

/**
 * Retry now: a failed or retrying job becomes due at once. Its attempts go
 * back to 0, so the worker gives it its full schedule again (OUTBOX_MAX_ATTEMPTS
 * tries with backoff) rather than one last try: the operator usually retries
 * after fixing the cause (the SMTP server, the webhook). The count before is
 * kept in the audit row. lastError stays until a delivery succeeds (the
 * worker clears it then), so the page still says what went wrong.
 */
export async function retryJob(
  db: Database,
  actor: AuditActor,
  jobId: number,
): Promise<JobOutcome> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        ...getTableColumns(outboxJobs),
        // A worker holds it (its lock has not expired): it is being delivered now.
        locked: sql<boolean>`coalesce(${outboxJobs.lockedUntil} > now(), false)`,
      })
      .from(outboxJobs)
      .where(eq(outboxJobs.id, jobId))
      .for("update");
    if (!job) throw new UnknownJob(String(jobId));
    const refusal = retryRefusal(job);
    if (refusal) return { ok: false, message: refusal };
    const [after] = await tx
      .update(outboxJobs)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(outboxJobs.id, job.id))
      .returning();
    if (!after) throw new Error("outbox update returned nothing");
    await writeAudit(tx, actor, {
      action: "delivery.retry",
      subjectType: "outbox_job",
      subjectId: String(job.id),
      before: { ...snapshot(job), lastError: job.lastError },
      after: snapshot(after),
    });
    return { ok: true };
  });
}

/** A note's problem, or null: required, at most RESOLVE_NOTE_MAX characters. */
export function noteProblem(note: string): string | null {
  if (!note) return "Say what you did by hand (for example: phoned the homeowner with the quote).";
  if (note.length > RESOLVE_NOTE_MAX)
    return `Keep the note to ${String(RESOLVE_NOTE_MAX)} characters (it has ${String(note.length)}).`;
  return null;
}

/** Mark resolved: a failed job that the operator handled by hand; never sent afterwards. */
export async function resolveJob(
  db: Database,
  actor: AuditActor,
  jobId: number,
  note: string,
): Promise<JobOutcome> {
  const problem = noteProblem(note);
  if (problem) return { ok: false, message: problem };
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(outboxJobs).where(eq(outboxJobs.id, jobId)).for("update");
    if (!job) throw new UnknownJob(String(jobId));
    if (job.status !== "failed") {
      const id = String(job.id);
      const now = {
        resolved: "is already marked resolved",
        sent: "was already delivered",
        held: "is held until SMTP_URL is configured",
        pending: "is still being tried",
        processing: "is still being tried",
      }[job.status];
      return { ok: false, message: `Only a failed job can be marked resolved: job ${id} ${now}.` };
    }
    const [after] = await tx
      .update(outboxJobs)
      .set({ status: "resolved", lockedUntil: null })
      .where(eq(outboxJobs.id, job.id))
      .returning();
    if (!after) throw new Error("outbox update returned nothing");
    await writeAudit(tx, actor, {
      action: "delivery.resolve",
      subjectType: "outbox_job",
      subjectId: String(job.id),
      before: { ...snapshot(job), lastError: job.lastError },
      after: { ...snapshot(after), note },
    });
    return { ok: true };
  });
}
