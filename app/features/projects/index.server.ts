/**
 * What `projects` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { hiredByColumn } from "./hired-status.server";
