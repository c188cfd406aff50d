/**
 * A service card's Get Started (spec §2): the stored city's listing for the
 * service, else the location picker with the service waiting. An island;
 * without JavaScript it leads to the search page for the service.
 */
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { openLocationPicker, preloadLocationPicker } from "~/features/places/location-picker";
import { selectedCity } from "~/features/places/selected-city";
import { island } from "~/lib/island";

/** Get Started (spec §2): the stored city's listing, else the picker with the service waiting. */
export function getStarted(service: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const city = selectedCity();
    if (city) window.location.assign(`/${city}/${service}`);
    else void openLocationPicker(service, { fallback: event.currentTarget.href });
  };
}

export function GetStartedLink({ slug, title }: { slug: string; title: string }) {
  return (
    <a
      href={`/search?service=${slug}`}
      onClick={getStarted(slug)}
      onPointerEnter={preloadLocationPicker}
      onFocus={preloadLocationPicker}
      aria-label={`Get Started with ${title}`}
      className={buttonClasses("primary", "md", "mt-auto self-start")}
    >
      Get Started
    </a>
  );
}

export const GetStartedIsland = island("get-started", GetStartedLink);

