/** Reading the city (and service) of a URL against the gazetteer and the spec's slugs. */
import { data } from "react-router";
import {
  categoryOfService,
  isCategorySlug,
  isServiceSlug,
  NOT_FOUND_MESSAGE,
  NOT_FOUND_TITLE,
  type CategorySlug,
} from "~/site";
import { loadGazetteer, type Place } from "./gazetteer.server";
import { isCitySlugShape } from "./slug";

/** Spec §2/§8: "Page Not Found: The requested service or location could not be found." */
export function notFound(): never {
  throw data({ title: NOT_FOUND_TITLE, message: NOT_FOUND_MESSAGE }, { status: 404 });
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
