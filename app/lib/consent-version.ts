/**
 * The version of the first forms' consent (app/site.ts CONSENT_TEXT,
 * app/lib/site-labels.ts CONSENT_MESSAGE), stored with each lead. A new
 * wording is a new version; rows keep the text and version they were given
 * with. A module of its own, importing nothing, so that a form's island
 * carries this string and not the site's catalogue.
 */
export const CONSENT_VERSION = "first-2026-12";

/**
 * The hidden field that carries the version of the consent text the form
 * showed: compared, never stored as sent.
 */
export const CONSENT_VERSION_FIELD = "consentVersion";
