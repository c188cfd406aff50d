/**
 * How a demo account's sample requests are told from real requests: their
 * leads' idempotency keys start with this, then the account's id. They are
 * never delivered, the operator's lead list and export leave them out, and
 * they go with their account. Here, below every feature, because all of
 * those read it (projects and marketplace write them; decision 032).
 */
export const SAMPLE_PROJECT_KEY_PREFIX = "seed:demo:";
