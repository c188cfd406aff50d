/**
 * Reviews from verified hires (issue 22, decision 029). The homeowner of a
 * completed request reviews the business they hired for it, once; the
 * review is published at once and may be edited for REVIEW_EDIT_DAYS (the
 * earlier version is kept). Who may do what is decided here, on the
 * server: anyone else's review or request is NotFound (404). The business's
 * answers are in review-answers.server.ts, the lists in review-lists.server.ts.
 *
 * The business's rating follows its published reviews by a trigger
 * (migration 0010): nothing here writes contractors.rating.
 */
import { and, eq, sql } from "drizzle-orm";
import { prepareAll, PhotoRefused, type PhotoUpload } from "~/features/marketplace/index.server";
import { lockOwnRequest, NotFound, type Transaction } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import {
  contractors,
  leads,
  photos,
  requestPros,
  reviews,
  reviewVersions,
  users,
} from "../../../database/schema";
import { REVIEW_MAX_PHOTOS, type RemovalReason } from "./limits";
import {
  checkReview,
  editableUntil,
  reviewerName,
  reviewNotFound,
  ReviewInvalid,
  ReviewRefused,
  REVIEW_REFUSALS,
  UUID,
  type ReviewInput,
} from "./review-checks.server";

/** The first day of `date`'s month (UTC), as the review's month of the job. */
const monthOf = (date: Date): string => `${date.toISOString().slice(0, 7)}-01`;

/** What the homeowner's project may do about a review: write one, edit it, or nothing. */
export interface ReviewChance {
  leadId: string;
  /** The business hired for the project. */
  business: { id: string; name: string; slug: string };
  service: string | null;
  /** The request's city, whose zone (the job's) pages give the edit window's last day in. */
  citySlug: string | null;
  /** The project is completed: a review may be written. */
  completed: boolean;
  /** The person owns the hired business (a review of one's own business is refused). */
  ownBusiness: boolean;
  review: {
    id: string;
    stars: number;
    body: string;
    createdAt: string;
    editedAt: string | null;
    editableUntil: string;
    canEdit: boolean;
    removedReason: RemovalReason | null;
    photoCount: number;
  } | null;
}

/**
 * The review chance of the person's own request: null when nobody was hired
 * for it; NotFound when it is not their request.
 */
export async function reviewChance(
  db: Database,
  userId: string,
  leadId: string,
  now = new Date(),
): Promise<ReviewChance | null> {
  if (!UUID.test(leadId)) throw new NotFound();
  const [lead] = await db
    .select({
      id: leads.id,
      status: leads.status,
      service: leads.service,
      citySlug: leads.citySlug,
    })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.userId, userId)));
  if (!lead) throw new NotFound();
  const hired = await hiredFor(db, leadId);
  if (!hired) return null;
  const [review] = await db
    .select({
      id: reviews.id,
      stars: reviews.stars,
      body: reviews.body,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      removedReason: reviews.removedReason,
      photoCount: sql<number>`(select count(*)::integer from ${photos} where ${photos.reviewId} = ${reviews.id})`,
    })
    .from(reviews)
    .where(and(eq(reviews.leadId, leadId), eq(reviews.contractorId, hired.id)));
  return {
    leadId,
    business: { id: hired.id, name: hired.name, slug: hired.slug },
    service: lead.service,
    citySlug: lead.citySlug,
    completed: lead.status === "completed",
    ownBusiness: hired.ownerId === userId,
    review: review
      ? {
          id: review.id,
          stars: review.stars,
          body: review.body,
          createdAt: review.createdAt.toISOString(),
          editedAt: review.editedAt?.toISOString() ?? null,
          editableUntil: editableUntil(review.createdAt).toISOString(),
          canEdit: review.removedReason === null && now < editableUntil(review.createdAt),
          removedReason: review.removedReason,
          photoCount: review.photoCount,
        }
      : null,
  };
}

/** The business hired for the request, if any (the only one a review can be of). */
async function hiredFor(db: Database | Transaction, leadId: string) {
  const [hired] = await db
    .select({
      id: contractors.id,
      name: contractors.name,
      slug: contractors.slug,
      ownerId: contractors.ownerId,
    })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(and(eq(requestPros.leadId, leadId), eq(requestPros.state, "hired")));
  return hired;
}

/**
 * The photos chosen, re-encoded; refused (PhotoRefused) before anything is
 * stored, a photo's refusal said in `locale`.
 */
