/**
 * What `conversations` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { figure } from "./limits";
