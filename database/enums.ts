/**
 * The values of the enumerated columns, free of database code so that the
 * browser can import them (form options, validation).
 */

export const LEAD_SOURCES = ["home", "city", "listing", "callback", "dashboard"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_STATUSES = [
  "pending",
  "scheduled",
  "in_progress",
  "completed",
  "cancelled",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const CONTACT_METHODS = ["phone", "text", "email"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const CALLBACK_WINDOWS = ["morning", "afternoon", "evening"] as const;
export type CallbackWindow = (typeof CALLBACK_WINDOWS)[number];

export const OUTBOX_KINDS = ["business_email", "confirmation_email", "webhook"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** pending → processing → sent | (retry) pending | failed; held: no SMTP configured. */
export const OUTBOX_STATUSES = ["pending", "processing", "sent", "failed", "held"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
