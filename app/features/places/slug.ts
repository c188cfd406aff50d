/**
 * City slugs (spec §9): the name lowercased, spaces to hyphens, then a hyphen
 * and the lowercase two-letter state or province code: denver-co,
 * new-york-ny, st-johns-nl.
 */
import { nameWords } from "./normalize";

/** Lowercase words of letters and digits joined by hyphens, then -xx. */
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/;

export function isCitySlugShape(value: string): boolean {
  return value.length <= 80 && CITY_SLUG_PATTERN.test(value);
}

/**
 * The spec §9 slug of a city: "St. John's", "NL" → "st-johns-nl",
 * "Montréal", "QC" → "montreal-qc". Accents are folded and apostrophes and
 * periods dropped so the slug stays URL-safe; any other run of punctuation or
 * spaces becomes one hyphen.
 */
export function citySlug(name: string, region: string): string {
  return [...nameWords(name), region.toLowerCase()].join("-");
}
