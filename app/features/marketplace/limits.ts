/** The marketplace's limits that pages show as well as enforce. */

/** A homeowner chooses at most this many pros for one request (PRODUCT.md). */
export const MAX_PROS_PER_REQUEST = 3;

/** A chosen pro has this long to accept or decline; then the part is "no answer" (issue 33). */
export const ANSWER_WINDOW_HOURS = 48;

/** The pro is reminded once, this long after the request came, if it has not answered. */
export const ANSWER_REMINDER_HOURS = 24;

/** A business whose owner has not signed in for this long is paused and told (issue 33). */
export const INACTIVE_PAUSE_DAYS = 90;

/** A business may take at most this many new requests a week, when it sets a limit (issue 33). */
export const MAX_WEEKLY_LIMIT = 100;
