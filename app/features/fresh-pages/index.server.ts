/**
 * What `fresh-pages` offers routes, other features and server/ on the server
 * (docs/decisions/032, 041, 047): the keys of the pages that show a
 * business, and their announcement after a write.
 */
export { announceBusinesses, announceBusinessesOn } from "./announce.server";
export { keysOfBusinesses, keysOfOwnedBusinesses, keysOfReview } from "./business-pages.server";
