/** Reading the city (and service) of a URL against the gazetteer and the spec's slugs. */
import { data } from "react-router";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { NOT_FOUND_LABELS } from "~/lib/site-labels";
import { categoryOfService, isCategorySlug, isServiceSlug, type CategorySlug } from "~/site";
import { loadGazetteer, type Place } from "./gazetteer.server";
import { isCitySlugShape } from "./slug";

/**
 * Spec §2/§8: "Page Not Found: The requested service or location could not be
 * found.", in the language of the page asked for (`localeOfRequest(request)`).
 */
export function notFound(locale: Locale = DEFAULT_LOCALE): never {
  throw data(
    {
      title: translate(locale, NOT_FOUND_LABELS.title),
      message: translate(locale, NOT_FOUND_LABELS.message),
    },
    { status: 404 },
  );
}

export async function findCity(slug: string | undefined): Promise<Place | undefined> {
  if (!slug || !isCitySlugShape(slug)) return undefined;
  return (await loadGazetteer()).bySlug(slug);
}

/** The category a URL's service segment belongs to (a category or one of its services). */
export function serviceCategory(service: string | undefined): CategorySlug | undefined {
  if (!service) return undefined;
  if (isCategorySlug(service)) return service;
  if (isServiceSlug(service)) return categoryOfService(service);
  return undefined;
}

export function placeLabel(place: Pick<Place, "name" | "region">): string {
  return `${place.name}, ${place.region}`;
}
