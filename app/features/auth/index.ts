/**
 * What `auth` offers other features, safe for the browser
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { clearSignedInFlag, requireSignIn } from "./auth-flag";
export { browserStorage, useSignedInFlag } from "./signed-in-flag";
