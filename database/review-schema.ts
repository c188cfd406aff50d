/**
 * Reviews from verified hires (issue 22, decision 029): one per completed
 * project and the pro hired for it, its earlier versions, the pro's one
 * reply (on the review's row) and reports for the console. A business's
 * rating and count (contractors.rating, review_count, review_stars) follow the
 * published reviews by a trigger (migration 0010). Re-exported by ./schema.ts.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { REVIEW_REMOVAL_REASONS } from "./enums";
import { requestPros } from "./marketplace-schema";
import { contractors, leads, users } from "./base-schema";

/** The bounds the database checks (app/features/reviews/limits.ts names them to people). */
const TEXT_MIN = 20;
const TEXT_MAX = 2000;

const reasons = sql.raw(REVIEW_REMOVAL_REASONS.map((reason) => `'${reason}'`).join(", "));

/**
 * A review of the business hired for a request, by the request's homeowner,
 * once the request is completed. Published when written; an operator may
 * remove it for a reason of the review policy (it then shows that reason).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    /** Who wrote it (the request's homeowner); null once their account is gone. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The name shown with the review: the author's first name and last initial. */
    authorName: text("author_name").notNull(),
    stars: integer("stars").notNull(),
    body: text("body").notNull(),
    /** The request's service (or category) slug when the review was written. */
    service: text("service"),
    /** The first day of the month the job was completed. */
    jobMonth: date("job_month", { mode: "string" }).notNull(),
    /** Disclosed on the review: the author is connected to the business (an operator's finding). */
    insider: boolean("insider").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The latest edit; null while the review is as first published. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    replyBody: text("reply_body"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedReason: text("removed_reason", { enum: REVIEW_REMOVAL_REASONS }),
  },
  (table) => [
    uniqueIndex("reviews_once_key").on(table.leadId, table.contractorId),
    // Only a business that had a part in the request (the app checks it was hired).
    foreignKey({
      columns: [table.leadId, table.contractorId],
      foreignColumns: [requestPros.leadId, requestPros.contractorId],
    }).onDelete("cascade"),
    index("reviews_contractor_idx").on(table.contractorId, table.createdAt),
    index("reviews_author_idx").on(table.authorId),
    check("reviews_stars_check", sql`${table.stars} between 1 and 5`),
    check(
      "reviews_body_check",
      sql`char_length(${table.body}) between ${sql.raw(String(TEXT_MIN))} and ${sql.raw(String(TEXT_MAX))}`,
    ),
    check(
      "reviews_reply_check",
      sql`(${table.replyBody} is null) = (${table.repliedAt} is null) and char_length(${table.replyBody}) <= ${sql.raw(String(TEXT_MAX))}`,
    ),
    check(
      "reviews_removed_check",
      sql`(${table.removedAt} is null) = (${table.removedReason} is null) and (${table.removedReason} is null or ${table.removedReason} in (${reasons}))`,
    ),
  ],
);

/** An earlier version of a review, kept when its author edits it. */
export const reviewVersions = pgTable(
  "review_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    stars: integer("stars").notNull(),
    body: text("body").notNull(),
    /** When this version was published (the review's creation or an earlier edit). */
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
    /** When the edit replaced it. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("review_versions_review_idx").on(table.reviewId, table.id)],
);

/** A pro's report of a review of their business: it waits for an operator's decision. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    /** The rule of the review policy the pro says it breaks. */
    reason: text("reason", { enum: REVIEW_REMOVAL_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decision: text("decision", { enum: ["removed", "kept", "disclosed"] }),
  },
  (table) => [
    uniqueIndex("review_reports_once_key").on(table.reviewId, table.reporterId),
    index("review_reports_waiting_idx")
      .on(table.createdAt)
      .where(sql`${table.decidedAt} is null`),
    check("review_reports_reason_check", sql`${table.reason} in (${reasons})`),
    check(
      "review_reports_decision_check",
      sql`(${table.decision} is null) = (${table.decidedAt} is null)`,
    ),
  ],
);
