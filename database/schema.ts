/**
 * The database schema: one source for PGlite and PostgreSQL. Migrations in
 * ./migrations are generated from it by drizzle-kit (`npm run db:generate`).
 */
import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    /** "local" for the built-in demo account, else the OIDC issuer. */
    provider: text("provider").notNull(),
    /** The OIDC subject (or the demo account's fixed id). */
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_provider_subject_key").on(table.provider, table.subject)],
);
