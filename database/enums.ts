/**
 * The values of the enumerated columns, free of database code so that the
 * browser can import them (form options, validation).
 */

export const LEAD_SOURCES = ["home", "city", "listing", "callback", "dashboard"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * A request's states (app/features/marketplace/states.ts has the steps
 * between them). "sent" is what the spec's dashboard calls Pending; a draft
 * has no pro chosen and reaches no one.
 */
export const LEAD_STATUSES = [
  "draft",
  "sent",
  "scheduled",
  "in_progress",
  "completed",
  "cancelled",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A pro's part in a request (see app/features/marketplace/states.ts). */
export const PRO_STATES = [
  "sent",
  "viewed",
  "accepted",
  "declined",
  "quoted",
  "hired",
  "not_chosen",
  /** The pro did not accept or decline within the answer window (issue 33): the place is free. */
  "no_answer",
  /** The homeowner removed this pro from the request (issue 33): the place is free. */
  "removed",
] as const;
export type ProState = (typeof PRO_STATES)[number];

/** Why a pro declines a request (the homeowner sees "not available" whatever it is). */
export const DECLINE_REASONS = ["outside_area", "not_my_trade", "fully_booked", "other"] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Why a homeowner is not going ahead with a request (issue 33). */
export const CLOSE_REASONS = ["found_someone", "postponed", "too_expensive", "other"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const CURRENCIES = ["USD", "CAD"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** "messages": through the site only; the pro never sees a phone number or email. */
export const CONTACT_METHODS = ["phone", "text", "email", "messages"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const CALLBACK_WINDOWS = ["morning", "afternoon", "evening"] as const;
export type CallbackWindow = (typeof CALLBACK_WINDOWS)[number];

export const OUTBOX_KINDS = [
  "business_email",
  "confirmation_email",
  "webhook",
  /** A business: a homeowner sent it a request. */
  "pro_request_email",
  /** A homeowner: a pro sent (or changed) a quote. */
  "quote_email",
  /** A business the homeowner did not hire: told so. */
  "not_chosen_email",
  /** A business's listed email: the one-time code that proves a claim. */
  "claim_code_email",
  /** A homeowner: a pro they sent a request to was suspended and is no longer available. */
  "pro_unavailable_email",
  /** A homeowner or a pro: a message in a thread has waited 5 minutes unread. */
  "message_email",
  /** A business: a request it has not answered is half-way to its deadline (composed when due). */
  "answer_reminder_email",
  /** A task, not an email: a pro's part still unanswered at its deadline becomes "no answer". */
  "answer_deadline",
  /** A homeowner: a pro did not answer in time, and the place is free. */
  "no_answer_email",
  /** A business: the homeowner closed the request or removed it from the request. */
  "request_closed_email",
  /** A homeowner with an account: a draft nobody sent expires in 3 days (composed when due). */
  "draft_expiry_email",
  /** A business: paused after 90 days without a sign-in. */
  "inactive_paused_email",
  /**
   * A homeowner or a business: a visit was proposed, booked, moved,
   * cancelled or marked (issue 34); stored composed, with its invite.
   */
  "visit_email",
  /** A homeowner or a business: a visit is in 24 or 2 hours (composed when due, only if still so). */
  "visit_reminder_email",
  /**
   * A task, not an email: a visit changed, and once it has been still for a
   * quiet moment, each side is told its state as it then is (visit_email).
   */
  "visit_notice",
  /** A task: a proposal whose times have all passed unpicked is cancelled ("times_passed"). */
  "visit_lapse",
  /** A business: the homeowner hired it (issue 43). */
  "hired_email",
  /** A homeowner: their request went to the pros they chose, named, with the way back to it. */
  "request_sent_email",
  /** A homeowner: a pro declined their request, and the place is free. */
  "pro_declined_email",
  /** A business: an operator suspended it, with the reason. */
  "business_suspended_email",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
/** Kinds that are work for the server, not messages: run when due, with or without SMTP. */
export const TASK_KINDS = [
  "answer_deadline",
  "visit_notice",
  "visit_lapse",
] as const satisfies readonly OutboxKind[];
const NOT_EMAIL: readonly OutboxKind[] = ["webhook", ...TASK_KINDS];
/**
 * Every kind but the webhook and the tasks is an email (held while SMTP is not
 * configured). Marked pure so that a browser bundle importing any list here
 * leaves this one, and the outbox's kinds, out.
 */
export const EMAIL_KINDS = /* @__PURE__ */ OUTBOX_KINDS.filter((kind) => !NOT_EMAIL.includes(kind));

/**
 * pending → processing → sent | (retry) pending | failed; held: no SMTP
 * configured. An operator may retry a failed job (back to pending) or mark it
 * resolved (handled by hand; never sent).
 */
export const OUTBOX_STATUSES = [
  "pending",
  "processing",
  "sent",
  "failed",
  "held",
  "resolved",
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Where a business works: listed places, a radius around its base place, or both. */
export const DISTANCE_UNITS = ["mi", "km"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** The photo kinds a person may upload (each re-encoded to WebP). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** What an operator checked about a business (issue 21). */
export const VERIFICATION_KINDS = ["licence", "insurance"] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/** What the registry said: only "verified" earns the badge, until its expiry date. */
export const VERIFICATION_RESULTS = ["verified", "not_found", "mismatch", "lapsed"] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];

/** The two sides of a conversation (issue 22). */
export const THREAD_SIDES = ["homeowner", "pro"] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

/**
 * The grounds on which an operator may remove a review (issue 22): the same
 * for a good review and a bad one (app/features/reviews/limits.ts words them).
 */
export const REVIEW_REMOVAL_REASONS = [
  "personal_information",
  "abusive",
  "not_about_the_job",
  "conflict_of_interest",
  "illegal",
] as const;
export type ReviewRemovalReason = (typeof REVIEW_REMOVAL_REASONS)[number];

/** The site's languages (issue 23; app/lib/locales.ts re-exports them). */
export const LOCALES = ["en", "es", "fr"] as const;

/**
 * A site visit's states (app/features/visits/states.ts has the steps).
 * Booked and rescheduled visits hold their time in the business's calendar.
 */
export const VISIT_STATES = [
  "proposed",
  "booked",
  "rescheduled",
  "cancelled_by_homeowner",
  "cancelled_by_pro",
  "done",
  "no_show_homeowner",
  "no_show_pro",
] as const;
export type VisitState = (typeof VISIT_STATES)[number];
/** The states whose time is taken: the database refuses two of them overlapping for one business. */
export const VISIT_HOLDING_STATES = [
  "booked",
  "rescheduled",
] as const satisfies readonly VisitState[];
/** The states still open: at most one visit of a request's pro in them at a time. */
export const VISIT_OPEN_STATES = [
  "proposed",
  "booked",
  "rescheduled",
] as const satisfies readonly VisitState[];

/** Who did something to a visit. */
export const VISIT_SIDES = ["homeowner", "pro"] as const;
/**
 * Why the site, not a person, closed a visit: the homeowner closed the
 * request, removed the pro or hired another; an operator suspended the
 * business; or the times the pro proposed all passed without a pick.
 */
export const VISIT_CAUSES = [
  "request_closed",
  "pro_removed",
  "other_hired",
  "pro_suspended",
  "times_passed",
] as const;
export type VisitCause = (typeof VISIT_CAUSES)[number];
export type VisitSide = (typeof VISIT_SIDES)[number];
