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
import { and, asc, eq, exists, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type sharpModule from "sharp";
import type { Database } from "~/lib/db.server";
import { contractors, leads, photos, PHOTO_TYPES, requestPros } from "../../../database/schema";
import { NotFound, type Transaction } from "./requests.server";
import { MAX_UPLOAD_BYTES, PHOTO_LIMITS } from "./photo-limits";

export { MAX_UPLOAD_BYTES, PHOTO_LIMITS };

const MB = 1024 * 1024;

/**
 * sharp (libvips) is loaded on the first photo, not with the server: most
 * processes never see an upload, and the native library costs memory.
 */
let loadedSharp: Promise<typeof sharpModule> | undefined;
function sharp(...args: Parameters<typeof sharpModule>): Promise<ReturnType<typeof sharpModule>> {
  loadedSharp ??= import("sharp").then((module) => module.default);
  return loadedSharp.then((load) => load(...args));
}

/**
 * The most pixels a photo may have: a 48- or 50-megapixel phone photo
 * (8160 × 6120) fits. A small file can claim an enormous canvas (a
 * decompression bomb); one over this is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * libwebp's default quality, at effort 1 of 0–6: a 12-MP phone photo costs
 * about 150 ms of CPU, so two cores re-encode about 13 a second against the
 * target of 10 (scripts/bench/photo-throughput.ts). The default effort, 4,
 * makes files 10–20% smaller at less than half the speed; effort 2 leaves
 * no margin; effort 0 saves a tenth of the CPU for files up to 7% larger.
 */
const WEBP_OPTIONS = { quality: 80, effort: 1 } as const;

/**
 * A photo the person can do something about (another file, fewer photos):
 * 400, or 413 when the whole upload is too large.
 */
export class PhotoRefused extends Error {
  override name = "PhotoRefused";
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/** The name as the person knows it: no folders, no control characters, not too long. */
function shownName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[/\\]/).at(-1) ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (base === "") return "Your file";
  return `"${base.length > 60 ? `${base.slice(0, 59)}…` : base}"`;
}

const unreadable = (name: string) =>
  new PhotoRefused(
    `${shownName(name)} isn't a photo we can read. Please choose a JPEG, PNG or WebP image.`,
  );

export interface PreparedPhoto {
  webp: Uint8Array;
  width: number;
  height: number;
}

type PhotoFormat = "jpeg" | "png" | "webp";

/**
 * The format the file's first bytes announce, if it is one we take. Only
 * these reach the decoder, so libvips never parses an SVG, a PDF or a TIFF
 * sent by a stranger.
 */
function announcedFormat(bytes: Uint8Array): PhotoFormat | null {
  const starts = (offset: number, ...signature: number[]) =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // "RIFF", a length, "WEBP".
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/**
 * Reads the header only: the format libvips finds must be the announced one
 * and one of PHOTO_TYPES, and the size in pixels within MAX_INPUT_PIXELS.
 */
async function checkHeader(name: string, bytes: Uint8Array): Promise<void> {
  const announced = announcedFormat(bytes);
  // No pixel limit here: the header is read, not the pixels, and the count is checked below.
  const header = announced
    ? await sharp(bytes, { limitInputPixels: false })
        .then((image) => image.metadata())
        .catch(() => null)
    : null;
  const type: string = `image/${header?.format ?? "unknown"}`;
  const taken = PHOTO_TYPES.some((known) => known === type);
  if (!header || header.format !== announced || !taken) throw unreadable(name);
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw new PhotoRefused(
      `${shownName(name)} has more pixels than we can take. Please choose a photo of ${String(MAX_INPUT_PIXELS / 1e6)} megapixels or less.`,
    );
  }
}

/**
 * One uploaded file as the WebP we keep: upright (EXIF orientation applied),
 * at most PHOTO_LIMITS.maxEdge on each side (never enlarged), the first
 * frame of an animation, and no EXIF, XMP, IPTC or ICC profile (sharp keeps
 * none unless asked to; colours are converted to sRGB). Throws PhotoRefused
 * with a message naming the file.
 */
export async function preparePhoto(name: string, bytes: Uint8Array): Promise<PreparedPhoto> {
  if (bytes.byteLength > PHOTO_LIMITS.maxBytes) {
    throw new PhotoRefused(
      `${shownName(name)} is larger than ${String(PHOTO_LIMITS.maxBytes / MB)} MB. Please choose a smaller photo.`,
    );
  }
  await checkHeader(name, bytes);
  const edge = PHOTO_LIMITS.maxEdge;
  try {
    const image = await sharp(bytes, {
      // Corrupt or cut-off pixel data is refused; a mere warning (the extra bytes
      // some cameras leave between JPEG markers) is not.
      failOn: "error",
      limitInputPixels: MAX_INPUT_PIXELS,
      pages: 1,
    });
    const { data, info } = await image
      .rotate()
      .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
      .webp(WEBP_OPTIONS)
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    throw unreadable(name);
  }
}

