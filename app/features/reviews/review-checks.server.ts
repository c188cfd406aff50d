/**
 * What every review step checks first (decision 029): ids, the review's
 * stars and text, the refusals a person can act on, and the edit window.
 * A refusal is a sentence said in the language of the page that shows it
 * (the steps do not know it; the route does): its English is the error's
 * message, as the tests and the logs read it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { figure } from "~/features/conversations";
import { multiLine } from "~/lib/plain-text";
import { charCount } from "~/features/conversations/index.server";
import { NotFound } from "~/features/marketplace/index.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import {
  REPLY_MAX_CHARS,
  REVIEW_EDIT_DAYS,
  REVIEW_MAX_PHOTOS,
  REVIEW_REPORT_NOTE_MAX_CHARS,
  REVIEW_STARS,
  REVIEW_TEXT,
} from "./limits";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A sentence for the person, in the language it is shown in. */
export type Sentence = (locale: Locale) => string;

const said =
  (descriptor: MessageDescriptor): Sentence =>
  (locale) =>
    translate(locale, descriptor);

/** Why a review step was refused (REVIEW_ERRORS in limits.ts is their English). */
export const REVIEW_REFUSALS = {
  stars: said(msg`Choose a rating from 1 to 5 stars.`),
  textShort:
    (count: number): Sentence =>
    (locale) => {
      const min = figure(REVIEW_TEXT.min, locale);
      const typed = figure(count, locale);
      return translate(
        locale,
        msg`Write at least ${min} characters about the job (you typed ${typed}).`,
      );
    },
  textLong:
    (count: number): Sentence =>
    (locale) => {
      const max = figure(REVIEW_TEXT.max, locale);
      const typed = figure(count, locale);
      return translate(
        locale,
        msg`Keep your review to ${max} characters or fewer (you typed ${typed}).`,
      );
    },
  tooManyPhotos: ((locale) => {
    const max = figure(REVIEW_MAX_PHOTOS, locale);
    return translate(locale, msg`You can add up to ${max} photos to a review.`);
  }) satisfies Sentence,
  notCompleted: said(msg`You can review the pro you hired once you mark the project completed.`),
  notHired: said(msg`Only the homeowner who hired this pro for this project can review them.`),
  already: said(
    msg`You have already reviewed this pro for this project. You can edit your review instead.`,
  ),
  ownBusiness: said(msg`You can't review your own business.`),
  editClosed: ((locale) => {
    const days = figure(REVIEW_EDIT_DAYS, locale);
    return translate(locale, msg`Reviews can be edited for ${days} days after they are published.`);
  }) satisfies Sentence,
  removed: said(msg`This review was removed under our review policy and can't be edited.`),
  replyEmpty: said(msg`Write your reply.`),
  replyLong:
    (count: number): Sentence =>
    (locale) => {
      const max = figure(REPLY_MAX_CHARS, locale);
      const typed = figure(count, locale);
      return translate(
        locale,
        msg`Keep your reply to ${max} characters or fewer (you typed ${typed}).`,
      );
    },
  replied: said(msg`You have already replied to this review. A business may reply once.`),
  reportReason: said(msg`Choose which rule of the review policy this review breaks.`),
  reportNoteLong:
    (count: number): Sentence =>
    (locale) => {
      const max = figure(REVIEW_REPORT_NOTE_MAX_CHARS, locale);
      const typed = figure(count, locale);
      return translate(
        locale,
        msg`Keep the note to ${max} characters or fewer (you typed ${typed}).`,
      );
    },
  reported: said(msg`You have already reported this review. An operator will look at it.`),
} as const;

/** The 404 for a review the person may not see or act on (or that does not exist). */
export function reviewNotFound(): NotFound {
  const error = new NotFound();
  error.message = "We couldn't find that review.";
  return error;
}

/**
 * A refusal the person can act on, said beside `field` (or above the form):
 * `in(locale)` in their page's language; its message is the English. A plain
 * string is said as it is (a photo's refusal, from the photo checks).
 */
export class ReviewRefused extends Error {
  readonly sentence: Sentence;
  constructor(
    readonly field: "stars" | "body" | "photos" | "reply" | "reason" | "note" | "form",
    sentence: Sentence | string,
    readonly status: 400 | 409 | 413 = 400,
  ) {
    const said: Sentence = typeof sentence === "string" ? () => sentence : sentence;
    super(said(DEFAULT_LOCALE));
    this.sentence = said;
  }

  /** The refusal in `locale`. */
  in(locale: Locale): string {
    return this.sentence(locale);
  }
}

/** The text as stored: no control characters but line breaks, no outer spaces. */
export const cleanText = (raw: string): string => multiLine(raw).replace(/\r\n?/g, "\n").trim();

export interface ReviewInput {
  stars: string;
  body: string;
}

type ReviewField = "stars" | "body" | "photos";

export type ReviewErrors = Partial<Record<ReviewField, string>>;

/** What is wrong with each field, as sentences (ReviewErrors once said in a language). */
export type ReviewSentences = Partial<Record<ReviewField, Sentence>>;

/** The sentences said in `locale`. */
export function sayAll(sentences: ReviewSentences, locale: Locale): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const field of ["stars", "body", "photos"] as const) {
    const sentence = sentences[field];
    if (sentence) errors[field] = sentence(locale);
  }
  return errors;
}

/** The stars and text as stored, or what is wrong with each (every field at once). */
export function checkReview(input: ReviewInput): {
  value?: { stars: number; body: string };
  errors: ReviewSentences;
} {
  const errors: ReviewSentences = {};
  const stars = /^[1-5]$/.test(input.stars.trim()) ? Number(input.stars.trim()) : NaN;
  if (!(stars >= REVIEW_STARS.min && stars <= REVIEW_STARS.max)) {
    errors.stars = REVIEW_REFUSALS.stars;
  }
  const body = cleanText(input.body);
  const typed = charCount(body);
  if (typed < REVIEW_TEXT.min) errors.body = REVIEW_REFUSALS.textShort(typed);
  if (typed > REVIEW_TEXT.max) errors.body = REVIEW_REFUSALS.textLong(typed);
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

/**
 * Refused with every field's message at once (the form shows each beside its
 * field): `errors` in English, `errorsIn(locale)` in the page's language.
 */
export class ReviewInvalid extends Error {
  readonly errors: ReviewErrors;
  constructor(readonly sentences: ReviewSentences) {
    super("The review was refused.");
    this.errors = sayAll(sentences, DEFAULT_LOCALE);
  }

  errorsIn(locale: Locale): ReviewErrors {
    return sayAll(this.sentences, locale);
  }
}
