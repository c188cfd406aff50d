/**
 * What `places` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { openLocationPicker, preloadLocationPicker } from "./location-picker";
export { nameWords } from "./normalize";
export { MAX_PLACE_QUERY_LENGTH } from "./place-query";
export { regionName } from "./region-names";
export { selectedCity } from "./selected-city";
