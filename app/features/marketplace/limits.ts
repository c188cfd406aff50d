/** The marketplace's limits that pages show as well as enforce. */

/** A homeowner chooses at most this many pros for one request (PRODUCT.md). */
export const MAX_PROS_PER_REQUEST = 3;
