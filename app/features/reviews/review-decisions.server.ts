/**
 * An operator's decision on a reported review (issue 22). One decision
 * answers every report of the review still waiting; it locks the review's
 * row (two operators at once: one decides, the other is told) and writes its
 * audit row in the same transaction.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { NotFound } from "~/features/marketplace/index.server";
import { writeAudit, type AuditActor } from "~/features/operator/index.server";
import type { Database } from "~/lib/db.server";
import { reviewReports, reviews } from "../../../database/schema";
import { isRemovalReason, REVIEW_ERRORS } from "./limits";
import { UUID } from "./review-checks.server";

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
