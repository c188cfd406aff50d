/**
 * What `operator` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { COMMAND_LINE, writeAudit, type AuditActor } from "./audit.server";
export { LINK_MINUTES, NotAnOperator, createOperatorLink } from "./links.server";
export { UnknownPerson, grantOperator, revokeOperator } from "./roles.server";
