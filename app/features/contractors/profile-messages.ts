/**
 * The business profile form's limits and its messages, in the page's
 * language (decision 030: made on first use). A message is a sentence for
 * the person filling the form in; the form shows the limits as it is typed in.
 */
import { msg } from "@lingui/core/macro";
import { i18nFor } from "~/lib/i18n";
import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/text-check-messages";
import { DEFAULT_LOCALE, formatterCache, type Locale } from "~/lib/locales";
import { MAX_PLACE_QUERY_LENGTH } from "~/features/places";

export const PROFILE_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  descriptionMax: 2000,
  hoursMax: 120,
  yearsMax: 200,
  radiusMin: 1,
  radiusMax: 500,
  /** Cities listed by name, one a line. */
  places: 25,
  placeLength: MAX_PLACE_QUERY_LENGTH,
  licenceNumberMax: 40,
  insuranceMax: 100,
  addressMax: 200,
} as const;

const L = PROFILE_LIMITS;

const whole = formatterCache((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }));

/** The form's messages in a language (each a sentence for the person filling it in). */
function messagesIn(locale: Locale) {
  const i18n = i18nFor(locale);
  const n = (value: number) => whole(locale).format(value);
  const nameMin = n(L.nameMin);
  const nameMax = n(L.nameMax);
  const placeLength = n(L.placeLength);
  const places = n(L.places);
  const radiusMin = n(L.radiusMin);
  const radiusMax = n(L.radiusMax);
  const licenceNumberMax = n(L.licenceNumberMax);
  const insuranceMax = n(L.insuranceMax);
  const descriptionMax = n(L.descriptionMax);
  const yearsMax = n(L.yearsMax);
  const hoursMax = n(L.hoursMax);
  const addressMax = n(L.addressMax);
  return {
    nameRequired: i18n._(msg`Please enter your business's name.`),
    nameLength: i18n._(msg`Please enter a business name of ${nameMin} to ${nameMax} characters.`),
    characters: i18n._(CONTROL_CHARACTERS_MESSAGE),
    categories: i18n._(msg`Please tick at least one trade you work in.`),
    choice: i18n._(msg`Please choose from the list.`),
    serviceOutsideTrades: i18n._(
      msg`Each service you tick must be in a trade you ticked: tick its trade too, or untick the service.`,
    ),
    serviceArea: i18n._(
      msg`Please list at least one city you serve, or give a base city and how far you travel from it.`,
    ),
    placeLength: i18n._(
      msg`Please keep each city to ${placeLength} characters or fewer, one city a line.`,
    ),
    placeCount: i18n._(
      msg`Please list at most ${places} cities. For a wider area, give a base city and a distance.`,
    ),
    basePlaceMissing: i18n._(msg`Please enter the city you work from, like Denver, CO.`),
    radius: i18n._(
      msg`Please enter how far you travel as a whole number from ${radiusMin} to ${radiusMax}.`,
    ),
    radiusMissing: i18n._(msg`Please enter how far from your base city you travel.`),
    licenceNumber: i18n._(
      msg`Please keep the licence number to ${licenceNumberMax} characters or fewer.`,
    ),
    licenceNumberMissing: i18n._(msg`Please enter the licence number, or leave the issuer empty.`),
    licenceRegion: i18n._(msg`Please choose the state or province that issued your licence.`),
    insurance: i18n._(msg`Please keep the insurer's name to ${insuranceMax} characters or fewer.`),
    description: i18n._(msg`Please keep the description to ${descriptionMax} characters or fewer.`),
    years: i18n._(msg`Please enter the years in business as a whole number from 0 to ${yearsMax}.`),
    hours: i18n._(msg`Please keep the hours to ${hoursMax} characters or fewer.`),
    phone: i18n._(
      msg`Please enter a US or Canadian phone number with area code, like (303) 555-0147.`,
    ),
    phoneToShow: i18n._(
      msg`Please enter a phone number to show it, or untick “Show my phone on my profile”.`,
    ),
    email: i18n._(msg`Please enter the business's email address, like office@example.com.`),
    address: i18n._(msg`Please keep the address to ${addressMax} characters or fewer.`),
    addressToShow: i18n._(
      msg`Please enter an address to show it, or untick “Show my address on my profile”.`,
    ),
  };
}

export type ProfileMessages = ReturnType<typeof messagesIn>;

/**
 * The form's messages in English, read when asked (the catalogues are loaded
 * by then): what the tests compare with. Pages use profileMessages(locale).
 */
export const PROFILE_MESSAGES: ProfileMessages = new Proxy({} as ProfileMessages, {
  get: (_target, key) => profileMessages(DEFAULT_LOCALE)[key as keyof ProfileMessages],
});

const byLocale = new Map<Locale, ProfileMessages>();

/** The form's messages in a language, made on first use. */
export function profileMessages(locale: Locale): ProfileMessages {
  const made = byLocale.get(locale) ?? messagesIn(locale);
  byLocale.set(locale, made);
  return made;
}
