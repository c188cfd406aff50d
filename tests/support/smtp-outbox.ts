/**
 * The outbox worker delivering through a real SMTP server (receivers.ts),
 * with a clock the test moves, each email received kept with the kind of
 * the job that sent it.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { MailSettings } from "~/lib/mail/email";
import { createOutboxWorker } from "~/lib/mail/outbox.server";
import { createTransports } from "~/lib/mail/transports.server";
import { outboxJobs, type OutboxKind } from "../../database/schema";
import { memoryLogger } from "./factories";
import { readMail, type ReadMail } from "./mime";
import type { startSmtpServer } from "./receivers";

export interface ReceivedEmail {
  kind: OutboxKind;
  mail: ReadMail;
}

export function smtpOutbox(
  db: Database,
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
  mail: MailSettings,
) {
  const received: ReceivedEmail[] = [];
  /**
   * Runs every job due by `at`, one job a pass (a worker not started takes
   * one batch a pass; a batch is one job here), so that each email received
   * is known by the job that sent it.
   */
  async function deliverDue(at: Date): Promise<void> {
    const worker = createOutboxWorker({
      db,
      logger: memoryLogger().logger,
      transports: createTransports({ smtpUrl: smtp.url, timeoutMs: 5000 }),
      maxAttempts: 3,
      retryBaseMs: 1,
      pollMs: 60_000,
      batchSize: 1,
      now: () => at,
      mail,
    });
    for (let pass = 0; pass < 200; pass++) {
      const [next] = await db
        .select({ kind: outboxJobs.kind })
        .from(outboxJobs)
        .where(
          and(
            eq(outboxJobs.status, "pending"),
            lte(outboxJobs.nextAttemptAt, sql`${at.toISOString()}::timestamptz`),
          ),
        )
        .orderBy(outboxJobs.id)
        .limit(1);
      if (!next) return;
      const before = smtp.mails.length;
      if ((await worker.runOnce()) !== 1) throw new Error(`the ${next.kind} job was not taken`);
      for (const sent of smtp.mails.slice(before)) {
        received.push({ kind: next.kind, mail: readMail(sent) });
      }
    }
    throw new Error("the outbox did not empty");
  }
  return { received, deliverDue };
}
