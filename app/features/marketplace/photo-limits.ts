/** How many photos, and how large, a person may upload (photos.server.ts enforces them). */

const MB = 1024 * 1024;

export const PHOTO_LIMITS = {
  /** Largest file taken, checked before anything is decoded. */
  maxBytes: 10 * MB,
  /** The longer side of a stored photo. */
  maxEdge: 2000,
  perRequest: 5,
  perBusiness: 12,
} as const;

/** The largest upload body: a request's photos at their largest, and the form around them. */
export const MAX_UPLOAD_BYTES = PHOTO_LIMITS.perRequest * PHOTO_LIMITS.maxBytes + MB;

/** What the file inputs accept (each re-encoded to WebP). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";
