/**
 * A business's reviews as pages list them (issue 22): newest first, a page
 * at a time; a removed review by its policy reason alone; for the business's
 * owner, which ones they reported; a review's earlier versions.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { NotFound } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import {
  contractors,
  photos,
  reviewReports,
  reviews,
  reviewVersions,
} from "../../../database/schema";
import { REVIEWS_PAGE_SIZE, type RemovalReason } from "./limits";
import { UUID } from "./review-checks.server";

/** A review as a profile (or the business's own page) shows it. */
export interface ReviewView {
  id: string;
  authorName: string;
  stars: number;
  body: string;
  service: string | null;
  jobMonth: string;
  insider: boolean;
  createdAt: string;
  editedAt: string | null;
  reply: { body: string; at: string } | null;
  removedReason: RemovalReason | null;
  photos: { id: string; width: number; height: number }[];
}

export interface ReviewPage {
  reviews: ReviewView[];
  page: number;
  pages: number;
  /** Published reviews (removed ones are shown with their reason, not counted). */
  published: number;
}

/**
 * A business's reviews, newest first, REVIEWS_PAGE_SIZE a page: published
 * ones in full, removed ones by their reason alone (their text and photos
 * are not sent to the page).
 */
export async function reviewsOfBusiness(
  db: Database,
  contractorId: string,
  page = 1,
): Promise<ReviewPage> {
  const [totals] = await db
    .select({
      all: sql<number>`count(*)::integer`,
      published: sql<number>`(count(*) filter (where ${reviews.removedAt} is null))::integer`,
    })
    .from(reviews)
    .where(eq(reviews.contractorId, contractorId));
  const all = totals?.all ?? 0;
  const pages = Math.max(1, Math.ceil(all / REVIEWS_PAGE_SIZE));
  const current = Number.isInteger(page) ? Math.min(Math.max(page, 1), pages) : 1;
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.contractorId, contractorId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((current - 1) * REVIEWS_PAGE_SIZE);
  const shown = rows.filter((row) => row.removedAt === null).map((row) => row.id);
  const photoRows =
    shown.length === 0
      ? []
      : await db
          .select({
            id: photos.id,
            reviewId: photos.reviewId,
            width: photos.width,
            height: photos.height,
          })
          .from(photos)
          .where(inArray(photos.reviewId, shown))
          .orderBy(asc(photos.position));
  return {
    page: current,
    pages,
    published: totals?.published ?? 0,
    reviews: rows.map((row) => {
      const removed = row.removedAt !== null;
      return {
        id: row.id,
        authorName: removed ? "" : row.authorName,
        stars: removed ? 0 : row.stars,
        body: removed ? "" : row.body,
        service: row.service,
        jobMonth: row.jobMonth,
        insider: row.insider,
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
        reply:
          !removed && row.replyBody && row.repliedAt
            ? { body: row.replyBody, at: row.repliedAt.toISOString() }
            : null,
        removedReason: row.removedReason,
        photos: photoRows
          .filter((photo) => photo.reviewId === row.id)
          .map(({ id, width, height }) => ({ id, width, height })),
      };
    }),
  };
}

/**
 * The reviews of a business the person owns, for its page on /pro: each with
 * whether this person has reported it. NotFound when they do not own it.
 */
export async function reviewsForOwner(
  db: Database,
  userId: string,
  contractorId: string,
  page = 1,
): Promise<ReviewPage & { reported: string[] }> {
  if (!UUID.test(contractorId)) throw new NotFound();
  const [owned] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)));
  if (!owned) throw new NotFound();
  const list = await reviewsOfBusiness(db, contractorId, page);
  const ids = list.reviews.map((review) => review.id);
  const reported =
    ids.length === 0
      ? []
      : await db
          .select({ reviewId: reviewReports.reviewId })
          .from(reviewReports)
          .where(and(inArray(reviewReports.reviewId, ids), eq(reviewReports.reporterId, userId)));
  return { ...list, reported: reported.map((row) => row.reviewId) };
}

/** Earlier versions of a review, oldest first (the console and the author may read them). */
export function versionsOf(db: Database, reviewId: string) {
  return db
    .select({
      stars: reviewVersions.stars,
      body: reviewVersions.body,
      writtenAt: reviewVersions.writtenAt,
      replacedAt: reviewVersions.replacedAt,
    })
    .from(reviewVersions)
    .where(eq(reviewVersions.reviewId, reviewId))
    .orderBy(asc(reviewVersions.id));
}
