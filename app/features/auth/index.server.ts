/**
 * What `auth` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { pruneDemoAccounts, type DemoRole } from "./demo-account.server";
export { deleteAccount, exportPersonalData, type Transaction } from "./personal-data.server";
export { NO_STORE, getUser } from "./require-user.server";
export { pruneSessions, secureCookies, type SessionUser } from "./session.server";
