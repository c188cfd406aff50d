/**
 * The Google Places provider, used instead of the offline one when
 * GOOGLE_MAPS_API_KEY is configured (spec §7): predictions restricted to
 * regions in the US and Canada, then a geocode by place id (or by the typed
 * address) checked against spec §5. Loaded only then, and only in the browser.
 */
import type { I18n } from "@lingui/core";
import type { Locale } from "~/lib/locales";
import { LOCATION_ERROR_MESSAGES } from "~/lib/site-labels";
import { SUPPORTED_COUNTRIES } from "~/site";
import type { PlaceProvider } from "./offline-places";
import type { PlaceChoice, PlaceSuggestion } from "./place-types";
import { citySlug } from "./slug";

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface GeocoderResult {
  address_components: AddressComponent[];
}
interface Prediction {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string; secondary_text?: string };
  terms: { offset: number; value: string }[];
  types: string[];
}
interface GoogleMaps {
  maps: {
    importLibrary(name: "places" | "geocoding"): Promise<unknown>;
    places: {
      AutocompleteService: new () => {
        getPlacePredictions(request: {
          input: string;
          types: string[];
          componentRestrictions: { country: string[] };
        }): Promise<{ predictions: Prediction[] }>;
      };
    };
    Geocoder: new () => {
      geocode(
        request: { placeId: string } | { address: string; componentRestrictions?: undefined },
      ): Promise<{
        results: GeocoderResult[];
      }>;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleMaps;
    __tmMapsReady?: () => void;
  }
}

let loading: Promise<GoogleMaps> | undefined;

/** The language Google writes its suggestions in, for each of ours (Latin American Spanish for US Spanish). */
const MAPS_LANGUAGES: Record<Locale, string> = { en: "en", es: "es-419", fr: "fr-CA" };

/**
 * Loads the Maps JavaScript API once, its suggestions in the page's language;
 * rejects if it cannot (spec §8: "initialisation error").
 */
export function loadGoogleMaps(
  apiKey: string,
  locale: Locale,
  nonce?: string,
): Promise<GoogleMaps> {
  loading ??= new Promise<GoogleMaps>((resolve, reject) => {
    window.__tmMapsReady = () => {
      if (window.google) resolve(window.google);
      else reject(new Error("Google Maps did not initialise"));
    };
    const script = document.createElement("script");
    const params = new URLSearchParams({
      key: apiKey,
      libraries: "places",
      callback: "__tmMapsReady",
      loading: "async",
      language: MAPS_LANGUAGES[locale],
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onerror = () => reject(new Error("Google Maps could not be loaded"));
    document.head.append(script);
  });
  return loading;
}

/**
 * Spec §5: a locality (or second-level area), a first-level region and a
 * country; US or CA. Its messages in the language of `i18n` (the page's).
 */
export function choiceFromComponents(components: AddressComponent[], i18n: I18n): PlaceChoice {
  const find = (type: string) => components.find((c) => c.types.includes(type));
  const locality = find("locality") ?? find("administrative_area_level_2");
  const region = find("administrative_area_level_1");
  const country = find("country");
  if (!locality || !region || !country) {
    return { ok: false, message: i18n._(LOCATION_ERROR_MESSAGES.invalidCity) };
  }
  if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(country.short_name)) {
    return { ok: false, message: i18n._(LOCATION_ERROR_MESSAGES.unsupportedCountry) };
  }
  return {
    ok: true,
    slug: citySlug(locality.long_name, region.short_name),
    label: `${locality.long_name}, ${region.short_name}`,
  };
}

export function createGooglePlaces(maps: GoogleMaps, i18n: I18n): PlaceProvider {
  const predictions = new maps.maps.places.AutocompleteService();
  const geocoder = new maps.maps.Geocoder();
  const invalidCity = (): PlaceChoice => ({
    ok: false,
    message: i18n._(LOCATION_ERROR_MESSAGES.invalidCity),
  });
  const geocode = async (
    request: { placeId: string } | { address: string },
  ): Promise<PlaceChoice> => {
    try {
      const { results } = await geocoder.geocode(request);
      const first = results[0];
      return first ? choiceFromComponents(first.address_components, i18n) : invalidCity();
    } catch (error) {
      console.error("Place lookup failed", error);
      return invalidCity();
    }
  };
  return {
    ready: true,
    async suggest(query) {
      const { predictions: found } = await predictions.getPlacePredictions({
        input: query,
        types: ["(regions)"],
        componentRestrictions: { country: ["us", "ca"] },
      });
      return found.map((p): PlaceSuggestion => ({
        id: p.place_id,
        placeId: p.place_id,
        description: p.description,
        mainText: p.structured_formatting.main_text,
        secondaryText: p.structured_formatting.secondary_text ?? "",
        terms: p.terms,
        types: p.types,
      }));
    },
    choose: (suggestion) => geocode({ placeId: suggestion.placeId }),
    resolveText: (text) => geocode({ address: text }),
  };
}
