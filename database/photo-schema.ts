/**
 * Photos: they may belong to a request, a business, a message or a review, so
 * this file sits above the tables it points at.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { contractors, leads } from "./base-schema";
import { messages } from "./conversation-schema";
import { reviews } from "./review-schema";

/** PostgreSQL's bytea, read and written as a Uint8Array (PGlite and postgres.js alike). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * Photos, re-encoded to WebP without metadata, kept in the database so that
 * every app instance on one PostgreSQL serves the same ones (decision 024).
 * A photo belongs to exactly one of: a request (the homeowner's, at most 5),
 * a business's past work (at most 12), a message (at most 5).
 */
export const photos = pgTable(
  "photos",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    contractorId: uuid("contractor_id").references(() => contractors.id, { onDelete: "cascade" }),
    /** A photo sent in a conversation (issue 22). */
    messageId: bigint("message_id", { mode: "number" }).references(() => messages.id, {
      onDelete: "cascade",
    }),
    /** A photo of a review (issue 22): public while the review is published. */
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "cascade" }),
    /** Order on the page, from 0. */
    position: integer("position").notNull(),
    webp: bytea("webp").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** What the person wrote about it (alt text on the profile). */
    caption: text("caption").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("photos_lead_id_idx").on(table.leadId, table.position),
    index("photos_contractor_id_idx").on(table.contractorId, table.position),
    index("photos_message_id_idx").on(table.messageId, table.position),
    index("photos_review_id_idx").on(table.reviewId, table.position),
    check(
      "photos_owner_check",
      sql`num_nonnulls(${table.leadId}, ${table.contractorId}, ${table.messageId}, ${table.reviewId}) = 1`,
    ),
  ],
);
