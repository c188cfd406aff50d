/**
 * City slugs (spec §9): the name lowercased, spaces to hyphens, then a hyphen
 * and the lowercase two-letter state or province code: denver-co,
 * new-york-ny, st-johns-nl.
 */

/** Lowercase words of letters and digits joined by hyphens, then -xx. */
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/;

export function isCitySlugShape(value: string): boolean {
  return value.length <= 80 && CITY_SLUG_PATTERN.test(value);
}
