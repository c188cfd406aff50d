/**
 * The words of app/site.ts a visitor reads, as messages (decision 030).
 * app/site.ts stays free of Lingui's macros (the route and build
 * configuration import it outside Vite), so its English is written here
 * again; tests/unit/site-labels.test.ts checks the two agree.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { CategorySlug } from "~/site";

export const CATEGORY_TITLES: Record<CategorySlug, MessageDescriptor> = {
  "general-contractors": msg`General Contractors`,
  "home-renovation": msg`Home Renovation`,
  roofing: msg`Roofing`,
  plumbing: msg`Plumbing`,
  electrical: msg`Electrical`,
  landscaping: msg`Landscaping`,
  pools: msg`Pools`,
  "commercial-construction": msg`Commercial Construction`,
  paint: msg`Paint`,
};

export const BRAND_TAGLINE: MessageDescriptor = msg`Local contractors for every project`;

export const LEGAL_LABELS: Record<"/privacy" | "/terms", MessageDescriptor> = {
  "/privacy": msg`Privacy Policy`,
  "/terms": msg`Terms of Use`,
};

/**
 * Spec §5/§8: the location errors. The specification writes them in Spanish,
 * and English pages show them so, word for word; Spanish pages too; French
 * pages in French.
 */
export const LOCATION_ERROR_MESSAGES = {
  invalidCity: msg`Por favor, selecciona una ciudad válida`,
  unsupportedCountry: msg`Por favor, selecciona una ciudad en Estados Unidos o Canadá`,
} as const;

/** Spec §2/§8: the listing page's not-found text. */
export const NOT_FOUND_LABELS = {
  title: msg`Page Not Found`,
  message: msg`The requested service or location could not be found.`,
} as const;

/**
 * The consent the first quote forms carry, naming TradeMatch alone, in the
 * language the person read it in; what they read is what is stored with the
 * lead (app/site.ts, CONSENT_TEXT and CONSENT_VERSION).
 */
export const CONSENT_MESSAGE: MessageDescriptor = msg`I agree that TradeMatch may contact me by phone, text message and email about this request, including by automated means. Consent is not a condition of any purchase. Message and data rates may apply. I can withdraw this consent at any time: reply STOP to a text, use the unsubscribe link in an email, or visit my data page. I have read the Privacy Policy.`;
