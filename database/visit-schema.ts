/**
 * Site visits (issue 34): a business's hours for visits and its days off,
 * the visits booked with it (and the times a pro proposed), and each
 * person's private calendar feed. Re-exported by ./schema.ts.
 *
 * Two visits holding time for one business never overlap: an exclusion
 * constraint on `tstzrange(starts_at, blocked_until)` per business, for the
 * booked and rescheduled states (migration 0015, with btree_gist; it holds
 * on PGlite and PostgreSQL alike). `blocked_until` is the visit's end plus
 * the buffer the business asked for when it was booked.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { contractors, users } from "./base-schema";
import { VISIT_CAUSES, VISIT_SIDES, VISIT_STATES, type VisitSide, type VisitState } from "./enums";
import { requestPros } from "./marketplace-schema";

/** A business's settings for visits; a business without a row has the defaults (hours.ts). */
export const visitSettings = pgTable(
  "visit_settings",
  {
    contractorId: uuid("contractor_id")
      .primaryKey()
      .references(() => contractors.id, { onDelete: "cascade" }),
    /** The business's IANA zone: from its base place, changeable by the pro. */
    timeZone: text("time_zone").notNull(),
    /** { mon: [{ start: "08:00", end: "17:00" }], …, sun: [] } in the business's zone. */
    weeklyHours: jsonb("weekly_hours").notNull(),
    visitMinutes: integer("visit_minutes").notNull(),
    bufferMinutes: integer("buffer_minutes").notNull(),
    noticeHours: integer("notice_hours").notNull(),
    horizonDays: integer("horizon_days").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("visit_settings_minutes_check", sql`${table.visitMinutes} between 15 and 240`),
    check("visit_settings_buffer_check", sql`${table.bufferMinutes} between 0 and 120`),
    check("visit_settings_notice_check", sql`${table.noticeHours} between 0 and 168`),
    check("visit_settings_horizon_check", sql`${table.horizonDays} between 1 and 365`),
  ],
);

/** Dates a business takes no visits (holidays, vacations), inclusive, in its own calendar. */
export const visitDaysOff = pgTable(
  "visit_days_off",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
  },
  (table) => [
    index("visit_days_off_contractor_idx").on(table.contractorId, table.endsOn),
    check("visit_days_off_order_check", sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/** What one side was last told of a visit: its state, and its start (ISO) when it had one. */
export interface ToldState {
  state: VisitState;
  startsAt: string | null;
}
export type VisitTold = Partial<Record<VisitSide, ToldState>>;

/**
 * A visit to the job between a homeowner and one business of the request
 * (app/features/visits/states.ts). Instants in UTC; `time_zone` is the
 * job's zone, in which every person sees the time. `sequence` is the
 * invite's SEQUENCE: it rises with each change a calendar must take.
 */
export const visits = pgTable(
  "visits",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid("lead_id").notNull(),
    contractorId: uuid("contractor_id").notNull(),
    state: text("state", { enum: VISIT_STATES }).notNull(),
    /** Null while proposed (the options are in visit_options). */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** The end plus the business's buffer when it was booked: what the overlap rule compares. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    timeZone: text("time_zone").notNull(),
    /** The street address the homeowner gave for the visit (shared with this business only), or null. */
    address: text("address"),
    sequence: integer("sequence").notNull().default(0),
    /** Who created it: the homeowner booked, or the pro proposed times. */
    createdBy: text("created_by", { enum: VISIT_SIDES }).notNull(),
    /** The reason given with the last reschedule or the cancellation. */
    reason: text("reason"),
    /** The side whose step changed the visit last; null when the site did (`cause`). */
    changedBy: text("changed_by", { enum: VISIT_SIDES }),
    /** Why the site closed it, when no one cancelled it themselves (enums.ts VISIT_CAUSES). */
    cause: text("cause", { enum: VISIT_CAUSES }),
    /**
     * What each side was last told of the visit (its state and time), so that
     * a notice after a burst of changes says only how the visit now differs
     * (visit-notices.server.ts).
     */
    told: jsonb("told").$type<VisitTold>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.leadId, table.contractorId],
      foreignColumns: [requestPros.leadId, requestPros.contractorId],
      name: "visits_request_pro_fk",
    }).onDelete("cascade"),
    index("visits_contractor_starts_idx").on(table.contractorId, table.startsAt),
    index("visits_lead_idx").on(table.leadId),
    // One open visit per request and business at a time.
    uniqueIndex("visits_open_key")
      .on(table.leadId, table.contractorId)
      .where(sql`${table.state} in ('proposed', 'booked', 'rescheduled')`),
    check(
      "visits_times_check",
      // Proposed times are in visit_options; a proposal cancelled before a pick never had a time.
      sql`(${table.startsAt} is null and ${table.state} in ('proposed', 'cancelled_by_homeowner', 'cancelled_by_pro')) or (${table.startsAt} is not null and ${table.endsAt} > ${table.startsAt} and ${table.blockedUntil} >= ${table.endsAt})`,
    ),
  ],
);

/** The times a pro proposed for a visit (at most three); the homeowner picks one. */
export const visitOptions = pgTable(
  "visit_options",
  {
    visitId: uuid("visit_id")
      .notNull()
      .references(() => visits.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.visitId, table.startsAt] }),
    check("visit_options_order_check", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A private calendar feed (/calendar/{token}.ics): a person's own (their
 * visits as homeowner and as owner), or, with `contractor_id`, one business's
 * visits for its owner (the pro's schedule, issue 43). The token is the
 * feed's id signed with the installation secret (HMAC), so the page can show
 * the address again and the database holds no secret; revoking sets
 * `revoked_at`, and a new address is a new row.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The business whose visits the feed lists (its owner's); null for the person's own feed. */
    contractorId: uuid("contractor_id").references(() => contractors.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    // One live feed per person, and one per business.
    uniqueIndex("calendar_feeds_live_key")
      .on(table.userId)
      .where(sql`${table.revokedAt} is null and ${table.contractorId} is null`),
    uniqueIndex("calendar_feeds_business_live_key")
      .on(table.contractorId)
      .where(sql`${table.revokedAt} is null and ${table.contractorId} is not null`),
  ],
);
