import { randomBytes } from "node:crypto";

/**
 * What pages are rendered with as their script nonce, unique to this process
 * (so no page content can guess it); each response gets a fresh nonce in its
 * place. Prerendered pages carry PRERENDER_NONCE_SLOT instead.
 */
export const NONCE_SLOT = `tmslot${randomBytes(12).toString("hex")}`;
