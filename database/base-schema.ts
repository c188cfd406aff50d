/**
 * The tables every other part of the schema refers to: people, businesses,
 * leads, the outbox, rate limits, sessions. Imports nothing but the enums, so
 * the schema files form no cycle (`./schema.ts` gathers them all).
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CALLBACK_WINDOWS,
  CLOSE_REASONS,
  CONTACT_METHODS,
  DISTANCE_UNITS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LOCALES,
  OUTBOX_KINDS,
  OUTBOX_STATUSES,
} from "./enums";

export const users = pgTable(
  "users",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    /** "local" for demo accounts, else the OIDC issuer. */
    provider: text("provider").notNull(),
    /** The OIDC subject (a random one for a demo account). */
    subject: text("subject").notNull(),
    /**
     * A demo account of local sign-in mode: one browser's, seeded with sample
     * data, deleted after DEMO_ACCOUNT_IDLE_HOURS without use.
     */
    demo: boolean("demo").notNull().default(false),
    /**
     * "operator" opens /admin (issue 21): granted by OPERATOR_EMAILS at
     * sign-in or by `npm run operator -- grant`, never by the person.
     */
    role: text("role", { enum: ["member", "operator"] })
      .notNull()
      .default("member"),
    /**
     * The language the person last used the site in (issue 23): set when they
     * sign in; emails to them are written in it.
     */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /** Refreshed at most hourly while the account is used (not on every request). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_provider_subject_key").on(table.provider, table.subject),
    check("users_role_check", sql`${table.role} in ('member', 'operator')`),
    check("users_locale_check", sql`${table.locale} in ('en', 'es', 'fr')`),
    // The housekeeping's search for idle demo accounts reads only demo rows.
    index("users_demo_last_active_at_idx")
      .on(table.lastActiveAt)
      .where(sql`${table.demo}`),
  ],
);

/** Installation-wide values created once (e.g. the signing secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Contractors listed by city and service. The demo seed's rows are sample
 * data and marked as such (`isSample`), which the listing pages say.
 */
export const contractors = pgTable(
  "contractors",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /**
     * The rating shown, one decimal (e.g. 4.8), and its review count: a
     * sample listing's sample figures, or for a real business the mean and
     * count of its published verified reviews, kept by a trigger on
     * `reviews` (migration 0010); 0 and 0 before the first.
     */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull(),
    reviewCount: integer("review_count").notNull(),
    /** The sum of the stars behind `rating` (the ranking's Bayesian average needs it unrounded). */
    reviewStars: integer("review_stars").notNull().default(0),
    features: text("features").array().notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    /** Image names (see app/lib/image-manifest.generated.ts). */
    gallery: text("gallery").array().notNull(),
    /** Category slugs the contractor works in. */
    categories: text("categories").array().notNull(),
    /** City slugs the contractor serves. */
    citySlugs: text("city_slugs").array().notNull(),
    isSample: boolean("is_sample").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The person who owns the business profile (one owner per business), null while unclaimed. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The language the business works in (issue 23): its emails are written in it. */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    /** The business's country: its licence issuer, currency and distance unit follow. */
    country: text("country", { enum: ["US", "CA"] })
      .notNull()
      .default("US"),
    /** Service slugs of spec §2 within its categories (empty: every service of them). */
    services: text("services")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearsInBusiness: integer("years_in_business"),
    /** Declared by the business; an operator's check is in contractor_verifications. */
    licenceNumber: text("licence_number"),
    /** The issuing state or province, e.g. "CO", "ON". */
    licenceRegion: text("licence_region"),
    /** Declared insurance: the insurer's name, empty when none is declared. */
    insuranceCarrier: text("insurance_carrier"),
    /** The city slug the radius is measured from. */
    basePlace: text("base_place"),
    /** How far from the base place it works, in `radiusUnit` (mi in the US, km in Canada). */
    serviceRadius: integer("service_radius"),
    radiusUnit: text("radius_unit", { enum: DISTANCE_UNITS }).notNull().default("mi"),
    /** Opening hours as the business writes them, e.g. "Mon–Fri 7am–6pm". */
    hours: text("hours").notNull().default(""),
    /** Which contact details the public profile shows (the pro chooses). */
    showPhone: boolean("show_phone").notNull().default(true),
    showEmail: boolean("show_email").notNull().default(true),
    showAddress: boolean("show_address").notNull().default(true),
    /**
     * Seeded for a demo contractor account (local sign-in mode): shown and
     * offered to its owner alone, never listed (decision 017).
     */
    demoOnly: boolean("demo_only").notNull().default(false),
    /** Suspended by an operator: off listings and the choose-pros step (issue 21). */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedReason: text("suspended_reason"),
    /**
     * Taking a break (issue 33): no new requests before this day (in the
     * business's own calendar; null: not paused by the pro).
     */
    pausedUntil: date("paused_until", { mode: "string" }),
    /** At most this many new requests a week; reaching it pauses the business until the next week. */
    weeklyLimit: integer("weekly_limit"),
    /** Paused after 90 days without its owner signing in; cleared when the owner signs in. */
    inactivePausedAt: timestamp("inactive_paused_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("contractors_slug_key").on(table.slug),
    index("contractors_owner_id_idx").on(table.ownerId),
    check("contractors_years_check", sql`${table.yearsInBusiness} between 0 and 200`),
    check("contractors_locale_check", sql`${table.locale} in ('en', 'es', 'fr')`),
    check("contractors_radius_check", sql`${table.serviceRadius} between 1 and 500`),
    check("contractors_weekly_limit_check", sql`${table.weeklyLimit} between 1 and 100`),
  ],
);

