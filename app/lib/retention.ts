/**
 * How long data is kept: one place for the periods, read by housekeeping
 * (app/lib/housekeeping.server.ts, server/housekeeping.ts) and, later, quoted
 * by the privacy policy. Browser-safe: constants only (decision 037).
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

/** How often the server runs housekeeping. */
export const HOUSEKEEPING_INTERVAL_HOURS = 1;

export const DAY_MS = 24 * 60 * 60 * 1000;
