/**
 * Links to this page in the other languages (decision 030): the same path and
 * query under another prefix. Plain links, so they work without JavaScript and
 * on content pages; each names its language in that language. The browser
 * remembers a choice made here (language-suggestion.tsx). No router: the
 * phone menu, an island, shows it too; `page` is the path and query.
 */
import { useLingui } from "@lingui/react/macro";
import { cn } from "~/lib/cn";
import { localeOfPath, localizePath, unlocalizedPath } from "~/lib/locale-path";
import { HTML_LANG, LOCALES, type Locale } from "~/lib/locales";

/** "English", "Español", "Français": each language's own name for itself. */
export const ENDONYMS: Record<Locale, string> = Object.fromEntries(
  LOCALES.map((locale) => {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
    return [locale, name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)];
  }),
) as Record<Locale, string>;

/**
 * The query parameters that are part of what a page shows (a search, a page
 * of reviews, a business, a period): kept across languages. Anything else
 * (tracking tags, a console search, whatever a stranger typed) is not
 * repeated in the links.
 */
const PAGE_STATE = new Set(["service", "zip", "reviews", "business", "period", "page", "group"]);

/**
 * The page as the language links name it: its path and the query parameters
 * that are page state, nothing else (so nothing a stranger typed is written
 * back into the page, nor into an island's props).
 */
export function pageState(pathname: string, search = ""): string {
  const kept = new URLSearchParams(
    [...new URLSearchParams(search)].filter(([name]) => PAGE_STATE.has(name)),
  ).toString();
  return `${pathname}${kept ? `?${kept}` : ""}`;
}

/** A page's address ("/search?zip=1") in a language ("/es/search?zip=1"). */
export function pageIn(locale: Locale, page: string): string {
  const url = new URL(page, "http://x");
  return pageState(localizePath(unlocalizedPath(url.pathname), locale), url.search);
}

/** The operator's console is English only (issue 23): no switcher there. */
export const ENGLISH_ONLY = /^\/admin(\/|$)/;

export function LanguageSwitcher({
  page,
  className,
  linkClassName,
}: {
  page: string;
  className?: string;
  linkClassName?: string;
}) {
  const { t } = useLingui();
  const current = localeOfPath(page);
  if (ENGLISH_ONLY.test(page)) return null;
  return (
    <nav aria-label={t`Language`} className={className}>
      <ul className="flex flex-wrap items-center gap-1">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={pageIn(locale, page)}
              hrefLang={locale}
              lang={HTML_LANG[locale]}
              data-language-choice={locale}
              aria-current={locale === current ? "true" : undefined}
              className={cn(
                "block rounded-control px-2 py-1.5 text-sm aria-[current=true]:font-semibold",
                linkClassName,
              )}
            >
              {ENDONYMS[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
