/** The console's fixed figures, shared by its server modules and its pages. */

/** A sign-in link works once, within this many minutes. */
export const LINK_MINUTES = 15;
/** Console actions need a sign-in at most this many hours old. */
export const RECENT_SIGN_IN_HOURS = 12;
/** The overview covers this many days. */
export const OVERVIEW_DAYS = 90;
