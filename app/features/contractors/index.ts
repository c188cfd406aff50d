/**
 * What `contractors` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { Section } from "./profile-parts";
export { CHECK_LIMITS, utcToday } from "./verification";