/**
 * A claim on an unowned listing: a one-time code sent to the listing's
 * business email. Only its SHA-256 is kept; it expires after 15 minutes and
 * allows 5 tries (app/features/contractors/claims.server.ts).
 */
export const businessClaims = pgTable(
  "business_claims",
  {
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.contractorId, table.userId] })],
);

/** A quote, consultation or call-back request: the business of the site. */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    name: text("name").notNull(),
    email: text("email"),
    /** E.164, e.g. +13035550147. */
    phone: text("phone"),
    /** A category slug or a service slug (spec §2). */
    service: text("service"),
    citySlug: text("city_slug"),
    /** US ZIP (5 or ZIP+4) or Canadian postal code (A1A 1A1). */
    postalCode: text("postal_code"),
    country: text("country", { enum: ["US", "CA"] }),
    details: text("details"),
    preferredContact: text("preferred_contact", { enum: CONTACT_METHODS }),
    preferredTime: text("preferred_time", { enum: CALLBACK_WINDOWS }),
    /** The language the request was made in: the consent shown, and the homeowner's emails. */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    consentText: text("consent_text").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /** The consent text's version, and the address and browser it was given from (null before issue 33). */
    consentVersion: text("consent_version"),
    consentAddress: text("consent_address"),
    consentUserAgent: text("consent_user_agent"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("sent"),
    contractorId: uuid("contractor_id").references(() => contractors.id, { onDelete: "set null" }),
    /** The project's name on the dashboard; defaults to the service's. */
    title: text("title"),
    /** Percent done, 0–100, shown on the dashboard when above 0. */
    progress: integer("progress").notNull().default(0),
    /** When the homeowner marked it completed (a review's month of the job). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When a consultation is scheduled (status "scheduled"). */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    /** "Not going ahead" (issue 33): why the homeowner closed the request, and when. */
    closedReason: text("closed_reason", { enum: CLOSE_REASONS }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** A draft nobody sent: when its owner was told it expires in 3 days (issue 33). */
    expiryWarnedAt: timestamp("expiry_warned_at", { withTimezone: true }),
    /** One per form render: a repeated submit finds the lead it already made. */
    idempotencyKey: text("idempotency_key").notNull(),
  },
  (table) => [
    uniqueIndex("leads_idempotency_key_key").on(table.idempotencyKey),
    index("leads_created_at_idx").on(table.createdAt),
    index("leads_user_id_idx").on(table.userId),
    check(
      "leads_status_check",
      sql`${table.status} in ('draft', 'sent', 'scheduled', 'in_progress', 'completed', 'cancelled')`,
    ),
    check("leads_progress_check", sql`${table.progress} between 0 and 100`),
    check(
      "leads_closed_reason_check",
      sql`${table.closedReason} in ('found_someone', 'postponed', 'too_expensive', 'other')`,
    ),
    check("leads_locale_check", sql`${table.locale} in ('en', 'es', 'fr')`),
    check(
      "leads_source_check",
      sql`${table.source} in ('home', 'city', 'listing', 'callback', 'dashboard')`,
    ),
  ],
);

/** Deliveries of a lead, written in the same transaction as the lead. */
export const outboxJobs = pgTable(
  "outbox_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Null for a message about no request (a claim's code). */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: OUTBOX_KINDS }).notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    /** The message as composed when the lead was taken (email or webhook body). */
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While processing: when another worker may take the job over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the status last changed: housekeeping prunes delivered jobs by it (decision 037). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("outbox_jobs_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_jobs_lead_id_idx").on(table.leadId),
  ],
);

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Server-side sessions. The cookie holds a random token; the database holds
 * only its SHA-256, so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sessions_user_id_idx").on(table.userId),
    index("sessions_expires_at_idx").on(table.expiresAt),
  ],
);
