/**
 * The operator's console (issue 21): one-time sign-in links printed by
 * `npm run operator -- link`, and the audit log of every operator action.
 * Re-exported by ./schema.ts (drizzle-kit reads them from there).
 */
import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

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
