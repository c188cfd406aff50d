/**
 * The marketplace's tables: the businesses a homeowner sent a request to and
 * each one's part in it, their quotes, and each business's inbox counts.
 * Re-exported by ./schema.ts (drizzle-kit reads them from there).
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { CURRENCIES, DECLINE_REASONS, PRO_STATES } from "./enums";
import { contractors, leads } from "./base-schema";

/**
 * A business the homeowner chose for a request, and that pro's part in it
 * (app/features/marketplace/states.ts). The consent to be contacted by this
 * business is proved per business: the text the homeowner agreed to, its
 * version, when, from which address and browser (TCPA).
 */
export const requestPros = pgTable(
  "request_pros",
  {
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    state: text("state", { enum: PRO_STATES }).notNull().default("sent"),
    consentText: text("consent_text").notNull(),
    consentVersion: text("consent_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    clientAddress: text("client_address").notNull(),
    userAgent: text("user_agent").notNull(),
    declineReason: text("decline_reason", { enum: DECLINE_REASONS }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** The pro's answer (accept or decline): their response time is this minus consentAt. */
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /**
     * The pro must accept or decline by then (consent_at + ANSWER_WINDOW_HOURS;
     * parts open when the rule came got the full window from that day). Null
     * for parts answered before the rule (issue 33).
     */
    answerBy: timestamp("answer_by", { withTimezone: true }),
    /** When the pro was reminded that the request waits for an answer (issue 33). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.leadId, table.contractorId] }),
    // A pro's inbox, newest first (read backwards): one state's tab in order, and
    // across states (the "new" tab is two states; its newest page reads a few
    // entries). Both cover the page's query: no table read before the 20 are chosen.
    index("request_pros_inbox_idx").on(
      table.contractorId,
      table.state,
      table.consentAt,
      table.leadId,
    ),
    index("request_pros_newest_idx").on(
      table.contractorId,
      table.consentAt,
      table.leadId,
      table.state,
    ),
    check(
      "request_pros_state_check",
      sql`${table.state} in ('sent', 'viewed', 'accepted', 'declined', 'quoted', 'hired', 'not_chosen', 'no_answer', 'removed')`,
    ),
    check(
      "request_pros_decline_check",
      sql`(${table.state} = 'declined') = (${table.declineReason} is not null)`,
    ),
  ],
);

/**
 * A pro's quote for a request: one per business and request, editable until
 * the homeowner hires. Amounts in cents; a fixed price has min = max.
 */
export const quotes = pgTable(
  "quotes",
  {
    leadId: uuid("lead_id").notNull(),
    contractorId: uuid("contractor_id").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    minCents: integer("min_cents").notNull(),
    maxCents: integer("max_cents").notNull(),
    included: text("included").notNull(),
    startFrom: date("start_from", { mode: "string" }).notNull(),
    startTo: date("start_to", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.leadId, table.contractorId] }),
    // The quote goes with the pro's part in the request (and so with the request and the business).
    foreignKey({
      columns: [table.leadId, table.contractorId],
      foreignColumns: [requestPros.leadId, requestPros.contractorId],
    }).onDelete("cascade"),
    check(
      "quotes_amount_check",
      sql`0 < ${table.minCents} and ${table.minCents} <= ${table.maxCents}`,
    ),
    check("quotes_dates_check", sql`${table.startFrom} <= ${table.startTo}`),
  ],
);

/**
 * How many requests a business has in each state: its inbox's tab counts,
 * read in one short look-up however many requests it has. Kept by triggers
 * on request_pros (migration 0006, decision 026), in the same transaction as
 * the change, so no code path can forget it; the app only reads it.
 */
export const inboxCounts = pgTable(
  "inbox_counts",
  {
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    state: text("state", { enum: PRO_STATES }).notNull(),
    n: integer("n").notNull(),
  },
  // No CHECK (n >= 0): PostgreSQL checks an INSERT's proposed row before ON
  // CONFLICT turns it into an update, and the triggers add negative changes.
  (table) => [primaryKey({ columns: [table.contractorId, table.state] })],
);
