/**
 * What `notifications` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { isOptedOut } from "./opt-outs.server";
export { installationSecret, unsubscribeHeaders, unsubscribeUrl } from "./tokens.server";
