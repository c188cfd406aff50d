/**
 * A service card's Get Started (spec §2): the stored city's listing for the
 * service, else the location picker with the service waiting. An island;
 * without JavaScript it leads to the search page for the service. Both in
 * the page's language.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { openLocationPicker, preloadLocationPicker } from "~/features/places";
import { selectedCity } from "~/features/places";
import { island } from "~/lib/island";
import { localizePath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { useLocale } from "~/lib/use-locale";

/** Get Started (spec §2): the stored city's listing, else the picker with the service waiting. */
export function getStarted(service: string, locale: Locale = DEFAULT_LOCALE) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const city = selectedCity();
    if (city) window.location.assign(localizePath(`/${city}/${service}`, locale));
    else void openLocationPicker(service, { fallback: event.currentTarget.href });
  };
}

export function GetStartedLink({ slug, title }: { slug: string; title: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <a
      href={localizePath(`/search?service=${slug}`, locale)}
      onClick={getStarted(slug, locale)}
      onPointerEnter={preloadLocationPicker}
      onFocus={preloadLocationPicker}
      aria-label={t`Get Started with ${title}`}
      className={buttonClasses("primary", "md", "mt-auto self-start")}
    >
      <Trans>Get Started</Trans>
    </a>
  );
}

export const GetStartedIsland = island("get-started", GetStartedLink);
