/**
 * The site's words in a language, as its catalogues have them (decision 030):
 * browser tests find a Spanish page's controls by what the page says in
 * Spanish, looked up from the English a reader of the code knows them by.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";

const LOCALES_DIR = path.resolve(import.meta.dirname, "../../app/locales");
const po = formatter({ lineNumbers: false, origins: true });

export type Say = (english: string, values?: Record<string, string | number>) => string;

/** Every message id (what a page shows in place of a message it lacks). */
export async function messageIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const file of readdirSync(path.join(LOCALES_DIR, "en"))) {
    const filename = path.join(LOCALES_DIR, "en", file);
    const catalog = await po.parse(readFileSync(filename, "utf8"), {
      locale: "en",
      sourceLocale: "en",
      filename,
    });
    for (const id of Object.keys(catalog)) ids.add(id);
  }
  return ids;
}

/**
 * `say("Get a quote")` is the Spanish of that message; `{name}`-style
 * placeholders are filled from `values`. Throws for an English message the
 * catalogue does not have, so a test cannot look for a word nobody wrote.
 */
export async function wordsOf(locale: "en" | "es" | "fr"): Promise<Say> {
  const translations = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES_DIR, locale))) {
    const filename = path.join(LOCALES_DIR, locale, file);
    const catalog = await po.parse(readFileSync(filename, "utf8"), {
      locale,
      sourceLocale: "en",
      filename,
    });
    for (const entry of Object.values(catalog)) {
      if (entry.message) translations.set(entry.message, entry.translation || entry.message);
    }
  }
  return (english, values = {}) => {
    const translated = translations.get(english);
    if (translated === undefined) throw new Error(`no message ${JSON.stringify(english)}`);
    return translated.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
