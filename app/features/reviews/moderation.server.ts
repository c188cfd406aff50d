/**
 * Reported reviews in the console (issue 22): a business's pro reports a
 * review under a rule of the review policy; an operator removes it for a
 * policy reason (its place on the profile then says why, and the rating
 * trigger stops counting it), keeps it, or keeps it and discloses that its
 * author is connected to the business. One decision answers every report of
 * the review still waiting; it locks the review's row (two operators at once:
 * one decides, the other is told) and writes its audit row in the same
 * transaction. The queue and the decided list show one entry per review and
 * decision, not one per report.
 */
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  min,
  sql,
} from "drizzle-orm";
import { serviceLabel } from "~/features/content/service-label.server";
import { NotFound } from "~/features/marketplace/requests.server";
import { writeAudit, type AuditActor } from "~/features/operator/audit.server";
import type { Database } from "~/lib/db.server";
import { contractors, reviewReports, reviews, users } from "../../../database/schema";
import { isRemovalReason, REVIEW_ERRORS, type RemovalReason } from "./limits";

export const REVIEW_QUEUE_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an operator decides; a removal's reason comes from a form and is checked here. */
export type ReviewDecisionInput =
  { kind: "remove"; reason: string } | { kind: "keep" } | { kind: "disclose" };

/** What a decided report records (review_reports.decision). */
export type ReportDecision = "removed" | "kept" | "disclosed";

const RECORDED: Record<ReviewDecisionInput["kind"], ReportDecision> = {
  remove: "removed",
  keep: "kept",
  disclose: "disclosed",
};

/** The audit log's action for each decision. */
export const REVIEW_AUDIT_ACTIONS: Record<ReviewDecisionInput["kind"], string> = {
  remove: "review.remove",
  keep: "review.keep",
  disclose: "review.disclose",
};

export type ReviewDecisionOutcome =
  | { ok: true; decision: ReportDecision; reports: number }
  | { ok: false; status: 400; errors: { reason: string } }
  | { ok: false; status: 409; formError: string };

/** A review as the console shows it, in full. */
export interface ModeratedReview {
  id: string;
  stars: number;
  body: string;
  authorName: string;
  /** "Verified hire · Roof Repair · November 2026" */
  hireLine: string;
  service: string | null;
  jobMonth: string;
  createdAt: string;
  editedAt: string | null;
  edited: boolean;
  /** Disclosed on the review: its author is connected to the business. */
  insider: boolean;
  reply: { body: string; at: string } | null;
  removed: { at: string; reason: RemovalReason } | null;
}

export interface ReviewBusiness {
  id: string;
  name: string;
  slug: string;
}

export interface ReportOfReview {
  id: number;
  reason: RemovalReason;
  note: string;
  reporter: { id: string; name: string; email: string } | null;
  reportedAt: string;
}

export interface WaitingReview {
  review: ModeratedReview;
  business: ReviewBusiness;
  /** Every waiting report of the review, oldest first. */
  reports: ReportOfReview[];
  /** The reason most of them give (the oldest report's among equals). */
  mostReported: RemovalReason;
}

export interface DecidedReview {
  review: ModeratedReview;
  business: ReviewBusiness;
  /** The reports this decision answered, oldest first. */
  reports: ReportOfReview[];
  decision: ReportDecision;
  /** A removal's policy reason. */
  reason: RemovalReason | null;
  decidedAt: string;
  /** The operator, from the decision's audit row. */
  decidedBy: string | null;
}

const monthFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "November 2026" for the job's month ("2026-11-01"). */
export function jobMonthText(jobMonth: string): string {
  const day = new Date(`${jobMonth.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(day.getTime()) ? jobMonth : monthFormat.format(day);
}

/** "Verified hire · Roof Repair · November 2026" (no service: the month only). */
export function hireLine(service: string | null, jobMonth: string): string {
  return ["Verified hire", service ? serviceLabel(service) : null, jobMonthText(jobMonth)]
    .filter((part) => part !== null)
    .join(" · ");
}

/** The reviews of these ids with their business. */
function reviewRows(db: Database, ids: string[]) {
  return db
    .select({
      id: reviews.id,
      stars: reviews.stars,
      body: reviews.body,
      authorName: reviews.authorName,
      service: reviews.service,
      jobMonth: reviews.jobMonth,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      insider: reviews.insider,
      replyBody: reviews.replyBody,
      repliedAt: reviews.repliedAt,
      removedAt: reviews.removedAt,
      removedReason: reviews.removedReason,
      businessId: contractors.id,
      businessName: contractors.name,
      businessSlug: contractors.slug,
    })
    .from(reviews)
    .innerJoin(contractors, eq(contractors.id, reviews.contractorId))
    .where(inArray(reviews.id, ids));
}

type ReviewRow = Awaited<ReturnType<typeof reviewRows>>[number];

function shown(row: ReviewRow): { review: ModeratedReview; business: ReviewBusiness } {
  return {
    review: {
      id: row.id,
      stars: row.stars,
      body: row.body,
      authorName: row.authorName,
      hireLine: hireLine(row.service, row.jobMonth),
      service: row.service,
      jobMonth: row.jobMonth,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      edited: row.editedAt !== null,
      insider: row.insider,
      reply:
        row.replyBody !== null && row.repliedAt !== null
          ? { body: row.replyBody, at: row.repliedAt.toISOString() }
          : null,
      removed:
        row.removedAt && row.removedReason
          ? { at: row.removedAt.toISOString(), reason: row.removedReason }
          : null,
    },
    business: { id: row.businessId, name: row.businessName, slug: row.businessSlug },
  };
}

async function reviewsById(db: Database, ids: string[]) {
  const rows = ids.length === 0 ? [] : await reviewRows(db, ids);
  return new Map(rows.map((row) => [row.id, shown(row)]));
}

/** The reports of these reviews, waiting or decided, oldest first. */
async function reportsOf(db: Database, reviewIds: string[], waiting: boolean) {
  if (reviewIds.length === 0) return [];
  const rows = await db
    .select({
      id: reviewReports.id,
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      note: reviewReports.note,
      createdAt: reviewReports.createdAt,
      decidedAt: reviewReports.decidedAt,
      reporterId: users.id,
      reporterName: users.name,
      reporterEmail: users.email,
    })
    .from(reviewReports)
    .leftJoin(users, eq(users.id, reviewReports.reporterId))
    .where(
      and(
        inArray(reviewReports.reviewId, reviewIds),
        waiting ? isNull(reviewReports.decidedAt) : isNotNull(reviewReports.decidedAt),
      ),
    )
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id));
  return rows.map((row) => ({
    reviewId: row.reviewId,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    report: {
      id: row.id,
      reason: row.reason,
      note: row.note,
      reporter:
        row.reporterId !== null && row.reporterName !== null && row.reporterEmail !== null
          ? { id: row.reporterId, name: row.reporterName, email: row.reporterEmail }
          : null,
      reportedAt: row.createdAt.toISOString(),
    } satisfies ReportOfReview,
  }));
}

/** The reason most reports give; among equals, the one reported first. */
export function mostReported(reports: readonly { reason: RemovalReason }[]): RemovalReason {
  const tally = new Map<RemovalReason, number>();
  for (const { reason } of reports) tally.set(reason, (tally.get(reason) ?? 0) + 1);
  let best: RemovalReason = reports[0]?.reason ?? "not_about_the_job";
  for (const [reason, n] of tally) if (n > (tally.get(best) ?? 0)) best = reason;
  return best;
}

const offsetOf = (page: number) => (Math.max(1, Math.floor(page)) - 1) * REVIEW_QUEUE_PAGE_SIZE;

/** How many reviews wait for a decision, and how many decisions were made. */
export async function reviewReportCounts(
  db: Database,
): Promise<{ waiting: number; decided: number }> {
  const decisions = db
    .selectDistinct({ reviewId: reviewReports.reviewId, decidedAt: reviewReports.decidedAt })
    .from(reviewReports)
    .where(isNotNull(reviewReports.decidedAt))
    .as("decisions");
  const [[waiting], [decided]] = await Promise.all([
    db
      .select({ n: countDistinct(reviewReports.reviewId) })
      .from(reviewReports)
      .where(isNull(reviewReports.decidedAt)),
    db.select({ n: count() }).from(decisions),
  ]);
  return { waiting: waiting?.n ?? 0, decided: decided?.n ?? 0 };
}

/**
 * The queue: reviews with a report waiting, the longest-waiting first, 50 a
 * page (page 1 first), each with all its waiting reports; `more` when
 * another page follows.
 */
export async function waitingReviewReports(
  db: Database,
  page = 1,
): Promise<{ entries: WaitingReview[]; more: boolean }> {
  const firstReported = min(reviewReports.createdAt);
  const queue = await db
    .select({ reviewId: reviewReports.reviewId })
    .from(reviewReports)
    .where(isNull(reviewReports.decidedAt))
    .groupBy(reviewReports.reviewId)
    .orderBy(asc(firstReported), asc(reviewReports.reviewId))
    .limit(REVIEW_QUEUE_PAGE_SIZE + 1)
    .offset(offsetOf(page));
  const ids = queue.slice(0, REVIEW_QUEUE_PAGE_SIZE).map((row) => row.reviewId);
  const [found, reports] = await Promise.all([reviewsById(db, ids), reportsOf(db, ids, true)]);
  const entries: WaitingReview[] = [];
  for (const id of ids) {
    const shownReview = found.get(id);
    const own = reports.filter((row) => row.reviewId === id).map((row) => row.report);
    // (A review deleted with its reports since the first read: nothing to decide.)
    if (!shownReview || own.length === 0) continue;
    entries.push({ ...shownReview, reports: own, mostReported: mostReported(own) });
  }
  return { entries, more: queue.length > REVIEW_QUEUE_PAGE_SIZE };
}

/**
 * The decisions made, the newest first, 50 a page: one entry per review and
 * decision, with the reports it answered, the removal's reason and the
 * operator who decided (the decision's audit row, written in the same
 * transaction: its time is the reports' decided_at).
 */
export async function decidedReviewReports(
  db: Database,
  page = 1,
): Promise<{ entries: DecidedReview[]; more: boolean }> {
  // Written out: the audit row of the decision, matched by its subject and time.
  const auditOf = (column: string) =>
    sql.raw(`(select a.${column} from audit_log a
      where a.subject_type = 'review' and a.subject_id = review_reports.review_id::text
        and a.action like 'review.%' and a.at = review_reports.decided_at
      order by a.id desc limit 1)`);
  const decisions = await db
    .select({
      reviewId: reviewReports.reviewId,
      decidedAt: reviewReports.decidedAt,
      decision: reviewReports.decision,
      decidedBy: sql<string | null>`${auditOf("actor_email")}`,
      reason: sql<string | null>`${auditOf("after->>'reason'")}`,
    })
    .from(reviewReports)
    .where(isNotNull(reviewReports.decidedAt))
    .groupBy(reviewReports.reviewId, reviewReports.decidedAt, reviewReports.decision)
    .orderBy(desc(reviewReports.decidedAt), asc(reviewReports.reviewId))
    .limit(REVIEW_QUEUE_PAGE_SIZE + 1)
    .offset(offsetOf(page));
  const shownDecisions = decisions.slice(0, REVIEW_QUEUE_PAGE_SIZE);
  const ids = [...new Set(shownDecisions.map((row) => row.reviewId))];
  const [found, reports] = await Promise.all([reviewsById(db, ids), reportsOf(db, ids, false)]);
  const entries: DecidedReview[] = [];
  for (const row of shownDecisions) {
    const shownReview = found.get(row.reviewId);
    if (!shownReview || !row.decidedAt || !row.decision) continue;
    const decidedAt = row.decidedAt.toISOString();
    entries.push({
      ...shownReview,
      reports: reports
        .filter((report) => report.reviewId === row.reviewId && report.decidedAt === decidedAt)
        .map((report) => report.report),
      decision: row.decision,
      reason: isRemovalReason(row.reason) ? row.reason : null,
      decidedAt,
      decidedBy: row.decidedBy,
    });
  }
  return { entries, more: decisions.length > REVIEW_QUEUE_PAGE_SIZE };
}

/**
 * An operator decides a reported review: "remove" (for a reason of the
 * policy: the review shows it in its place and leaves the rating), "keep",
 * or "disclose" (keep it, marked as written by someone connected to the
 * business). Every report of the review still waiting is decided with it.
 * NotFound for an unknown review; a review with no report waiting is 409
 * (another operator decided first); a reason outside the policy is 400.
 */
export async function decideReview(
  db: Database,
  actor: AuditActor,
  reviewId: string,
  decision: ReviewDecisionInput,
): Promise<ReviewDecisionOutcome> {
  if (!UUID.test(reviewId)) throw new NotFound();
  return db.transaction(async (tx): Promise<ReviewDecisionOutcome> => {
    const [review] = await tx
      .select({
        id: reviews.id,
        contractorId: reviews.contractorId,
        insider: reviews.insider,
        removedAt: reviews.removedAt,
        removedReason: reviews.removedReason,
      })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!review) throw new NotFound();
    const waiting = await tx
      .select({ id: reviewReports.id })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.decidedAt)))
      .orderBy(asc(reviewReports.id))
      .for("update");
    if (waiting.length === 0) return { ok: false, status: 409, formError: REVIEW_ERRORS.decided };
    const reason = decision.kind === "remove" ? decision.reason : null;
    if (decision.kind === "remove" && !isRemovalReason(reason)) {
      return { ok: false, status: 400, errors: { reason: REVIEW_ERRORS.removalReason } };
    }

    let after = review;
    if (decision.kind === "remove" && isRemovalReason(reason)) {
      const [changed] = await tx
        .update(reviews)
        .set({ removedAt: sql`coalesce(${reviews.removedAt}, now())`, removedReason: reason })
        .where(eq(reviews.id, reviewId))
        .returning();
      if (changed) after = changed;
    } else if (decision.kind === "disclose") {
      const [changed] = await tx
        .update(reviews)
        .set({ insider: true })
        .where(eq(reviews.id, reviewId))
        .returning();
      if (changed) after = changed;
    }
    const recorded = RECORDED[decision.kind];
    const reportIds = waiting.map((report) => report.id);
    await tx
      .update(reviewReports)
      .set({ decidedAt: sql`now()`, decision: recorded })
      .where(inArray(reviewReports.id, reportIds));
    await writeAudit(tx, actor, {
      action: REVIEW_AUDIT_ACTIONS[decision.kind],
      subjectType: "review",
      subjectId: reviewId,
      before: {
        removedAt: review.removedAt?.toISOString() ?? null,
        removedReason: review.removedReason,
        insider: review.insider,
      },
      after: {
        decision: recorded,
        reason,
        removedAt: after.removedAt?.toISOString() ?? null,
        removedReason: after.removedReason,
        insider: after.insider,
        contractorId: review.contractorId,
        reportIds,
      },
    });
    return { ok: true, decision: recorded, reports: reportIds.length };
  });
}
