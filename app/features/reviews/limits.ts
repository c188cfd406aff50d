/**
 * Reviews' rules and the sentences that name them (issue 22), free of server
 * code so that the forms and the policy page show the same figures the
 * server and the database check (database/review-schema.ts).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { figure } from "~/features/conversations";
import { REVIEW_REMOVAL_REASONS, type ReviewRemovalReason } from "../../../database/enums";

export const REVIEW_STARS = { min: 1, max: 5 } as const;

/** A review's text, in characters. */
export const REVIEW_TEXT = { min: 20, max: 2000 } as const;

/** The pro's one public reply, in characters. */
export const REPLY_MAX_CHARS = 2000;

/** Photos one review may carry (each re-encoded like a request's). */
export const REVIEW_MAX_PHOTOS = 5;

/** How long the homeowner may edit their review after first publishing it. */
export const REVIEW_EDIT_DAYS = 30;

/** The longest note a pro may add when reporting a review. */
export const REVIEW_REPORT_NOTE_MAX_CHARS = 500;

/** Reviews a profile shows at once; older ones come a page at a time. */
export const REVIEWS_PAGE_SIZE = 10;

/**
 * The grounds on which a review may be removed: the same for a good review
 * and a bad one, never because of its rating or its opinion of the work
 * (FTC 16 CFR Part 465). The review policy page lists them in these words.
 */
export const REMOVAL_REASONS = REVIEW_REMOVAL_REASONS;
export type RemovalReason = ReviewRemovalReason;

/**
 * Each ground as the policy page, the report form and a removed review say
 * it, in the reader's language: its name, its rule, and the sentence a
 * removed review shows in its place.
 */
export const REMOVAL_REASON_MESSAGES: Record<
  RemovalReason,
  { label: MessageDescriptor; rule: MessageDescriptor; removed: MessageDescriptor }
> = {
  personal_information: {
    label: msg`Personal information`,
    rule: msg`It shares someone's private details: a phone number, an email or home address, or a full name of a private person other than the business.`,
    removed: msg`This review was removed under our review policy: personal information.`,
  },
  abusive: {
    label: msg`Abusive or discriminatory`,
    rule: msg`It threatens, harasses or insults someone, or attacks people for their race, religion, sex, sexual orientation, disability, age or origin.`,
    removed: msg`This review was removed under our review policy: abusive or discriminatory.`,
  },
  not_about_the_job: {
    label: msg`Not about the job`,
    rule: msg`It is not about the work or the service this business did on this job (for example an advertisement, a link to another site, or another business's work).`,
    removed: msg`This review was removed under our review policy: not about the job.`,
  },
  conflict_of_interest: {
    label: msg`Undisclosed conflict of interest`,
    rule: msg`It was written by the business's owner, staff or family, or by a competitor, and the connection was not disclosed.`,
    removed: msg`This review was removed under our review policy: undisclosed conflict of interest.`,
  },
  illegal: {
    label: msg`Illegal content`,
    rule: msg`It contains something unlawful to publish, such as a false statement of fact that a court has ruled defamatory, or content that infringes someone's rights.`,
    removed: msg`This review was removed under our review policy: illegal content.`,
  },
};

/**
 * The same in English, as the operator console (English only) and the tests
 * read them; tests/unit/talk-i18n.test.ts checks the two agree.
 */
export const REMOVAL_REASON_TEXT: Record<RemovalReason, { label: string; rule: string }> = {
  personal_information: {
    label: "Personal information",
    rule: "It shares someone's private details: a phone number, an email or home address, or a full name of a private person other than the business.",
  },
  abusive: {
    label: "Abusive or discriminatory",
    rule: "It threatens, harasses or insults someone, or attacks people for their race, religion, sex, sexual orientation, disability, age or origin.",
  },
  not_about_the_job: {
    label: "Not about the job",
    rule: "It is not about the work or the service this business did on this job (for example an advertisement, a link to another site, or another business's work).",
  },
  conflict_of_interest: {
    label: "Undisclosed conflict of interest",
    rule: "It was written by the business's owner, staff or family, or by a competitor, and the connection was not disclosed.",
  },
  illegal: {
    label: "Illegal content",
    rule: "It contains something unlawful to publish, such as a false statement of fact that a court has ruled defamatory, or content that infringes someone's rights.",
  },
};

export function isRemovalReason(value: unknown): value is RemovalReason {
  return typeof value === "string" && (REMOVAL_REASONS as readonly string[]).includes(value);
}

/** What a removed review shows in its place, in English (REMOVAL_REASON_MESSAGES[reason].removed in a language). */
export function removedText(reason: RemovalReason): string {
  return `This review was removed under our review policy: ${REMOVAL_REASON_TEXT[reason].label.toLowerCase()}.`;
}

const count = (n: number) => figure(n, "en");

/**
 * The refusals in English, as the tests and the operator console read them.
 * People read them in their page's language: REVIEW_REFUSALS
 * (review-checks.server.ts), written there so that their translations stay
 * on the server; tests/unit/talk-i18n.test.ts checks that their English is this.
 */
export const REVIEW_ERRORS = {
  stars: "Choose a rating from 1 to 5 stars.",
  textShort: (typed: number) =>
    `Write at least ${String(REVIEW_TEXT.min)} characters about the job (you typed ${count(typed)}).`,
  textLong: (typed: number) =>
    `Keep your review to ${count(REVIEW_TEXT.max)} characters or fewer (you typed ${count(typed)}).`,
  tooManyPhotos: `You can add up to ${String(REVIEW_MAX_PHOTOS)} photos to a review.`,
  notCompleted: "You can review the pro you hired once you mark the project completed.",
  notHired: "Only the homeowner who hired this pro for this project can review them.",
  already: "You have already reviewed this pro for this project. You can edit your review instead.",
  ownBusiness: "You can't review your own business.",
  editClosed: `Reviews can be edited for ${String(REVIEW_EDIT_DAYS)} days after they are published.`,
  removed: "This review was removed under our review policy and can't be edited.",
  replyEmpty: "Write your reply.",
  replyLong: (typed: number) =>
    `Keep your reply to ${count(REPLY_MAX_CHARS)} characters or fewer (you typed ${count(typed)}).`,
  replied: "You have already replied to this review. A business may reply once.",
  reportReason: "Choose which rule of the review policy this review breaks.",
  reportNoteLong: (typed: number) =>
    `Keep the note to ${count(REVIEW_REPORT_NOTE_MAX_CHARS)} characters or fewer (you typed ${count(typed)}).`,
  reported: "You have already reported this review. An operator will look at it.",
  decided: "This report has already been decided.",
  removalReason: "Choose the rule of the review policy this review breaks.",
} as const;
