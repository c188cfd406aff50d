/**
 * What `leads` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { formKeyCookie } from "./form-key.server";
export { REAL_LEADS, latestLeads, leadsSince, leadsToCsv } from "./lead-export.server";
export { emailJobStatus, mailSettings } from "./lead-store.server";
