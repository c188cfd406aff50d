/** The city the visitor chose (spec §3: local key selectedCity, a city slug). */
import { useSyncExternalStore } from "react";
import { cityLabelFromSlug } from "~/lib/text";
import { STORAGE_KEYS } from "~/site";
import { isCitySlugShape } from "./slug";

const EVENT = "tm:selected-city";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function selectedCity(): string | null {
  const value = storage()?.getItem(STORAGE_KEYS.selectedCity) ?? null;
  return value && isCitySlugShape(value) ? value : null;
}

export function saveSelectedCity(slug: string): void {
  storage()?.setItem(STORAGE_KEYS.selectedCity, slug);
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(listener: () => void) {
  window.addEventListener("storage", listener);
  window.addEventListener(EVENT, listener);
  return () => {
    window.removeEventListener("storage", listener);
    window.removeEventListener(EVENT, listener);
  };
}

/** The stored city slug (null while server-rendering or when none is stored). */
export function useSelectedCity(): string | null {
  return useSyncExternalStore(subscribe, selectedCity, () => null);
}

/** "Denver, CO" for a stored slug. */
export function selectedCityLabel(slug: string): string {
  return cityLabelFromSlug(slug);
}
