/**
 * The unread-message email. Posting a message queues one job for the other
 * side, due UNREAD_EMAIL_DELAY_S later, unless that side already has one
 * waiting for the thread or was emailed about it within UNREAD_EMAIL_GAP_S.
 * The email (message-email-text.server.ts) is composed only when the outbox
 * worker runs the job: if the reader has caught up by then, or turned these
 * emails off, nothing is sent (the job is dropped). Reading the thread drops its waiting job at once.
 * It is a notification (../notifications/kinds.ts): it carries the one-click
 * unsubscribe link and headers, and a link to the person's email settings.
 * It is written in its reader's language: their account's, the business's,
 * or the request's for a homeowner without an account. The outbox knows none
 * of this: this module registers the job's handler with it when it is loaded
 * (every module that queues the job imports it, and so does the server's
 * entry; decision 032).
 */
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import { and, count, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { EmailMessage } from "~/lib/mail/email";
import type { Delivery, Transaction } from "~/features/marketplace/index.server";
import { UNREAD_EMAIL_DELAY_S, type NotificationKind } from "~/features/notifications";
import { isOptedOut } from "~/features/notifications/index.server";
import { installationSecret, unsubscribeUrl } from "~/features/notifications/index.server";
import type { Database } from "~/lib/db.server";
import { registerJobHandler } from "~/lib/mail/job-handlers.server";
import {
  contractors,
  leads,
  messages,
  outboxJobs,
  requestPros,
  threadReads,
  threads,
  THREAD_SIDES,
  users,
  type ThreadSide,
} from "../../../database/schema";
import { UNREAD_EMAIL_GAP_S } from "./limits";
import {
  composeMessageEmail,
  type MessageEmailJob,
  type MessageEmailRecipient,
} from "./message-email-text.server";
import { closureOf } from "./thread-closure";

export const MESSAGE_EMAIL_KIND = "message_email" satisfies NotificationKind;

function readJob(payload: unknown): MessageEmailJob | null {
  if (typeof payload !== "object" || payload === null) return null;
  const job = payload as Partial<Record<keyof MessageEmailJob, unknown>>;
  const side = THREAD_SIDES.find((known) => known === job.side);
  const { threadId, from, siteUrl } = job;
  if (!side || typeof threadId !== "string" || typeof from !== "string") return null;
  if (typeof siteUrl !== "string") return null;
  return { threadId, side, from, siteUrl };
}

/** The job waiting (or being sent) for this thread and side. */
const waitingJob = (leadId: string, threadId: string, side: ThreadSide) =>
  and(
    eq(outboxJobs.leadId, leadId),
    eq(outboxJobs.kind, MESSAGE_EMAIL_KIND),
    sql`${outboxJobs.payload}->>'threadId' = ${threadId}`,
    sql`${outboxJobs.payload}->>'side' = ${side}`,
  );

const emailedRecently = sql<boolean>`coalesce(${threadReads.lastEmailedAt} > now() - make_interval(secs => ${UNREAD_EMAIL_GAP_S}), false)`;

/**
 * Queues the email for `side` (in the posting transaction, the thread's row
 * locked, so two messages at once cannot queue two). Returns whether it did.
 */
export async function queueUnreadEmail(
  tx: Transaction,
  thread: { id: string; leadId: string },
  side: ThreadSide,
  delivery: Delivery,
): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: outboxJobs.id })
    .from(outboxJobs)
    .where(
      and(
        waitingJob(thread.leadId, thread.id, side),
        inArray(outboxJobs.status, ["pending", "held", "processing"]),
      ),
    )
    .limit(1);
  if (waiting) return false;
  const [recent] = await tx
    .select({ recent: emailedRecently })
    .from(threadReads)
    .where(and(eq(threadReads.threadId, thread.id), eq(threadReads.side, side)));
  if (recent?.recent) return false;
  const payload: MessageEmailJob = {
    threadId: thread.id,
    side,
    from: delivery.mail.from,
    siteUrl: delivery.mail.siteUrl,
  };
  await tx.insert(outboxJobs).values({
    leadId: thread.leadId,
    kind: MESSAGE_EMAIL_KIND,
    status: delivery.emailStatus,
    payload,
    nextAttemptAt: sql`now() + make_interval(secs => ${UNREAD_EMAIL_DELAY_S})`,
  });
  return true;
}

