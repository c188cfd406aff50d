/**
 * Photos: up to 5 on a homeowner's request, seen only by the homeowner and
 * the pros it was sent to, and up to 12 of a business's past work, public.
 *
 * Every upload is decoded and encoded again here, as WebP at most 2000 px on
 * its longer side, with no metadata at all: a phone photo's EXIF says where
 * it was taken. Only what decodes as JPEG, PNG or WebP is taken, whatever
 * the file is called. The photos are kept in the database (decision 024),
 * so every instance on one PostgreSQL serves the same bytes.
 */
import { msg } from "@lingui/core/macro";
import { and, asc, eq, exists, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import {
  contractors,
  leads,
  messages,
  photos,
  requestPros,
  reviews,
  threads,
} from "../../../database/schema";
import { NotFound, type Transaction } from "./requests.server";
import { MAX_UPLOAD_BYTES, PHOTO_LIMITS } from "./photo-limits";
import { prepareAll, PhotoRefused, type PhotoUpload } from "./photo-encoding.server";

// What the routes and tests use, from one place.
export { MAX_UPLOAD_BYTES, PHOTO_LIMITS, PhotoRefused };
export { preparePhoto, type PhotoUpload, type PreparedPhoto } from "./photo-encoding.server";
export { readPhotoUploads } from "./photo-uploads.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A photo id as the URL has it (anything else is not found, not a database error). */
export function isPhotoId(value: string): boolean {
  return UUID.test(value);
}

function notFound(what: string): NotFound {
  const error = new NotFound();
  error.message = `We couldn't find that ${what}.`;
  return error;
}

/** A request's or a business's photos, and who may add to them. */
interface Album {
  owner: { leadId: string } | { contractorId: string };
  photos: SQL | undefined;
  limit: number;
  /** What a full album answers, in the page's language. */
  full: string;
  /** The page's language (the refusals' sentences). */
  locale: Locale;
  /** Locks the row the photos belong to, if the user owns it; NotFound otherwise. */
  lock(tx: Transaction): Promise<void>;
}

/**
 * Locks the album's owner and checks there is room for `adding` more
 * photos; returns the position the first of them takes. Adding photos
 * takes the same lock, so two uploads at once cannot both take the last room.
 */
async function roomFor(tx: Transaction, album: Album, adding: number): Promise<number> {
  await album.lock(tx);
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<number>`coalesce(max(${photos.position}), -1)::int`,
    })
    .from(photos)
    .where(album.photos);
  if ((row?.count ?? 0) + adding > album.limit) throw new PhotoRefused(album.full);
  return (row?.last ?? -1) + 1;
}

/**
 * All or nothing: the owner and the room are checked, every file is
 * prepared, and only then are they stored, in one transaction that checks
 * again. No lock is held while the photos are encoded (hundreds of ms).
 */
async function addPhotos(
  db: Database,
  album: Album,
  files: readonly PhotoUpload[],
): Promise<string[]> {
  if (files.length === 0) {
    throw new PhotoRefused(translate(album.locale, msg`Please choose a photo to add.`));
  }
  if (files.length > album.limit) throw new PhotoRefused(album.full);
  await db.transaction((tx) => roomFor(tx, album, files.length));
  const prepared = await prepareAll(files, album.locale);
  return db.transaction(async (tx) => {
    const first = await roomFor(tx, album, prepared.length);
    const rows = await tx
      .insert(photos)
      .values(prepared.map((photo, i) => ({ ...album.owner, position: first + i, ...photo })))
      .returning({ id: photos.id });
    return rows.map((row) => row.id);
  });
}

/**
 * The homeowner adds photos to their own request (NotFound for anyone else).
 * Returns the new ids. Refusals are in `locale`, the page's language.
 */
export async function attachRequestPhotos(
  db: Database,
  userId: string,
  leadId: string,
  files: readonly PhotoUpload[],
  locale: Locale = DEFAULT_LOCALE,
): Promise<string[]> {
  if (!UUID.test(leadId)) throw new NotFound();
  const most = PHOTO_LIMITS.perRequest;
  return addPhotos(
    db,
    {
      owner: { leadId },
      photos: eq(photos.leadId, leadId),
      limit: PHOTO_LIMITS.perRequest,
      full: translate(locale, msg`You can attach up to ${most} photos to a request.`),
      locale,
      lock: async (tx) => {
        const [own] = await tx
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.id, leadId), eq(leads.userId, userId)))
          .for("update");
        if (!own) throw new NotFound();
      },
    },
    files,
  );
}

/**
 * The business's owner adds photos of past work (NotFound for anyone else).
 * Returns the new ids. Refusals are in `locale`, the page's language.
 */
