/**
 * Offers this page in the visitor's language (issue 23), never sends them
 * there: a first visit reads the browser's preferred languages (what it
 * sends as Accept-Language); once the visitor chooses, through the switcher
 * or this offer, the choice is remembered in the browser and offered on
 * pages in another language. In the browser only, so every visitor gets the
 * same cached page; an island with nothing in its HTML. A card fixed at the
 * bottom, so its arrival moves nothing on the page; while it shows, the page
 * scrolls focused controls clear of it (WCAG 2.4.11).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { island } from "~/lib/island";
import { localeOfPath, unlocalizedPath } from "~/lib/locale-path";
import { HTML_LANG, isLocale, type Locale } from "~/lib/locales";
import { STORAGE_KEYS } from "~/site";
import { browserStorage } from "~/features/auth";
import type { LanguageOffer } from "./language-offers.server";
import { ENGLISH_ONLY, pageIn } from "./language-switcher";

/** The language a visitor chose, if any. */
export function rememberedLanguage(): Locale | null {
  const value = browserStorage()?.getItem(STORAGE_KEYS.language);
  return isLocale(value) ? value : null;
}

export function rememberLanguage(locale: Locale): void {
  browserStorage()?.setItem(STORAGE_KEYS.language, locale);
}

/** The first of the browser's languages we have, if any of them. */
export function preferredLanguage(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** What to offer on a page in `current`: the remembered choice, else the browser's first. */
export function languageToOffer(
  current: Locale,
  remembered: Locale | null,
  browserLanguages: readonly string[],
): Locale | null {
  const wanted = remembered ?? preferredLanguage(browserLanguages);
  return wanted && wanted !== current ? wanted : null;
}

/**
 * The language chosen by arriving here from the same page in another
 * language (the switcher's links are plain links: a click before this
 * island has loaded is not seen, but the page it leads to knows where it
 * came from): this page's language, or null when the visitor came from
 * elsewhere.
 */
export function chosenOnArrival(referrer: string, here: URL): Locale | null {
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return null;
  }
  if (from.origin !== here.origin) return null;
  const current = localeOfPath(here.pathname);
  const sameDocument = unlocalizedPath(from.pathname) === unlocalizedPath(here.pathname);
  return sameDocument && localeOfPath(from.pathname) !== current ? current : null;
}

const arrivalChoice = () => chosenOnArrival(document.referrer, new URL(window.location.href));

interface Props {
  current: Locale;
  page: string;
  offers: Record<Locale, LanguageOffer>;
}

/** Another tab's choice changes this one's offer too. */
function onStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

export function LanguageSuggestion({ current, page, offers }: Props) {
  // Nothing in the server's HTML (the same for everyone); the browser decides.
  const wanted = useSyncExternalStore(
    onStorage,
    () => languageToOffer(current, arrivalChoice() ?? rememberedLanguage(), navigator.languages),
    () => null,
  );
  const [dismissed, setDismissed] = useState(false);
  const offered = dismissed ? null : wanted;
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    if (!offered || !card.current) return;
    root.style.scrollPaddingBottom = `${card.current.offsetHeight + 16}px`;
    return () => {
      root.style.scrollPaddingBottom = "";
    };
  }, [offered]);
  useEffect(() => {
    const chosen = arrivalChoice();
    if (chosen) rememberLanguage(chosen);
    // A choice in the switcher is remembered (its links are plain links).
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      const choice = link?.dataset.languageChoice;
      if (isLocale(choice)) rememberLanguage(choice);
    };
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);
  if (!offered || ENGLISH_ONLY.test(page)) return null;
  const offer = offers[offered];
  return (
    <section
      ref={card}
      lang={HTML_LANG[offered]}
      aria-label={offer.text}
      className="fixed right-4 bottom-4 left-4 z-40 mx-auto max-w-md rounded-card border border-line bg-surface p-4 shadow-raised sm:left-auto"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-navy-900">
        <p className="w-full">{offer.text}</p>
        <a
          href={pageIn(offered, page)}
          hrefLang={offered}
          data-language-choice={offered}
          className="font-semibold text-navy-900 underline underline-offset-2"
        >
          {offer.accept}
        </a>
        <button
          type="button"
          onClick={() => {
            rememberLanguage(current);
            setDismissed(true);
          }}
          className="rounded-control px-2 py-1 text-navy-800 underline underline-offset-2 hover:bg-navy-100"
        >
          {offer.dismiss}
        </button>
      </div>
    </section>
  );
}

export const LanguageSuggestionIsland = island("language-suggestion", LanguageSuggestion);
