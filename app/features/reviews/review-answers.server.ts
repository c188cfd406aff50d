/**
 * The business's answers to a review of it (issue 22): one public reply,
 * and one report to the console naming a rule of the review policy. Only
 * the business's owner; anyone else's review is NotFound (404).
 */
import { and, eq } from "drizzle-orm";
import { charCount } from "~/features/conversations/index.server";
import type { Transaction } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { contractors, reviewReports, reviews } from "../../../database/schema";
import { isRemovalReason, REPLY_MAX_CHARS, REVIEW_REPORT_NOTE_MAX_CHARS } from "./limits";
import {
  cleanText,
  reviewNotFound,
  ReviewRefused,
  REVIEW_REFUSALS,
  UUID,
} from "./review-checks.server";

/** A review of a business the person owns, locked; NotFound otherwise. */
async function lockReviewOfOwnBusiness(tx: Transaction, userId: string, reviewId: string) {
  if (!UUID.test(reviewId)) throw reviewNotFound();
  const [review] = await tx
    .select({
      id: reviews.id,
      repliedAt: reviews.repliedAt,
      removedAt: reviews.removedAt,
      authorId: reviews.authorId,
    })
    .from(reviews)
    .innerJoin(contractors, eq(contractors.id, reviews.contractorId))
    .where(and(eq(reviews.id, reviewId), eq(contractors.ownerId, userId)))
    .for("update", { of: reviews });
  if (!review) throw reviewNotFound();
  return review;
}

/** The business's one public reply to a review of it. */
export async function replyToReview(
  db: Database,
  userId: string,
  reviewId: string,
  raw: string,
  now = new Date(),
): Promise<void> {
  const body = cleanText(raw);
  const typed = charCount(body);
  if (typed === 0) throw new ReviewRefused("reply", REVIEW_REFUSALS.replyEmpty);
  if (typed > REPLY_MAX_CHARS) throw new ReviewRefused("reply", REVIEW_REFUSALS.replyLong(typed));
  await db.transaction(async (tx) => {
    const review = await lockReviewOfOwnBusiness(tx, userId, reviewId);
    if (review.repliedAt) throw new ReviewRefused("reply", REVIEW_REFUSALS.replied, 409);
    if (review.removedAt) throw new ReviewRefused("reply", REVIEW_REFUSALS.removed, 409);
    await tx
      .update(reviews)
      .set({ replyBody: body, repliedAt: now })
      .where(eq(reviews.id, reviewId));
  });
}

/** The business reports a review of it: it waits in the console's queue. */
export async function reportReview(
  db: Database,
  userId: string,
  reviewId: string,
  input: { reason: string; note: string },
): Promise<void> {
  const note = cleanText(input.note);
  const typed = charCount(note);
  if (!isRemovalReason(input.reason)) {
    throw new ReviewRefused("reason", REVIEW_REFUSALS.reportReason);
  }
  if (typed > REVIEW_REPORT_NOTE_MAX_CHARS) {
    throw new ReviewRefused("note", REVIEW_REFUSALS.reportNoteLong(typed));
  }
  const reason = input.reason;
  await db.transaction(async (tx) => {
    const review = await lockReviewOfOwnBusiness(tx, userId, reviewId);
    if (review.removedAt) throw new ReviewRefused("form", REVIEW_REFUSALS.removed, 409);
    const [row] = await tx
      .insert(reviewReports)
      .values({ reviewId, reporterId: userId, reason, note })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    if (!row) throw new ReviewRefused("form", REVIEW_REFUSALS.reported, 409);
  });
}
