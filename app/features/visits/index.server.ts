/**
 * What `visits` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { zoneReader, type ZoneReader } from "./job-zone.server";
export { cancelVisitsOfSuspended } from "./visit-closing.server";
