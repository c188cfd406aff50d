/**
 * The site's languages (issue 23, decision 030) and the Intl locale each
 * formats with: US English by default, US Spanish, Canadian French. Free of
 * server code: pages, islands and emails format through these.
 */
import { LOCALES } from "../../database/enums";

export { LOCALES };
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** The BCP 47 tag Intl formats with for each language. */
export const INTL_TAGS: Record<Locale, string> = {
  en: "en-US",
  es: "es-US",
  fr: "fr-CA",
};

/** What <html lang> says: the language, and Canada for French (read aloud as Canadian French). */
export const HTML_LANG: Record<Locale, string> = { en: "en", es: "es", fr: "fr-CA" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * One formatter per locale and key, made on first use: making an Intl
 * formatter costs far more than using one (app/lib/dates.ts).
 */
export function formatterCache<F>(make: (tag: string, key: string) => F) {
  const made = new Map<string, F>();
  return (locale: Locale, key = ""): F => {
    const id = `${locale}:${key}`;
    let formatter = made.get(id);
    if (!formatter) {
      formatter = make(INTL_TAGS[locale], key);
      made.set(id, formatter);
    }
    return formatter;
  };
}
