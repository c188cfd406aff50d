/**
 * What `content` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { serviceLabel } from "./service-label.server";
export { serviceGroups, type ServiceGroup } from "./service-options.server";
