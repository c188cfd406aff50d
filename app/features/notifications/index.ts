/**
 * What `notifications` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { EMAIL_SETTINGS_PATH, UNREAD_EMAIL_DELAY_S, type NotificationKind } from "./kinds";
