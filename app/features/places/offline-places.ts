/** The default place provider: our own server's gazetteer (no third party involved). */
import { LOCATION_ERRORS } from "~/site";
import type { PlaceChoice, PlaceSuggestion } from "./place-types";

export interface PlaceProvider {
  /** False while a provider's library is loading (the input stays disabled). */
  ready: boolean;
  suggest(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]>;
  choose(suggestion: PlaceSuggestion): Promise<PlaceChoice>;
  resolveText(text: string): Promise<PlaceChoice>;
}

async function resolve(params: Record<string, string>): Promise<PlaceChoice> {
  try {
    const response = await fetch(`/api/places/resolve?${new URLSearchParams(params).toString()}`);
    const body = (await response.json()) as PlaceChoice;
    return body;
  } catch (error) {
    // Spec §5/§8: any lookup failure shows the valid-city message and is logged.
    console.error("Place lookup failed", error);
    return { ok: false, message: LOCATION_ERRORS.invalidCity };
  }
}

export const offlinePlaces: PlaceProvider = {
  ready: true,
  async suggest(query, signal) {
    const response = await fetch(`/api/places?${new URLSearchParams({ q: query }).toString()}`, {
      signal,
    });
    if (!response.ok) throw new Error(`place suggestions answered ${response.status.toString()}`);
    return ((await response.json()) as { suggestions: PlaceSuggestion[] }).suggestions;
  },
  choose: (suggestion) => resolve({ placeId: suggestion.placeId }),
  resolveText: (text) => resolve({ text }),
};
