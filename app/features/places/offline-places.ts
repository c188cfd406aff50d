/** The default place provider: our own server's gazetteer (no third party involved). */
import type { I18n } from "@lingui/core";
import { DEFAULT_LOCALE, isLocale } from "~/lib/locales";
import { LOCATION_ERROR_MESSAGES } from "~/lib/site-labels";
import { PLACE_LOOKUP_LIMITED, withPlaceLanguage } from "./place-query";
import type { PlaceChoice, PlaceSuggestion } from "./place-types";

export interface PlaceProvider {
  /** False while a provider's library is loading (the input stays disabled). */
  ready: boolean;
  suggest(query: string, signal: AbortSignal): Promise<PlaceSuggestion[]>;
  choose(suggestion: PlaceSuggestion): Promise<PlaceChoice>;
  resolveText(text: string): Promise<PlaceChoice>;
}

/**
 * A look-up the server refused: too many just now (429) or text it does not
 * take (400). Its message is for the person typing.
 */
export class PlaceLookupRefused extends Error {
  override name = "PlaceLookupRefused";
}

/** Refusals whose body ({ error }) says why, in words for the person typing. */
const REFUSALS = new Set([400, 429]);

/**
 * The gazetteer on our server, answering in the language of `i18n` (the
 * page's): the server writes its messages in the language the look-up names,
 * and this provider its own.
 */
export function createOfflinePlaces(i18n: I18n): PlaceProvider {
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const query = (params: Record<string, string>) =>
    new URLSearchParams(withPlaceLanguage(params, locale)).toString();

  /** The message of a refused look-up's body, or the standard one. */
  async function refusalMessage(response: Response): Promise<string> {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    return typeof body?.error === "string" ? body.error : i18n._(PLACE_LOOKUP_LIMITED);
  }

  async function resolve(params: Record<string, string>): Promise<PlaceChoice> {
    try {
      const response = await fetch(`/api/places/resolve?${query(params)}`);
      if (REFUSALS.has(response.status)) {
        return { ok: false, message: await refusalMessage(response) };
      }
      const body = (await response.json()) as PlaceChoice;
      return body;
    } catch (error) {
      // Spec §5/§8: any lookup failure shows the valid-city message and is logged.
      console.error("Place lookup failed", error);
      return { ok: false, message: i18n._(LOCATION_ERROR_MESSAGES.invalidCity) };
    }
  }

  return {
    ready: true,
    async suggest(text, signal) {
      const response = await fetch(`/api/places?${query({ q: text })}`, { signal });
      if (REFUSALS.has(response.status)) {
        throw new PlaceLookupRefused(await refusalMessage(response));
      }
      if (!response.ok) throw new Error(`place suggestions answered ${response.status.toString()}`);
      return ((await response.json()) as { suggestions: PlaceSuggestion[] }).suggestions;
    },
    choose: (suggestion) => resolve({ placeId: suggestion.placeId }),
    resolveText: (text) => resolve({ text }),
  };
}
