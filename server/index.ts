/**
 * The server bundle's entry. It is the React Router server build (so that
 * prerendering and any adapter can import it as usual) plus `start()`, which
 * runs our production HTTP server on that same build.
 */
export * from "virtual:react-router/server-build";
export { start } from "./start";
export { runLeadsCli } from "./operator/leads-cli";
export { runOperatorCli } from "./operator/operator-cli";
export { runHousekeepingCli } from "./operator/housekeeping-cli";
export { runBackupCli, runRestoreCli } from "./operator/backup-cli";