async function preparePhotos(files: readonly PhotoUpload[], room: number, locale: Locale) {
  if (files.length > room) throw new ReviewRefused("photos", REVIEW_REFUSALS.tooManyPhotos);
  try {
    return await prepareAll(files, locale);
  } catch (error) {
    if (error instanceof PhotoRefused) {
      throw new ReviewRefused("photos", error.message, error.status === 413 ? 413 : 400);
    }
    throw error;
  }
}

/**
 * Publishes the homeowner's review of the business hired for their completed
 * request, with its photos, in one transaction. Returns the review's id.
 * `locale`: the language a photo's refusal is said in (the other refusals
 * are sentences the route says in it).
 */
export async function writeReview(
  db: Database,
  userId: string,
  leadId: string,
  input: ReviewInput,
  files: readonly PhotoUpload[] = [],
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const checked = checkReview(input);
  if (files.length > REVIEW_MAX_PHOTOS) checked.errors.photos = REVIEW_REFUSALS.tooManyPhotos;
  if (!checked.value || checked.errors.photos) throw new ReviewInvalid(checked.errors);
  const { stars, body } = checked.value;
  const prepared = await preparePhotos(files, REVIEW_MAX_PHOTOS, locale);
  return db.transaction(async (tx) => {
    // Another person's request is NotFound; the request is locked: one review at a time.
    const lead = await lockOwnRequest(tx, leadId, { userId });
    const hired = await hiredFor(tx, leadId);
    if (!hired) throw new ReviewRefused("form", REVIEW_REFUSALS.notHired, 409);
    if (lead.status !== "completed")
      throw new ReviewRefused("form", REVIEW_REFUSALS.notCompleted, 409);
    if (hired.ownerId === userId) throw new ReviewRefused("form", REVIEW_REFUSALS.ownBusiness, 409);
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    const [row] = await tx
      .insert(reviews)
      .values({
        leadId,
        contractorId: hired.id,
        authorId: userId,
        authorName: reviewerName(author?.name ?? ""),
        stars,
        body,
        service: lead.service,
        jobMonth: monthOf(lead.completedAt ?? now),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!row) throw new ReviewRefused("form", REVIEW_REFUSALS.already, 409);
    if (prepared.length > 0) {
      await tx
        .insert(photos)
        .values(prepared.map((photo, position) => ({ reviewId: row.id, position, ...photo })));
    }
    return row.id;
  });
}

/** The author's own review, locked; NotFound for anyone else's. */
async function lockOwnReview(tx: Transaction, userId: string, reviewId: string) {
  if (!UUID.test(reviewId)) throw reviewNotFound();
  const [review] = await tx
    .select({
      id: reviews.id,
      stars: reviews.stars,
      body: reviews.body,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      removedAt: reviews.removedAt,
    })
    .from(reviews)
    .innerJoin(leads, eq(leads.id, reviews.leadId))
    .where(and(eq(reviews.id, reviewId), eq(leads.userId, userId)))
    .for("update", { of: reviews });
  if (!review) throw reviewNotFound();
  return review;
}

/**
 * The author edits their review within REVIEW_EDIT_DAYS of publishing it:
 * the version it replaces is kept in review_versions. Photos may be added
 * up to the limit. `locale` as for writeReview.
 */
export async function editReview(
  db: Database,
  userId: string,
  reviewId: string,
  input: ReviewInput,
  files: readonly PhotoUpload[] = [],
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const checked = checkReview(input);
  if (!checked.value) throw new ReviewInvalid(checked.errors);
  const { stars, body } = checked.value;
  await db.transaction(async (tx) => {
    const review = await lockOwnReview(tx, userId, reviewId);
    if (review.removedAt) throw new ReviewRefused("form", REVIEW_REFUSALS.removed, 409);
    if (now >= editableUntil(review.createdAt)) {
      throw new ReviewRefused("form", REVIEW_REFUSALS.editClosed, 409);
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(photos)
      .where(eq(photos.reviewId, reviewId));
    const have = count?.n ?? 0;
    const prepared = await preparePhotos(files, REVIEW_MAX_PHOTOS - have, locale);
    const unchanged = review.stars === stars && review.body === body;
    if (!unchanged) {
      await tx.insert(reviewVersions).values({
        reviewId,
        stars: review.stars,
        body: review.body,
        writtenAt: review.editedAt ?? review.createdAt,
        replacedAt: now,
      });
      await tx.update(reviews).set({ stars, body, editedAt: now }).where(eq(reviews.id, reviewId));
    }
    if (prepared.length > 0) {
      await tx
        .insert(photos)
        .values(prepared.map((photo, i) => ({ reviewId, position: have + i, ...photo })));
    }
  });
}
