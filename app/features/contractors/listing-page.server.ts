/**
 * What a contractor listing's path names (`/{cityState}/{service}`): its
 * trade, its city and the service, as the listing and its request page read
 * them, and the service's name as both pages write it. Either part unknown
 * is the spec's Page Not Found.
 */
import { serviceLabel } from "~/features/content/index.server";
import { findCity, notFound, serviceCategory } from "~/features/places/index.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { titleCase } from "~/lib/text";

/**
 * The service as the page names it: the URL's words in title case in English
 * (the spec's heading, "Roof Repair in Denver, CO"), the service's own name
 * in the other languages ("Reparación de techos").
 */
export function serviceName(service: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? titleCase(service) : serviceLabel(service, locale);
}

/** "Roof repair in Denver, CO" for a description: English lowers all of it (as it always has). */
export function inSentence(heading: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return heading.toLowerCase();
  return heading.charAt(0).toLocaleLowerCase(locale) + heading.slice(1);
}

export async function listingOf(params: { cityState?: string; service?: string }, locale: Locale) {
  const category = serviceCategory(params.service);
  const place = await findCity(params.cityState);
  if (!category || !place || params.service === undefined) notFound(locale);
  return { category, place, service: params.service };
}
