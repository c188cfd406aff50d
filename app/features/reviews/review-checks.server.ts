/**
 * What every review step checks first (decision 029): ids, the review's
 * stars and text, the refusals a person can act on, and the edit window.
 */
import { multiLine } from "~/features/leads/plain-text";
import { charCount } from "~/features/conversations/post.server";
import { NotFound } from "~/features/marketplace/requests.server";
import { REVIEW_EDIT_DAYS, REVIEW_ERRORS, REVIEW_STARS, REVIEW_TEXT } from "./limits";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** Until when a review first published at `createdAt` may be edited. */
export const editableUntil = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

/** Refused with every field's message at once (the form shows each beside its field). */
export class ReviewInvalid extends Error {
  constructor(readonly errors: ReviewErrors) {
    super("The review was refused.");
  }
}
