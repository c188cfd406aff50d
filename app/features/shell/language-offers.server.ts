/**
 * What the language suggestion says, in each language (decision 030): the
 * offer is written in the language it offers, so the server puts all three
 * in the page and the browser shows the one its visitor reads.
 */
import { msg } from "@lingui/core/macro";
import { translate } from "~/lib/i18n.server";
import { LOCALES, type Locale } from "~/lib/locales";

export interface LanguageOffer {
  text: string;
  accept: string;
  dismiss: string;
}

let made: Record<Locale, LanguageOffer> | undefined;

/** The same for every page: made once, on the first page rendered (the catalogues are loaded). */
export function languageOffers(): Record<Locale, LanguageOffer> {
  made ??= Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        text: translate(locale, msg`This page is also in English.`),
        accept: translate(locale, msg`Read it in English`),
        dismiss: translate(locale, msg`No, thanks`),
      },
    ]),
  ) as Record<Locale, LanguageOffer>;
  return made;
}
