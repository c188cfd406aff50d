/**
 * "Report" on a message: a person in the thread reports the other side's
 * message, once, with a reason; it waits in the console's queue until an
 * operator removes the message (its text is no longer shown, its photos no
 * longer served) or keeps it. Each decision writes its audit row in the
 * same transaction.
 */
import { msg } from "@lingui/core/macro";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { writeAudit, type AuditActor } from "~/features/operator/index.server";
import { NotFound } from "~/features/marketplace/index.server";
import {
  contractors,
  messageReports,
  messages,
  threads,
  users,
  type ThreadSide,
} from "../../../database/schema";
import { threadAccess, threadNotFound } from "./access.server";
import { DECISION_ERRORS, figure, REPORT_REASON_MAX_CHARS } from "./limits";
import { charCount } from "./post.server";
import { readCursor } from "./view.server";
import { multiLine } from "~/lib/plain-text";

/** Why a report was refused, in the reporter's language (REPORT_ERRORS in limits.ts is the English). */
export function reportErrors(locale: Locale) {
  const i18n = i18nFor(locale);
  const limit = figure(REPORT_REASON_MAX_CHARS, locale);
  return {
    reason: i18n._(msg`Say briefly what is wrong with this message.`),
    reasonLong: (count: number) => {
      const typed = figure(count, locale);
      return i18n._(msg`Keep the reason to ${limit} characters or fewer (you typed ${typed}).`);
    },
    own: i18n._(msg`You can't report your own message.`),
    already: i18n._(msg`You have already reported this message. An operator will look at it.`),
  };
}

export type ReportResult =
  { ok: true; reportId: number } | { ok: false; error: string; status: 400 | 409 };

/**
 * `userId` reports message `messageId` (as a form sends it) of the thread
 * they read; NotFound for a message they cannot see. A refusal is in `locale`.
 */
