/**
 * The database schema: one source for PGlite and PostgreSQL. Migrations in
 * ./migrations are generated from it by drizzle-kit (`npm run db:generate`).
 * This file only gathers the schema's parts; each part imports the ones below
 * it (enums, then base-schema, then the features' tables), never this file.
 */
export * from "./enums";
// People, businesses, leads, the outbox, rate limits, sessions.
export * from "./base-schema";
// The marketplace's tables: a request's pros, their quotes, the inbox counts.
export * from "./marketplace-schema";
// The operator's console: one-time sign-in links and the audit log.
export * from "./operator-schema";
// Conversations: threads, messages, read markers, reports, email opt-outs.
export * from "./conversation-schema";
// Reviews from verified hires: reviews, their earlier versions, reports.
export * from "./review-schema";
// Photos of requests, businesses, messages and reviews.
export * from "./photo-schema";
// Site visits: hours, days off, visits and their proposed times, calendar feeds.
export * from "./visit-schema";
