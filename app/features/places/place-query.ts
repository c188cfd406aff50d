/**
 * What a place lookup accepts: at most 100 characters, no control characters;
 * and the language its answers are written in (decision 030): the picker
 * sends its page's in `lang`, since one lookup URL serves every page.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18nFor } from "~/lib/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/locales";

export const MAX_PLACE_QUERY_LENGTH = 100;

/** Why a place lookup's text is refused, in the language of `i18n` (English by default). */
export function placeQueryProblem(
  text: string,
  i18n: I18n = i18nFor(DEFAULT_LOCALE),
): string | null {
  if (text.length > MAX_PLACE_QUERY_LENGTH) {
    const max = MAX_PLACE_QUERY_LENGTH;
    return i18n._(msg`Please type at most ${max} characters to search for a place.`);
  }
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    return i18n._(msg`A place search can't contain control characters.`);
  }
  return null;
}

/** What a refused place look-up (429) says; the location picker shows it. */
export const PLACE_LOOKUP_LIMITED: MessageDescriptor = msg`Too many place searches in a short time. Please wait a few seconds and try again.`;

/**
 * PLACE_LOOKUP_LIMITED in English, as tests compare it (tests/unit/places-i18n.test.ts
 * checks the two agree).
 */
export const PLACE_LOOKUP_LIMITED_MESSAGE =
  "Too many place searches in a short time. Please wait a few seconds and try again.";

/** The query parameter that names the language a lookup answers in. */
export const PLACE_LANGUAGE_PARAM = "lang";

/** The language a lookup answers in: its `lang` when that is one of ours, else English. */
export function placeLookupLocale(url: URL): Locale {
  const lang = url.searchParams.get(PLACE_LANGUAGE_PARAM);
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** A lookup's parameters with the page's language (English pages send none, as before). */
export function withPlaceLanguage(
  params: Record<string, string>,
  locale: Locale,
): Record<string, string> {
  return locale === DEFAULT_LOCALE ? params : { ...params, [PLACE_LANGUAGE_PARAM]: locale };
}
