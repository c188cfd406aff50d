/**
 * The unread-message email. Posting a message queues one job for the other
 * side, due UNREAD_EMAIL_DELAY_S later, unless that side already has one
 * waiting for the thread or was emailed about it within UNREAD_EMAIL_GAP_S.
 * The email is composed only when the outbox worker runs the job: if the
 * reader has caught up by then, or turned these emails off, nothing is sent
 * (the job is dropped). Reading the thread drops its waiting job at once.
 * It is a notification (../notifications/kinds.ts): it carries the one-click
 * unsubscribe link and headers, and a link to the person's email settings.
 * It is written in its reader's language: their account's, the business's,
 * or the request's for a homeowner without an account. The outbox knows none
 * of this: this module registers the job's handler with it when it is loaded
 * (every module that queues the job imports it, and so does the server's
 * entry; decision 032).
 */
import { msg, plural } from "@lingui/core/macro";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import { and, count, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { serviceLabel } from "~/features/content/index.server";
import type { EmailMessage } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import type { Delivery, Transaction } from "~/features/marketplace/index.server";
import { shortName } from "~/features/marketplace/index.server";
import {
  EMAIL_SETTINGS_PATH,
  UNREAD_EMAIL_DELAY_S,
  type NotificationKind,
} from "~/features/notifications";
import { isOptedOut } from "~/features/notifications/index.server";
import {
  installationSecret,
  unsubscribeHeaders,
  unsubscribeUrl,
} from "~/features/notifications/index.server";
import type { Database } from "~/lib/db.server";
import { registerJobHandler } from "~/lib/mail/job-handlers.server";
import { i18nFor } from "~/lib/i18n.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { BRAND } from "~/site";
import {
  contractors,
  leads,
  messages,
  outboxJobs,
  threadReads,
  threads,
  THREAD_SIDES,
  users,
  type ThreadSide,
} from "../../../database/schema";
import { UNREAD_EMAIL_GAP_S, waitMessage } from "./limits";

export const MESSAGE_EMAIL_KIND = "message_email" satisfies NotificationKind;

/** An outbox job of kind "message_email": whom to tell, and how this site sends mail. */
export interface MessageEmailJob {
  threadId: string;
  /** The side the email goes to (the one that has not read). */
  side: ThreadSide;
  from: string;
  siteUrl: string;
}

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

export interface MessageEmailRecipient {
  side: ThreadSide;
  to: string;
  /** The language the email is written in (the reader's). */
  locale: Locale;
  leadId: string;
  contractorId: string;
  homeownerName: string;
  businessName: string;
  service: string | null;
  /** The homeowner's request has an account (the dashboard), or a browser (/requests/:id). */
  leadHasAccount: boolean;
  /** The recipient's account: who the unsubscribe link turns these emails off for. */
  userId: string | null;
}

/** The one-click link for this recipient; none without an account (nothing to turn off). */
export interface MessageEmailLinks {
  unsubscribe: string | null;
}

/** An address of ours on the site, in the reader's language ("/fr/…"). */
function siteLink(pathOrUrl: string, siteUrl: string, locale: Locale): string {
  const url = new URL(pathOrUrl, siteUrl);
  url.pathname = localizePath(url.pathname, locale);
  return url.href;
}

export function composeMessageEmail(
  job: MessageEmailJob,
  recipient: MessageEmailRecipient,
  unread: number,
  links: MessageEmailLinks = { unsubscribe: null },
): EmailMessage {
  const { locale } = recipient;
  const i18n = i18nFor(locale);
  const what = recipient.service
    ? serviceLabel(recipient.service, locale)
    : i18n._(msg`your request`);
  const business = singleLine(recipient.businessName);
  const homeowner = recipient.side === "homeowner";
  const path = homeowner
    ? recipient.leadHasAccount
      ? `/dashboard/projects/${recipient.leadId}`
      : `/requests/${recipient.leadId}`
    : `/pro/requests/${recipient.leadId}?business=${recipient.contractorId}`;
  const link = siteLink(path, job.siteUrl, locale);
  const from = homeowner ? business : shortName(recipient.homeownerName);
  const first = homeowner ? singleLine(recipient.homeownerName).split(/\s+/)[0] : "";
  const brand = BRAND.name;
  const delay = i18n._(waitMessage(UNREAD_EMAIL_DELAY_S));
  const unsubscribe = links.unsubscribe ? siteLink(links.unsubscribe, job.siteUrl, locale) : null;
  const settings = siteLink(EMAIL_SETTINGS_PATH, job.siteUrl, locale);
  return {
    to: recipient.to,
    from: job.from,
    subject: i18n._(
      msg`${from} sent you ${plural(unread, { one: "a message", other: "# messages" })} on ${brand}`,
    ),
    text: [
      first ? i18n._(msg`Hello ${first},`) : i18n._(msg`Hello,`),
      "",
      homeowner
        ? i18n._(
            msg`${business} sent you ${plural(unread, { one: "a message", other: "# messages" })} about ${what}, waiting unread.`,
          )
        : i18n._(
            msg`${from} sent ${business} ${plural(unread, { one: "a message", other: "# messages" })} about ${what}, waiting unread.`,
          ),
      "",
      i18n._(msg`Read and reply: ${link}`),
      "",
      i18n._(
        msg`We email you when a message has waited unread for ${delay}, at most once an hour for each conversation.`,
      ),
      ...(unsubscribe
        ? [
            "",
            i18n._(msg`Stop these emails: ${unsubscribe}`),
            i18n._(msg`Choose the emails you get: ${settings}`),
          ]
        : []),
    ].join("\n"),
    ...(unsubscribe ? { headers: unsubscribeHeaders(unsubscribe) } : {}),
  };
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
    })
    .from(threads)
    .innerJoin(leads, eq(leads.id, threads.leadId))
    .innerJoin(contractors, eq(contractors.id, threads.contractorId))
    .leftJoin(users, eq(users.id, leads.userId))
    .leftJoin(
      threadReads,
      and(eq(threadReads.threadId, threads.id), eq(threadReads.side, job.side)),
    )
    .where(eq(threads.id, job.threadId));
  if (!row || row.emailedRecently) return null;
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
