/**
 * The outbox worker: delivers each lead's jobs (emails, webhook), retrying
 * failures with exponential backoff and jitter up to a limit, then marking
 * them failed and logging it. Jobs are claimed with FOR UPDATE SKIP LOCKED,
 * so several instances on one database never take the same job; a job whose
 * worker died is taken over when its lock expires, so a restart resumes it.
 * A kind composed at delivery is delivered by the handler its feature
 * registered (./job-handlers.server.ts); every other email is sent as stored.
 */
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/lib/db.server";
import { EMAIL_KINDS, outboxJobs, TASK_KINDS, type OutboxKind } from "../../../database/schema";
import { pruneRateLimits } from "~/lib/rate-limit.server";
import { RATE_LIMIT_COUNTERS_KEPT_HOURS } from "~/lib/retention";
import type { EmailMessage, MailSettings } from "./email";
import { jobHandler, type JobContext } from "./job-handlers.server";
import type { Transports } from "./transports.server";

export interface OutboxOptions {
  db: Database;
  logger: Logger;
  transports: Transports;
  maxAttempts: number;
  /** First retry delay; doubles each attempt (capped at an hour). */
  retryBaseMs: number;
  pollMs: number;
  batchSize?: number;
  /** How long a claimed job is ours before another worker may take it. */
  lockMs?: number;
  random?: () => number;
  /** The worker's clock: what is due, and the time handlers see (tests move it). */
  now?: () => Date;
  /** For the emails a handler composes (the site's address, the sender). */
  mail?: MailSettings;
  /** How a handler announces the businesses whose public pages its work made stale. */
  stale?: JobContext["stale"];
}

export interface OutboxWorker {
  start(): void;
  /** Stops polling and waits for deliveries in flight. */
  stop(): Promise<void>;
  /** Runs a pass soon (after a lead is committed). */
  notify(): void;
  /** One claim-and-deliver pass; resolves with the number of jobs handled. */
  runOnce(): Promise<number>;
}

const MAX_DELAY_MS = 60 * 60 * 1000;

const noSmtp = (): Promise<void> => Promise.reject(new Error("SMTP_URL is not configured"));
type Job = typeof outboxJobs.$inferSelect;

