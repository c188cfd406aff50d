/**
 * What `contractors` offers other features and server/ on the server only
 * (docs/decisions/032). Only what is used elsewhere is here.
 */
export { CLAIM_MAX_TRIES } from "./claim-messages.server";
export { seedContractors } from "./seed.server";
export { licenceVerifiedOn, verifiedFor } from "./verification.server";