export async function reportMessage(
  db: Database,
  userId: string,
  messageId: unknown,
  reasonText: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ReportResult> {
  const id = readCursor(messageId);
  if (id === null) throw threadNotFound("message");
  const [message] = await db
    .select({ threadId: messages.threadId, side: messages.side })
    .from(messages)
    .where(eq(messages.id, id));
  const access = message ? await threadAccess(db, userId, message.threadId) : null;
  if (!message || !access) throw threadNotFound("message");
  const refusals = reportErrors(locale);
  if (message.side === access.side) return { ok: false, error: refusals.own, status: 400 };
  const reason = multiLine(reasonText).replace(/\r\n?/g, "\n").trim();
  if (reason === "") return { ok: false, error: refusals.reason, status: 400 };
  const typed = charCount(reason);
  if (typed > REPORT_REASON_MAX_CHARS) {
    return { ok: false, error: refusals.reasonLong(typed), status: 400 };
  }
  const [report] = await db
    .insert(messageReports)
    .values({ messageId: id, reporterId: userId, reason })
    .onConflictDoNothing({ target: [messageReports.messageId, messageReports.reporterId] })
    .returning({ id: messageReports.id });
  if (!report) return { ok: false, error: refusals.already, status: 409 };
  return { ok: true, reportId: report.id };
}

export interface WaitingReport {
  reportId: number;
  reason: string;
  reportedAt: string;
  reporter: { id: string; name: string; email: string } | null;
  message: {
    id: number;
    side: ThreadSide;
    body: string;
    createdAt: string;
    removed: boolean;
    authorId: string | null;
  };
  thread: { id: string; leadId: string; contractorId: string; businessName: string };
}

export const REPORTS_PAGE_SIZE = 50;

/** The console's queue: reports not yet decided, oldest first, and how many wait in all. */
export async function waitingReports(
  db: Database,
): Promise<{ reports: WaitingReport[]; total: number }> {
  const waiting = isNull(messageReports.decidedAt);
  const [rows, [all]] = await Promise.all([
    db
      .select({
        reportId: messageReports.id,
        reason: messageReports.reason,
        reportedAt: messageReports.createdAt,
        reporterId: users.id,
        reporterName: users.name,
        reporterEmail: users.email,
        messageId: messages.id,
        side: messages.side,
        body: messages.body,
        createdAt: messages.createdAt,
        removedAt: messages.removedAt,
        authorId: messages.authorId,
        threadId: threads.id,
        leadId: threads.leadId,
        contractorId: threads.contractorId,
        businessName: contractors.name,
      })
      .from(messageReports)
      .innerJoin(messages, eq(messages.id, messageReports.messageId))
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .innerJoin(contractors, eq(contractors.id, threads.contractorId))
      .leftJoin(users, eq(users.id, messageReports.reporterId))
      .where(waiting)
      .orderBy(asc(messageReports.createdAt), asc(messageReports.id))
      .limit(REPORTS_PAGE_SIZE),
    db.select({ n: count() }).from(messageReports).where(waiting),
  ]);
  return {
    total: all?.n ?? 0,
    reports: rows.map((row) => ({
      reportId: row.reportId,
      reason: row.reason,
      reportedAt: row.reportedAt.toISOString(),
      reporter:
        row.reporterId && row.reporterName !== null && row.reporterEmail !== null
          ? { id: row.reporterId, name: row.reporterName, email: row.reporterEmail }
          : null,
      message: {
        id: row.messageId,
        side: row.side,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        removed: row.removedAt !== null,
        authorId: row.authorId,
      },
      thread: {
        id: row.threadId,
        leadId: row.leadId,
        contractorId: row.contractorId,
        businessName: row.businessName,
      },
    })),
  };
}

export type DecisionResult = { ok: true } | { ok: false; error: string; status: 409 };

/**
 * An operator decides a report: "removed" hides the message (and decides
 * every report of it still waiting), "kept" leaves it. NotFound for an
 * unknown report; a decided one is 409.
 */
export async function decideReport(
  db: Database,
  actor: AuditActor,
  reportId: unknown,
  decision: "removed" | "kept",
): Promise<DecisionResult> {
  const id = readCursor(reportId);
  if (id === null) throw new NotFound();
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        id: messageReports.id,
        messageId: messageReports.messageId,
        decidedAt: messageReports.decidedAt,
        reason: messageReports.reason,
      })
      .from(messageReports)
      .where(eq(messageReports.id, id))
      .for("update");
    if (!report) throw new NotFound();
    if (report.decidedAt) return { ok: false, error: DECISION_ERRORS.decided, status: 409 };
    const [message] = await tx
      .select({ removedAt: messages.removedAt, threadId: messages.threadId })
      .from(messages)
      .where(eq(messages.id, report.messageId))
      .for("update");
    if (!message) throw new NotFound();
    const decided = { decidedAt: sql`now()`, decision } as const;
    let removedAt = message.removedAt;
    if (decision === "removed") {
      const [removed] = await tx
        .update(messages)
        .set({ removedAt: sql`coalesce(${messages.removedAt}, now())` })
        .where(eq(messages.id, report.messageId))
        .returning({ removedAt: messages.removedAt });
      removedAt = removed?.removedAt ?? null;
      await tx
        .update(messageReports)
        .set(decided)
        .where(
          and(eq(messageReports.messageId, report.messageId), isNull(messageReports.decidedAt)),
        );
    } else {
      await tx.update(messageReports).set(decided).where(eq(messageReports.id, id));
    }
    await writeAudit(tx, actor, {
      action: decision === "removed" ? "message.remove" : "message.keep",
      subjectType: "message",
      subjectId: String(report.messageId),
      before: { removedAt: message.removedAt?.toISOString() ?? null },
      after: {
        removedAt: removedAt?.toISOString() ?? null,
        reportId: id,
        threadId: message.threadId,
      },
    });
    return { ok: true };
  });
}
