/**
 * The browser's catalogues (decision 030): only the page's language, and only
 * the parts its code can show. Content pages load the islands' part; pages
 * React Router hydrates also the app's. Each is its own small chunk per
 * language, fetched before the page's React starts.
 */
import type { Messages } from "@lingui/core";
import { addCatalog, i18nFor } from "./i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

type Part = "islands" | "app";

const parts: Record<Part, Record<string, () => Promise<{ messages: Messages }>>> = {
  islands: import.meta.glob<{ messages: Messages }>("../locales/*/islands.po"),
  app: import.meta.glob<{ messages: Messages }>("../locales/*/app.po"),
};

/** The page's language, as the server wrote it on <html lang>. */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang.slice(0, 2);
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Loads the page language's parts (once each) and returns its instance. */
export async function loadCatalogs(...wanted: Part[]) {
  const locale = pageLocale();
  await Promise.all(
    wanted.map(async (part) => {
      const load = parts[part][`../locales/${locale}/${part}.po`];
      if (!load) throw new Error(`no ${part} catalogue for ${locale}`);
      addCatalog(locale, (await load()).messages);
    }),
  );
  return i18nFor(locale);
}
