/**
 * What `seo` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { breadcrumbList } from "./structured-data";
