/**
 * How long data is kept: one place for the periods, read by housekeeping
 * (app/lib/housekeeping.server.ts, server/housekeeping.ts), the browser's
 * request cookie, and quoted by the privacy policy (content/pages/privacy.md
 * names them as {{retention:…}}; app/features/content/retention-periods.ts).
 * Browser-safe: constants only (decision 037).
 */

/** A delivered outbox job ("sent", or a failed one an operator marked "resolved") is kept this long after its last status change. */
export const DELIVERED_JOBS_KEPT_DAYS = 30;

/**
 * Failed and held jobs are kept until an operator resolves them or they are
 * delivered: no period.
 */
export const UNRESOLVED_JOBS_KEPT = "until resolved" as const;

/** Sessions, claim codes and operator sign-in links go as soon as they expire. */
export const EXPIRED_CODES_KEPT_DAYS = 0;

/**
 * A draft nobody sent (a request with no pro chosen) is deleted, with its
 * photos, this long after it was started (issue 33).
 */
export const DRAFT_KEPT_DAYS = 30;

/**
 * An account holder is emailed this long before their draft is deleted; the
 * draft goes no sooner than this long after that email (decision 038).
 */
export const DRAFT_WARNING_DAYS_BEFORE = 3;

/**
 * How long the browser that sent a request without an account keeps the
 * cookie naming it (tm_request). No longer than a draft lives.
 */
export const BROWSER_REQUEST_COOKIE_DAYS = 7;

/**
 * Rows of the audit log (every operator action) are kept this long, then
 * purged by purge_audit_log(), the one way they may leave (decision 038).
 */
export const AUDIT_LOG_KEPT_MONTHS = 24;

/**
 * The rate limit's counters (a hashed key, never the address) are deleted
 * this long after their window started (the outbox worker prunes them).
 */
export const RATE_LIMIT_COUNTERS_KEPT_HOURS = 24;

/** Backups of the database are overwritten within this time (the hosting's setting). */
export const BACKUPS_KEPT_DAYS = 30;

/** Server logs (no names, emails or phone numbers) are kept this long (the hosting's setting). */
export const SERVER_LOGS_KEPT_DAYS = 30;

/** How often the server runs housekeeping. */
export const HOUSEKEEPING_INTERVAL_HOURS = 1;

export const DAY_MS = 24 * 60 * 60 * 1000;
