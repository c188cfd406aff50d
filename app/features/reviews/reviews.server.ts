/**
 * Reviews from verified hires (issue 22, decision 029). The homeowner of a
 * completed request reviews the business they hired for it, once; the
 * review is published at once and may be edited for REVIEW_EDIT_DAYS (the
 * earlier version is kept). The business's owner may reply once, publicly,
 * and report a review to the console. Who may do what is decided here, on
 * the server: anyone else's review or request is NotFound (404).
 *
 * The business's rating follows its published reviews by a trigger
 * (migration 0010): nothing here writes contractors.rating.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { multiLine } from "~/features/leads/plain-text";
import { charCount } from "~/features/conversations/post.server";
import {
  prepareAll,
  PhotoRefused,
  type PhotoUpload,
} from "~/features/marketplace/photo-encoding.server";
import { lockOwnRequest, NotFound, type Transaction } from "~/features/marketplace/requests.server";
import type { Database } from "~/lib/db.server";
import {
  contractors,
  leads,
  photos,
  requestPros,
  reviewReports,
  reviews,
  reviewVersions,
  users,
} from "../../../database/schema";
import {
  isRemovalReason,
  REPLY_MAX_CHARS,
  REVIEW_EDIT_DAYS,
  REVIEW_ERRORS,
  REVIEW_MAX_PHOTOS,
  REVIEW_REPORT_NOTE_MAX_CHARS,
  REVIEW_STARS,
  REVIEW_TEXT,
  REVIEWS_PAGE_SIZE,
  type RemovalReason,
} from "./limits";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The 404 for a review the person may not see or act on (or that does not exist). */
export function reviewNotFound(): NotFound {
  const error = new NotFound();
  error.message = "We couldn't find that review.";
  return error;
}

/** A refusal the person can act on, said beside `field` (or above the form). */
export class ReviewRefused extends Error {
  constructor(
    readonly field: "stars" | "body" | "photos" | "reply" | "reason" | "note" | "form",
    message: string,
    readonly status: 400 | 409 | 413 = 400,
  ) {
    super(message);
  }
}

/** The text as stored: no control characters but line breaks, no outer spaces. */
export const cleanText = (raw: string): string => multiLine(raw).replace(/\r\n?/g, "\n").trim();

export interface ReviewInput {
  stars: string;
  body: string;
}

export type ReviewErrors = Partial<Record<"stars" | "body" | "photos", string>>;

/** The stars and text as stored, or what is wrong with each (every field at once). */
export function checkReview(input: ReviewInput): {
  value?: { stars: number; body: string };
  errors: ReviewErrors;
} {
  const errors: ReviewErrors = {};
  const stars = /^[1-5]$/.test(input.stars.trim()) ? Number(input.stars.trim()) : NaN;
  if (!(stars >= REVIEW_STARS.min && stars <= REVIEW_STARS.max)) errors.stars = REVIEW_ERRORS.stars;
  const body = cleanText(input.body);
  const typed = charCount(body);
  if (typed < REVIEW_TEXT.min) errors.body = REVIEW_ERRORS.textShort(typed);
  if (typed > REVIEW_TEXT.max) errors.body = REVIEW_ERRORS.textLong(typed);
  return errors.stars || errors.body ? { errors } : { value: { stars, body }, errors };
}

/** "Jordan L.": a first name and the last name's initial, as reviews are signed. */
export function reviewerName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "";
  if (!first) return "A homeowner";
  const last = parts.length > 1 ? parts[parts.length - 1] : "";
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** The first day of `date`'s month (UTC), as the review's month of the job. */
const monthOf = (date: Date): string => `${date.toISOString().slice(0, 7)}-01`;

/** Until when a review first published at `createdAt` may be edited. */
export const editableUntil = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

/** What the homeowner's project may do about a review: write one, edit it, or nothing. */
export interface ReviewChance {
  leadId: string;
  /** The business hired for the project. */
  business: { id: string; name: string; slug: string };
  service: string | null;
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
    .select({ id: leads.id, status: leads.status, service: leads.service })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.userId, userId)));
  if (!lead) throw new NotFound();
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

