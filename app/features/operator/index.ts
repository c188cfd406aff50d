/**
 * What `operator` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { CONSOLE_LINK, ConsoleTable, utcMinute } from "./console-parts";