/** `side` has read the whole thread: its waiting email is not needed any more. */
export async function dropUnreadEmail(
  db: Database | Transaction,
  thread: { id: string; leadId: string },
  side: ThreadSide,
): Promise<void> {
  await db
    .delete(outboxJobs)
    .where(
      and(
        waitingJob(thread.leadId, thread.id, side),
        inArray(outboxJobs.status, ["pending", "held"]),
      ),
    );
}

/** Who the job's email goes to, with what it says; null when there is no one to tell. */
async function recipientOf(db: Database, job: MessageEmailJob) {
  const [row] = await db
    .select({
      leadId: threads.leadId,
      contractorId: threads.contractorId,
      homeownerName: leads.name,
      leadEmail: leads.email,
      leadUserId: leads.userId,
      leadLocale: leads.locale,
      sampleKey: leads.idempotencyKey,
      accountEmail: users.email,
      accountLocale: users.locale,
      service: leads.service,
      businessName: contractors.name,
      businessEmail: contractors.email,
      businessLocale: contractors.locale,
      ownerId: contractors.ownerId,
      lastReadId: sql<number>`coalesce(${threadReads.lastReadId}, 0)::bigint`.mapWith(Number),
      emailedRecently,
      partState: requestPros.state,
      requestStatus: leads.status,
    })
    .from(threads)
    .innerJoin(leads, eq(leads.id, threads.leadId))
    .innerJoin(contractors, eq(contractors.id, threads.contractorId))
    .leftJoin(
      requestPros,
      and(
        eq(requestPros.leadId, threads.leadId),
        eq(requestPros.contractorId, threads.contractorId),
      ),
    )
    .leftJoin(users, eq(users.id, leads.userId))
    .leftJoin(
      threadReads,
      and(eq(threadReads.threadId, threads.id), eq(threadReads.side, job.side)),
    )
    .where(eq(threads.id, job.threadId));
  if (!row || row.emailedRecently) return null;
  // A closed conversation (thread-closure.ts): nobody can answer in it, nobody is told.
  if (closureOf({ state: row.partState, requestStatus: row.requestStatus })) return null;
  // A demo account's sample request: its homeowner is made up, there is nobody to tell.
  if (row.sampleKey.startsWith(SAMPLE_PROJECT_KEY_PREFIX)) return null;
  const homeowner = job.side === "homeowner";
  const to = homeowner ? (row.accountEmail ?? row.leadEmail) : row.businessEmail;
  const userId = homeowner ? row.leadUserId : row.ownerId;
  if (!to) return null;
  if (userId && (await isOptedOut(db, userId, MESSAGE_EMAIL_KIND))) return null;
  const recipient: MessageEmailRecipient = {
    side: job.side,
    to,
    // The homeowner's account's language, else the request's; the business's own.
    locale: homeowner ? (row.accountLocale ?? row.leadLocale) : row.businessLocale,
    leadId: row.leadId,
    contractorId: row.contractorId,
    homeownerName: row.homeownerName,
    businessName: row.businessName,
    service: row.service,
    leadHasAccount: row.leadUserId !== null,
    userId,
  };
  return { recipient, lastReadId: row.lastReadId };
}

/**
 * What the outbox worker does with a "message_email" job: sends the email if
 * the other side's messages are still unread, and notes when. Returns false
 * when nothing needed sending (read in time, emailed within the hour, no
 * address, turned off, or the thread is gone): the worker drops the job.
 */
export async function deliverMessageEmail(
  db: Database,
  send: (message: EmailMessage) => Promise<void>,
  payload: unknown,
): Promise<boolean> {
  const job = readJob(payload);
  if (!job) return false;
  const found = await recipientOf(db, job);
  if (!found) return false;
  const [unread] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, job.threadId),
        ne(messages.side, job.side),
        gt(messages.id, found.lastReadId),
        isNull(messages.removedAt),
      ),
    );
  const n = unread?.n ?? 0;
  if (n === 0) return false;
  const { userId } = found.recipient;
  const unsubscribe = userId
    ? unsubscribeUrl(job.siteUrl, await installationSecret(db), userId, MESSAGE_EMAIL_KIND)
    : null;
  await send(composeMessageEmail(job, found.recipient, n, { unsubscribe }));
  await db
    .insert(threadReads)
    .values({ threadId: job.threadId, side: job.side, lastEmailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.side],
      set: { lastEmailedAt: sql`now()` },
    });
  return true;
}

registerJobHandler(MESSAGE_EMAIL_KIND, deliverMessageEmail);
