/**
 * What `places` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { REGIONS, type Region } from "./gazetteer-regions.server";
export { loadGazetteer, type Place } from "./gazetteer.server";
export { findCity, notFound, placeLabel, serviceCategory } from "./place-lookup.server";
export { zoneAt, zoneOfPlace } from "./time-zone.server";
export { placesInReach, type ServiceArea } from "./reach.server";
