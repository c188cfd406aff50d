/**
 * Reported reviews in the console (issue 22): a business's pro reports a
 * review under a rule of the review policy; an operator removes it for a
 * policy reason (its place on the profile then says why, and the rating
 * trigger stops counting it), keeps it, or keeps it and discloses that its
 * author is connected to the business (review-decisions.server.ts). The
 * queue and the decided list show one entry per review and decision, not one
 * per report.
 */
import { msg } from "@lingui/core/macro";
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
import { serviceLabel } from "~/features/content/index.server";
import type { Database } from "~/lib/db.server";
import { contractors, reviewReports, reviews, users } from "../../../database/schema";
import { monthOfYear } from "~/lib/dates";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { isRemovalReason, type RemovalReason } from "./limits";
import type { ReportDecision } from "./review-decisions.server";

export const REVIEW_QUEUE_PAGE_SIZE = 50;

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

/**
 * "Verified hire · Roof Repair · November 2026" (no service: the month only),
 * in `locale` (the console's is English).
 */
export function hireLine(
  service: string | null,
  jobMonth: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const month = monthOfYear(jobMonth, locale);
  if (!service) return translate(locale, msg`Verified hire · ${month}`);
  const label = serviceLabel(service, locale);
  return translate(locale, msg`Verified hire · ${label} · ${month}`);
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
