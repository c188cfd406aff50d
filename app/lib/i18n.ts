/**
 * One Lingui instance per language (decision 030). Components translate with
 * the macros of `@lingui/react/macro` (`<Trans>`, `useLingui`), which read the
 * instance the root layout provides for the page's language; server code
 * (loaders, actions, emails) uses `i18nFor(locale)` with `msg` descriptors.
 *
 * The catalogues are loaded into these instances before anything renders:
 * every one on the server (app/lib/i18n.server.ts), and in the
 * browser only the page's language and part (app/lib/i18n-browser.ts).
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from "@lingui/core";
import { INTL_TAGS, type Locale } from "./locales";

const instances = new Map<Locale, I18n>();

export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    // ICU numbers and plurals follow the regional formats (es-US "1,234", fr-CA "1 234").
    instance = setupI18n({ locale, locales: INTL_TAGS[locale], messages: { [locale]: {} } });
    instances.set(locale, instance);
  }
  return instance;
}

/** Adds a part's compiled catalogue to a language's instance. */
export function addCatalog(locale: Locale, messages: Messages): void {
  i18nFor(locale).load(locale, messages);
}

/** A descriptor (`msg` macro) in a language, for code that runs outside a component. */
export function translate(locale: Locale, descriptor: MessageDescriptor): string {
  return i18nFor(locale)._(descriptor);
}
