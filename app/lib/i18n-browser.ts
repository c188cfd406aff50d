/**
 * The browser's catalogues (decision 030): only the page's language, and only
 * the parts its code can show. Content pages load the islands' part; pages
 * React Router hydrates also their area's (scripts/i18n/module-graph.ts),
 * and another area's before a navigation into it renders (each area's first
 * route has a clientLoader that asks for it). Each is its own small chunk per
 * language, fetched before the page's React starts.
 */
import type { Messages } from "@lingui/core";
import { addCatalog, i18nFor } from "./i18n";
import { unlocalizedPath } from "./locale-path";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** The areas of the pages React Router hydrates (scripts/i18n/module-graph.ts). */
export type RouterArea = "dashboard" | "projects" | "pro" | "requests";
type Part = "islands" | RouterArea;

const parts: Record<Part, Record<string, () => Promise<{ messages: Messages }>>> = {
  islands: import.meta.glob<{ messages: Messages }>("../locales/*/islands.po"),
  dashboard: import.meta.glob<{ messages: Messages }>("../locales/*/dashboard.po"),
  projects: import.meta.glob<{ messages: Messages }>("../locales/*/projects.po"),
  pro: import.meta.glob<{ messages: Messages }>("../locales/*/pro.po"),
  requests: import.meta.glob<{ messages: Messages }>("../locales/*/requests.po"),
};

/**
 * The areas a page React Router hydrates draws on, from its path: its own, and
 * the dashboard's for a project's pages, which sit in the dashboard's layout.
 */
export function routerAreas(pathname: string): RouterArea[] {
  const path = unlocalizedPath(pathname);
  if (/^\/(pro(\/|$)|pros\/[^/]+\/claim$)/.test(path)) return ["pro"];
  if (/^\/requests\//.test(path)) return ["requests"];
  if (/^\/visits\//.test(path)) return ["projects"];
  if (/^\/dashboard\/projects\/[^/]+(\/|$)/.test(path)) return ["dashboard", "projects"];
  return ["dashboard"];
}

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
