/**
 * What `marketplace` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { actorOf, deliveryOf, notFound, orNotFound, step } from "./answers.server";
export { IllegalStep } from "./states";
export { onPartsClosed, type PartsClosedHandler } from "./part-closing.server";
export { clockOf } from "./delivery";
export { contactVisibility, type ContactVisibility } from "./contact-rule";
export { pausesOf, pauseOf } from "./availability.server";
export type { Pause } from "./pause";
export { browserRequestId } from "./browser-request.server";
export { expireDrafts, warnExpiringDrafts } from "./draft-expiry.server";
export { pauseInactiveBusinesses } from "./inactivity.server";
export { inPublishedOrder, kmBetween, prosServing } from "./serving-pros.server";
export { answerFiguresOf } from "./answer-rates.server";
export { answerRecordOf, NO_ANSWER_FIGURES, type AnswerRecord } from "./answer-figures";
export {
  homeownerEmail,
  homeownerLocale,
  pageLink,
  shortName,
  what,
  type RequestSummary,
} from "./messages.server";
export { PhotoRefused, prepareAll, type PhotoUpload } from "./photo-encoding.server";
export { photosOfBusiness, readPhotoUploads, type PhotoListing } from "./photos.server";
export {
  BadChoice,
  NotFound,
  checkIds,
  lockOwnRequest,
  type Delivery,
  type Owner,
  type Transaction,
} from "./requests.server";
export { tellHomeownersProIsUnavailable } from "./unavailable.server";
