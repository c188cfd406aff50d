/**
 * Outbox rows for the console's tests. Plain on purpose (the schema only):
 * the browser tests use it too.
 */
import type { Database } from "~/lib/db.server";
import { outboxJobs } from "../../database/schema";

/**
 * A request's email to a business that failed for good: six attempts, the
 * last refused with "550 mailbox unavailable". Returns the job's id.
 */
export async function insertFailedBusinessEmail(db: Database, leadId: string): Promise<number> {
  const [job] = await db
    .insert(outboxJobs)
    .values({
      leadId,
      kind: "business_email",
      status: "failed",
      attempts: 6,
      lastError: "550 mailbox unavailable",
      payload: { to: "leads@example.com", from: "site", subject: "New lead", text: "…" },
    })
    .returning({ id: outboxJobs.id });
  if (!job) throw new Error("the failed job was not stored");
  return job.id;
}
