/**
 * The page's language in a component, and its paths (decision 030). Works in
 * islands too: each is hydrated inside the page language's I18nProvider.
 */
import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { localizePath } from "./locale-path";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** `localize("/dashboard")` is "/es/dashboard" on a Spanish page. */
export function useLocalize(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
