/**
 * What `marketplace` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { BROWSER_REQUEST_COOKIE } from "./browser-request-cookie";
export { MAX_UPLOAD_BYTES, PHOTO_ACCEPT, PHOTO_LIMITS } from "./photo-limits";
