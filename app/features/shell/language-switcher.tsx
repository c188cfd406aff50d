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

/** A page's address ("/roofing?x=1") in a language ("/es/roofing?x=1"). */
export function pageIn(locale: Locale, page: string): string {
  const queryAt = page.search(/[?#]/);
  const pathname = queryAt === -1 ? page : page.slice(0, queryAt);
  const rest = queryAt === -1 ? "" : page.slice(queryAt);
  return `${localizePath(unlocalizedPath(pathname), locale)}${rest}`;
}

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
