/**
 * Phone numbers as each language writes them, without shipping a
 * phone-number library to the browser (libphonenumber-js's metadata alone is
 * ~25 KB brotli, and the lead forms show an example number): a module of its
 * own, so a form's placeholder does not bring the area-code lists with it.
 * tests/unit/leads-i18n.test.ts checks it against libphonenumber-js for every
 * area code.
 */
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";

/**
 * A stored number (E.164) as people of a language write it, as
 * libphonenumber's national format does: "(303) 555-0147" in English and
 * Spanish, "303 555-0147" in French (Quebec usage). Anything else (another
 * country's number, text that is no number) as it is.
 */
export function formatPhone(e164: string, locale: Locale = DEFAULT_LOCALE): string {
  const digits = e164.replace(/^\+1/, "");
  if (!/^\d{10}$/.test(digits)) return e164;
  const area = digits.slice(0, 3);
  const rest = `${digits.slice(3, 6)}-${digits.slice(6)}`;
  return locale === "fr" ? `${area} ${rest}` : `(${area}) ${rest}`;
}

/** The example number the forms show ("like (303) 555-0147"), in a language. */
export function phoneExample(locale: Locale): string {
  return formatPhone("+13035550147", locale);
}
