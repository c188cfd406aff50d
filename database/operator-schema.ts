/**
 * The operator's console (issue 21): one-time sign-in links printed by
 * `npm run operator -- link`, and the audit log of every operator action.
 * Re-exported by ./schema.ts (drizzle-kit reads them from there).
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { VERIFICATION_KINDS, VERIFICATION_RESULTS } from "./enums";
import { contractors, users } from "./base-schema";

/**
 * A sign-in link for an operator account: only its hash is kept; it works
 * once, within 15 minutes.
 */
export const operatorLinks = pgTable("operator_links", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What operators did: who, when, what, and the values before and after.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration
 * 0007), and the app only inserts. The actor's id and email are copied, not
 * referenced: the row outlives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_subject_idx").on(table.subjectType, table.subjectId, table.at),
    index("audit_log_actor_idx")
      .on(table.actorId, table.at)
      .where(sql`${table.actorId} is not null`),
  ],
);

/**
 * An operator's check of a business's licence or insurance with its registry.
 * Rows are only added: the newest per business and kind is the one that
 * counts. A "verified" licence shows on the public profile and listing until
 * `expiresOn` passes; then the profile says "declared" again by itself.
 */
export const contractorVerifications = pgTable(
  "contractor_verifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contractorId: uuid("contractor_id")
      .notNull()
      .references(() => contractors.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: VERIFICATION_KINDS }).notNull(),
    registry: text("registry").notNull(),
    registryAddress: text("registry_address").notNull(),
    checkedOn: date("checked_on", { mode: "string" }).notNull(),
    result: text("result", { enum: VERIFICATION_RESULTS }).notNull(),
    expiresOn: date("expires_on", { mode: "string" }),
    notes: text("notes").notNull().default(""),
    operatorId: uuid("operator_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("contractor_verifications_lookup_idx").on(table.contractorId, table.kind, table.id),
    check("contractor_verifications_kind_check", sql`${table.kind} in ('licence', 'insurance')`),
    check(
      "contractor_verifications_result_check",
      sql`${table.result} in ('verified', 'not_found', 'mismatch', 'lapsed')`,
    ),
    check(
      "contractor_verifications_expiry_check",
      sql`${table.result} <> 'verified' or ${table.expiresOn} is not null`,
    ),
  ],
);
