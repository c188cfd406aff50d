/**
 * Conversations between a homeowner and a pro (issue 22): one thread per
 * request and business, opened when the pro accepts; its messages; how far
 * each side has read; reports of a message for the console. Re-exported by
 * ./schema.ts (drizzle-kit reads them from there).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { THREAD_SIDES } from "./enums";
import { contractors, leads, users } from "./base-schema";

/** The longest message, in characters. */
export const MESSAGE_MAX_CHARS = 5000;

/**
 * A request's conversation with one business. The homeowner's email and
 * phone stay masked in it until `contactSharedAt` (the homeowner's button).
 */
export const threads = pgTable(
  "threads",
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time (the Messages list's order); null before the first. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    contactSharedAt: timestamp("contact_shared_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("threads_lead_contractor_key").on(table.leadId, table.contractorId),
    index("threads_contractor_idx").on(table.contractorId, table.lastMessageAt),
  ],
);

/** A message: text (and photos, `photos.message_id`), written by one side. */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    side: text("side", { enum: THREAD_SIDES }).notNull(),
    /** Who wrote it; null once their account is deleted (the message stays for the other side). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Removed by an operator after a report: the body is no longer shown. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [
    index("messages_thread_idx").on(table.threadId, table.id),
    check("messages_side_check", sql`${table.side} in ('homeowner', 'pro')`),
    check(
      "messages_body_check",
      sql`char_length(${table.body}) <= ${sql.raw(String(MESSAGE_MAX_CHARS))}`,
    ),
  ],
);

/**
 * How far each side has read a thread, and when it was last emailed about
 * unread messages (at most one email a thread and side an hour).
 */
export const threadReads = pgTable(
  "thread_reads",
  {
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    side: text("side", { enum: THREAD_SIDES }).notNull(),
    lastReadId: bigint("last_read_id", { mode: "number" }).notNull().default(0),
    lastEmailedAt: timestamp("last_emailed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.threadId, table.side] }),
    check("thread_reads_side_check", sql`${table.side} in ('homeowner', 'pro')`),
  ],
);

/** "Report" on a message: it waits in the console's queue until an operator decides. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decision: text("decision", { enum: ["removed", "kept"] }),
  },
  (table) => [
    uniqueIndex("message_reports_once_key").on(table.messageId, table.reporterId),
    index("message_reports_waiting_idx")
      .on(table.createdAt)
      .where(sql`${table.decidedAt} is null`),
    check(
      "message_reports_decision_check",
      sql`(${table.decision} is null) = (${table.decidedAt} is null)`,
    ),
  ],
);

/**
 * A kind of notification email a person turned off (the one-click
 * unsubscribe link in each such email, or their settings page).
 */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
