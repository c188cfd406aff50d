/**
 * Paths in a language (decision 030): English at the root, Spanish under /es/,
 * French under /fr/. Plain functions, no i18n library: the server's edge
 * (server/http/canonical.ts) and the build configuration use them too.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** The language a path is in: its first segment when that is es or fr, English otherwise. */
export function localeOfPath(pathname: string): Locale {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its language prefix ("/es/roofing" → "/roofing", "/es/" → "/"). */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest === "" ? "/" : rest;
}

/**
 * A path of ours in a language: "/roofing" in es is "/es/roofing"; the home
 * page is "/es/" (a language's home keeps its slash, as the issue names it).
 * Paths already carrying a language, and anything not starting with one slash,
 * are returned as they are.
 */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith("/") || path.startsWith("//")) return path;
  if (localeOfPath(path) !== DEFAULT_LOCALE) return path;
  return `/${locale}${path}`;
}

/** The language of the page a request is for (loaders and actions). */
export function localeOfRequest(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}