/** The photos chosen, re-encoded; refused (PhotoRefused) before anything is stored. */
async function preparePhotos(files: readonly PhotoUpload[], room: number) {
  if (files.length > room) throw new ReviewRefused("photos", REVIEW_ERRORS.tooManyPhotos);
  try {
    return await prepareAll(files);
  } catch (error) {
    if (error instanceof PhotoRefused) {
      throw new ReviewRefused("photos", error.message, error.status === 413 ? 413 : 400);
    }
    throw error;
  }
}

/** Refused with every field's message at once (the form shows each beside its field). */
export class ReviewInvalid extends Error {
  constructor(readonly errors: ReviewErrors) {
    super("The review was refused.");
  }
}

/**
 * Publishes the homeowner's review of the business hired for their completed
 * request, with its photos, in one transaction. Returns the review's id.
 */
export async function writeReview(
  db: Database,
  userId: string,
  leadId: string,
  input: ReviewInput,
  files: readonly PhotoUpload[] = [],
  now = new Date(),
): Promise<string> {
  const checked = checkReview(input);
  if (files.length > REVIEW_MAX_PHOTOS) checked.errors.photos = REVIEW_ERRORS.tooManyPhotos;
  if (!checked.value || checked.errors.photos) throw new ReviewInvalid(checked.errors);
  const { stars, body } = checked.value;
  const prepared = await preparePhotos(files, REVIEW_MAX_PHOTOS);
  return db.transaction(async (tx) => {
    // Another person's request is NotFound; the request is locked: one review at a time.
    const lead = await lockOwnRequest(tx, leadId, { userId });
    const [hired] = await tx
      .select({ id: contractors.id, ownerId: contractors.ownerId })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.state, "hired")));
    if (!hired) throw new ReviewRefused("form", REVIEW_ERRORS.notHired, 409);
    if (lead.status !== "completed")
      throw new ReviewRefused("form", REVIEW_ERRORS.notCompleted, 409);
    if (hired.ownerId === userId) throw new ReviewRefused("form", REVIEW_ERRORS.ownBusiness, 409);
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
    if (!row) throw new ReviewRefused("form", REVIEW_ERRORS.already, 409);
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
 * up to the limit.
 */
export async function editReview(
  db: Database,
  userId: string,
  reviewId: string,
  input: ReviewInput,
  files: readonly PhotoUpload[] = [],
  now = new Date(),
): Promise<void> {
  const checked = checkReview(input);
  if (!checked.value) throw new ReviewInvalid(checked.errors);
  const { stars, body } = checked.value;
  await db.transaction(async (tx) => {
    const review = await lockOwnReview(tx, userId, reviewId);
    if (review.removedAt) throw new ReviewRefused("form", REVIEW_ERRORS.removed, 409);
    if (now >= editableUntil(review.createdAt)) {
      throw new ReviewRefused("form", REVIEW_ERRORS.editClosed, 409);
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(photos)
      .where(eq(photos.reviewId, reviewId));
    const have = count?.n ?? 0;
    const prepared = await preparePhotos(files, REVIEW_MAX_PHOTOS - have);
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
  if (typed === 0) throw new ReviewRefused("reply", REVIEW_ERRORS.replyEmpty);
  if (typed > REPLY_MAX_CHARS) throw new ReviewRefused("reply", REVIEW_ERRORS.replyLong(typed));
  await db.transaction(async (tx) => {
    const review = await lockReviewOfOwnBusiness(tx, userId, reviewId);
    if (review.repliedAt) throw new ReviewRefused("reply", REVIEW_ERRORS.replied, 409);
    if (review.removedAt) throw new ReviewRefused("reply", REVIEW_ERRORS.removed, 409);
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
    throw new ReviewRefused("reason", REVIEW_ERRORS.reportReason);
  }
  if (typed > REVIEW_REPORT_NOTE_MAX_CHARS) {
    throw new ReviewRefused("note", REVIEW_ERRORS.reportNoteLong(typed));
  }
  const reason = input.reason;
  await db.transaction(async (tx) => {
    const review = await lockReviewOfOwnBusiness(tx, userId, reviewId);
    if (review.removedAt) throw new ReviewRefused("form", REVIEW_ERRORS.removed, 409);
    const [row] = await tx
      .insert(reviewReports)
      .values({ reviewId, reporterId: userId, reason, note })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    if (!row) throw new ReviewRefused("form", REVIEW_ERRORS.reported, 409);
  });
}

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