/** Exponential backoff with jitter: between half and all of base·2^(attempt-1). */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createOutboxWorker(options: OutboxOptions): OutboxWorker {
  const { db, logger, transports } = options;
  const batchSize = options.batchSize ?? 10;
  const lockMs = options.lockMs ?? 60_000;
  const random = options.random ?? Math.random;
  const clock = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;
  let lastPrune = 0;

  async function claim(now: Date): Promise<Job[]> {
    const at = now.toISOString();
    const due = db
      .select({ id: outboxJobs.id })
      .from(outboxJobs)
      .where(
        or(
          and(
            eq(outboxJobs.status, "pending"),
            lte(outboxJobs.nextAttemptAt, sql`${at}::timestamptz`),
          ),
          and(
            eq(outboxJobs.status, "processing"),
            lt(outboxJobs.lockedUntil, sql`${at}::timestamptz`),
          ),
        ),
      )
      .orderBy(outboxJobs.id)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(outboxJobs)
      .set({
        status: "processing",
        attempts: sql`${outboxJobs.attempts} + 1`,
        lockedUntil: sql`${at}::timestamptz + make_interval(secs => ${lockMs / 1000})`,
      })
      .where(inArray(outboxJobs.id, due))
      .returning();
  }

  /** Delivers the job; false when it turned out not to be needed (dropped, not sent). */
  async function deliver(job: Job, now: Date): Promise<boolean> {
    const kind: OutboxKind = job.kind;
    if (kind === "webhook") {
      if (!transports.webhook) throw new Error("LEAD_WEBHOOK_URL is not configured");
      await transports.webhook(job.payload, `job-${job.id.toString()}`);
      return true;
    }
    const handler = jobHandler(kind);
    const context = {
      now,
      emailStatus: transports.email ? ("pending" as const) : ("held" as const),
      mail: options.mail,
      stale: options.stale,
    };
    // A task runs with or without SMTP (the emails it queues are held without).
    if ((TASK_KINDS as readonly OutboxKind[]).includes(kind)) {
      if (!handler) throw new Error(`no handler is registered for the task ${kind}`);
      return handler(db, transports.email ?? noSmtp, job.payload, context);
    }
    if (!transports.email) throw new Error("SMTP_URL is not configured");
    // Composed now by the feature that queued it (conversations: only if still unread).
    if (handler) return handler(db, transports.email, job.payload, context);
    await transports.email(job.payload as EmailMessage);
    return true;
  }

  async function drop(job: Job): Promise<void> {
    await db.delete(outboxJobs).where(eq(outboxJobs.id, job.id));
    logger.info({ jobId: job.id, leadId: job.leadId, kind: job.kind }, "not needed; dropped");
  }

  async function settle(job: Job, error: unknown, now: Date): Promise<void> {
    if (error === undefined) {
      await db
        .update(outboxJobs)
        .set({ status: "sent", sentAt: now, lockedUntil: null, lastError: null })
        .where(eq(outboxJobs.id, job.id));
      logger.info(
        { jobId: job.id, leadId: job.leadId, kind: job.kind, attempts: job.attempts },
        "delivered",
      );
      return;
    }
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    if (job.attempts >= options.maxAttempts) {
      await db
        .update(outboxJobs)
        .set({ status: "failed", lockedUntil: null, lastError: message })
        .where(eq(outboxJobs.id, job.id));
      logger.error(
        {
          jobId: job.id,
          leadId: job.leadId,
          kind: job.kind,
          attempts: job.attempts,
          error: message,
        },
        "delivery failed for good after the last retry",
      );
      return;
    }
    const delay = retryDelayMs(job.attempts, options.retryBaseMs, random);
    await db
      .update(outboxJobs)
      .set({
        status: "pending",
        lockedUntil: null,
        lastError: message,
        nextAttemptAt: new Date(now.getTime() + delay),
      })
      .where(eq(outboxJobs.id, job.id));
    logger.warn(
      {
        jobId: job.id,
        leadId: job.leadId,
        kind: job.kind,
        attempts: job.attempts,
        retryInMs: delay,
        error: message,
      },
      "delivery failed; will retry",
    );
  }

  async function pass(): Promise<number> {
    let handled = 0;
    for (;;) {
      const now = clock();
      const jobs = await claim(now);
      if (jobs.length === 0) break;
      await Promise.all(
        jobs.map(async (job) => {
          let failure: unknown;
          let needed = true;
          try {
            needed = await deliver(job, now);
          } catch (error) {
            failure = error ?? new Error("delivery failed");
          }
          await (needed ? settle(job, failure, now) : drop(job));
        }),
      );
      handled += jobs.length;
      if (stopped) break;
    }
    if (Date.now() - lastPrune > 60 * 60 * 1000) {
      lastPrune = Date.now();
      await pruneRateLimits(db, RATE_LIMIT_COUNTERS_KEPT_HOURS * 60 * 60);
    }
    return handled;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        logger.error({ err: error }, "outbox pass failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, options.pollMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void runOnce();
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    notify() {
      if (!stopped) void runOnce();
    },
    runOnce,
  };
}

/**
 * SMTP configured now: emails held while it was not become pending, each at
 * its own due time. What was due while held goes at once; a reminder queued
 * for tomorrow (a pro's answer reminder, a visit's) still goes tomorrow, not
 * the moment SMTP is turned on. `now` is the worker's clock (tests move it).
 */
export async function releaseHeldEmails(db: Database, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const released = await db
    .update(outboxJobs)
    .set({
      status: "pending",
      nextAttemptAt: sql`greatest(${outboxJobs.nextAttemptAt}, ${at}::timestamptz)`,
    })
    .where(and(eq(outboxJobs.status, "held"), inArray(outboxJobs.kind, EMAIL_KINDS)))
    .returning({ id: outboxJobs.id });
  return released.length;
}
