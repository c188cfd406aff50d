/**
 * What `marketplace` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { PHOTO_ACCEPT, PHOTO_LIMITS } from "./photo-limits";
export { AnswerLine, useAnswerLine } from "./answer-line";
export { NotTakingRequests } from "./pause-line";
export { realThenSamples } from "./ranking";
export { useSampleListings } from "./sample-listings";
export type { Pause } from "./pause";
export { contactVisibility, visibleContact, type ContactVisibility } from "./contact-rule";
export { INACTIVE_PAUSE_DAYS } from "./limits";