export interface PhotoUpload {
  name: string;
  bytes: Uint8Array;
}

/**
 * Every file prepared, on both cores at once; if any is refused, the first
 * refused file in the order chosen decides the message.
 */
async function prepareAll(files: readonly PhotoUpload[]): Promise<PreparedPhoto[]> {
  const settled = await Promise.allSettled(
    files.map((file) => preparePhoto(file.name, file.bytes)),
  );
  return settled.map((outcome) => {
    if (outcome.status === "rejected") throw outcome.reason;
    return outcome.value;
  });
}

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
  full: string;
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
  if (files.length === 0) throw new PhotoRefused("Please choose a photo to add.");
  if (files.length > album.limit) throw new PhotoRefused(album.full);
  await db.transaction((tx) => roomFor(tx, album, files.length));
  const prepared = await prepareAll(files);
  return db.transaction(async (tx) => {
    const first = await roomFor(tx, album, prepared.length);
    const rows = await tx
      .insert(photos)
      .values(prepared.map((photo, i) => ({ ...album.owner, position: first + i, ...photo })))
      .returning({ id: photos.id });
    return rows.map((row) => row.id);
  });
}

/** The homeowner adds photos to their own request (NotFound for anyone else). Returns the new ids. */
export async function attachRequestPhotos(
  db: Database,
  userId: string,
  leadId: string,
  files: readonly PhotoUpload[],
): Promise<string[]> {
  if (!UUID.test(leadId)) throw new NotFound();
  return addPhotos(
    db,
    {
      owner: { leadId },
      photos: eq(photos.leadId, leadId),
      limit: PHOTO_LIMITS.perRequest,
      full: `You can attach up to ${String(PHOTO_LIMITS.perRequest)} photos to a request.`,
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

/** The business's owner adds photos of past work (NotFound for anyone else). Returns the new ids. */
export async function addBusinessPhotos(
  db: Database,
  userId: string,
  contractorId: string,
  files: readonly PhotoUpload[],
): Promise<string[]> {
  if (!UUID.test(contractorId)) throw notFound("business");
  return addPhotos(
    db,
    {
      owner: { contractorId },
      photos: eq(photos.contractorId, contractorId),
      limit: PHOTO_LIMITS.perBusiness,
      full: `You can show up to ${String(PHOTO_LIMITS.perBusiness)} photos of your work.`,
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
      .where(and(eq(requestPros.leadId, photos.leadId), eq(contractors.ownerId, userId))),
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
 * owners of the businesses it was sent to. Null otherwise, the same as an
 * id that does not exist.
 */
export async function photoFor(
  db: Database,
  userId: string | null,
  photoId: string,
): Promise<{ webp: Uint8Array; public: boolean } | null> {
  if (!UUID.test(photoId)) return null;
  const isPublic = isNotNull(photos.contractorId);
  const visible =
    userId === null
      ? isPublic
      : or(isPublic, onOwnRequest(db, userId), onRequestSentToOwnBusiness(db, userId));
  const [row] = await db
    .select({ webp: photos.webp, contractorId: photos.contractorId })
    .from(photos)
    .where(and(eq(photos.id, photoId), visible));
  return row ? { webp: row.webp, public: row.contractorId !== null } : null;
}

const tooLargeUpload = () =>
  new PhotoRefused(
    `Your photos add up to more than ${String(Math.floor(MAX_UPLOAD_BYTES / MB))} MB. Please send fewer at a time.`,
    413,
  );

/**
 * The request's body, refused as soon as it is known to exceed `limit`:
 * by its Content-Length, or as it arrives when it has none (chunked).
 */
async function readBoundedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLargeUpload();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLargeUpload();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * A file the person chose. A form posted with no file chosen still sends
 * the field, as an empty part without a file name.
 */
function isChosenFile(value: FormDataEntryValue): value is File {
  return typeof value !== "string" && !(value.name === "" && value.size === 0);
}

/**
 * The files of a multipart form's `field`, and the whole form (the body can
 * be read only once, so the action takes its other fields from here). The
 * body is read whole, at most MAX_UPLOAD_BYTES: no streaming multipart
 * parser is installed, and a request's photos are bounded anyway.
 */
export async function readPhotoUploads(
  request: Request,
  field = "photos",
): Promise<{ form: FormData; files: PhotoUpload[] }> {
  const body = await readBoundedBody(request, MAX_UPLOAD_BYTES);
  const type = request.headers.get("content-type") ?? "";
  const form = await new Response(body, { headers: { "Content-Type": type } })
    .formData()
    .catch(() => {
      throw new PhotoRefused("We couldn't read the photos you sent. Please choose them again.");
    });
  const chosen = form.getAll(field).filter(isChosenFile);
  const files = await Promise.all(
    chosen.map(async (file) => ({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  return { form, files };
}
