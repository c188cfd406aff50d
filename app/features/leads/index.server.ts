/**
 * What `leads` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { formKeyCookie } from "./form-key.server";
export { REAL_LEADS, latestLeads, leadsSince, leadsToCsv } from "./lead-export.server";
export { emailJobStatus, mailSettings } from "./lead-store.server";
export { homeownerEmail, homeownerLocale } from "./homeowner-reader.server";
export {
  homeownerRequestLink,
  readRequestLinkToken,
  REQUEST_LINK_DAYS,
  requestLinkSecret,
  type LinkSigning,
  type RequestLinkTarget,
} from "./request-link.server";
export type { ListingServices } from "./listing-request.server";