export async function addBusinessPhotos(
  db: Database,
  userId: string,
  contractorId: string,
  files: readonly PhotoUpload[],
  locale: Locale = DEFAULT_LOCALE,
): Promise<string[]> {
  if (!UUID.test(contractorId)) throw notFound("business");
  const most = PHOTO_LIMITS.perBusiness;
  return addPhotos(
    db,
    {
      owner: { contractorId },
      photos: eq(photos.contractorId, contractorId),
      limit: PHOTO_LIMITS.perBusiness,
      full: translate(locale, msg`You can show up to ${most} photos of your work.`),
      locale,
      lock: async (tx) => {
        const [own] = await tx
          .select({ id: contractors.id })
          .from(contractors)
          .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)))
          .for("update");
        if (!own) throw notFound("business");
      },
    },
    files,
  );
}

/** The photo's request belongs to the user. */
/** The photo's review is published (an operator may remove it later). */
const onPublishedReview = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(reviews)
      .where(and(eq(reviews.id, photos.reviewId), isNull(reviews.removedAt))),
  );

const onOwnRequest = (db: Database, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(leads)
      .where(and(eq(leads.id, photos.leadId), eq(leads.userId, userId))),
  );

/** The photo's business belongs to the user. */
const ofOwnBusiness = (db: Database, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(contractors)
      .where(and(eq(contractors.id, photos.contractorId), eq(contractors.ownerId, userId))),
  );

/** The photo's request was sent to a business the user owns. */
const onRequestSentToOwnBusiness = (db: Database, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .where(
        and(
          eq(requestPros.leadId, photos.leadId),
          eq(contractors.ownerId, userId),
          // A pro that did not answer in time lost access to the request (issue 33).
          ne(requestPros.state, "no_answer"),
        ),
      ),
  );

/**
 * The photo belongs to a message, not removed, in a thread the user takes
 * part in (a conversation's photo; decision 028). Written here rather than in
 * conversations, which lies above the marketplace (decision 032).
 */
const onOwnThreadMessage = (db: Database, userId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(messages)
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .innerJoin(leads, eq(leads.id, threads.leadId))
      .innerJoin(contractors, eq(contractors.id, threads.contractorId))
      .where(
        and(
          eq(messages.id, photos.messageId),
          isNull(messages.removedAt),
          or(eq(leads.userId, userId), eq(contractors.ownerId, userId)),
        ),
      ),
  );

/** Removes a photo from the user's own request or business; NotFound otherwise. */
export async function removePhoto(db: Database, userId: string, photoId: string): Promise<void> {
  if (!UUID.test(photoId)) throw notFound("photo");
  const removed = await db
    .delete(photos)
    .where(and(eq(photos.id, photoId), or(onOwnRequest(db, userId), ofOwnBusiness(db, userId))))
    .returning({ id: photos.id });
  if (removed.length === 0) throw notFound("photo");
}

export interface PhotoListing {
  id: string;
  width: number;
  height: number;
  caption: string;
}

function listPhotos(db: Database, where: SQL): Promise<PhotoListing[]> {
  return db
    .select({
      id: photos.id,
      width: photos.width,
      height: photos.height,
      caption: photos.caption,
    })
    .from(photos)
    .where(where)
    .orderBy(asc(photos.position), asc(photos.createdAt));
}

/** A request's photos in order. The caller has checked who may see the request. */
export function photosOfRequest(db: Database, leadId: string): Promise<PhotoListing[]> {
  return listPhotos(db, eq(photos.leadId, leadId));
}

/** A business's photos of past work in order (public). */
export function photosOfBusiness(db: Database, contractorId: string): Promise<PhotoListing[]> {
  return listPhotos(db, eq(photos.contractorId, contractorId));
}

/**
 * A photo's bytes, if this user (null: nobody signed in) may see it: a
 * business's photo is public; a request's only for the homeowner and the
 * owners of the businesses it was sent to; a message's only for the two
 * sides of its thread; a review's to anyone while the review is published.
 * Null otherwise, the same as an
 * id that does not exist.
 */
export async function photoFor(
  db: Database,
  userId: string | null,
  photoId: string,
): Promise<{ webp: Uint8Array; public: boolean; mayBeWithdrawn: boolean } | null> {
  if (!UUID.test(photoId)) return null;
  // A business's photos, and a published review's (removed: nobody's).
  const isPublic = or(isNotNull(photos.contractorId), onPublishedReview(db));
  const visible =
    userId === null
      ? isPublic
      : or(
          isPublic,
          onOwnRequest(db, userId),
          onRequestSentToOwnBusiness(db, userId),
          onOwnThreadMessage(db, userId),
        );
  const [row] = await db
    .select({ webp: photos.webp, contractorId: photos.contractorId, reviewId: photos.reviewId })
    .from(photos)
    .where(and(eq(photos.id, photoId), visible));
  return row
    ? {
        webp: row.webp,
        public: row.contractorId !== null || row.reviewId !== null,
        // A review's photo goes with the review if an operator removes it: not kept for a year.
        mayBeWithdrawn: row.reviewId !== null,
      }
    : null;
}
