/**
 * The business profile form (join and edit): what it takes, checked field by
 * field with a message in plain words for each, in the page's language
 * (decision 030: one schema per language, made on first use). Pure and
 * small, as lead-schema.ts: the form imports its limits. Places are checked
 * here for their shape only; profiles.server.ts resolves them against the
 * gazetteer and the licence region against the served states and provinces.
 */
import { msg } from "@lingui/core/macro";
import * as z from "zod/mini";
import { fieldErrors, type FieldErrors } from "~/lib/field-errors";
import { i18nFor } from "~/lib/i18n";
import { DEFAULT_LOCALE, formatterCache, isLocale, type Locale } from "~/lib/locales";
import { ALL_SERVICE_SLUGS, CATEGORY_SLUGS, SERVICE_SLUGS } from "~/site";
import { isUsOrCanadianPhone, toE164 } from "~/features/leads";
import { hasControlCharacters } from "~/lib/plain-text";
import { MAX_PLACE_QUERY_LENGTH } from "~/features/places";

export type { FieldErrors };

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
    characters: i18n._(
      msg`Please type this again: it holds characters we can't store (such as invisible control characters).`,
    ),
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

/** The single-value fields, as the form names them (ticked boxes send "on"). */
export const PROFILE_TEXT_FIELDS = [
  "name",
  "places",
  "basePlace",
  "radius",
  "licenceNumber",
  "licenceRegion",
  "insuranceCarrier",
  "description",
  "yearsInBusiness",
  "hours",
  "phone",
  "email",
  "address",
  "showPhone",
  "showEmail",
  "showAddress",
  "locale",
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** What the form sent (or shows): text as typed, and the ticked trades and services. */
export type ProfileFormValues = Partial<Record<ProfileTextField, string>> & {
  categories?: string[];
  services?: string[];
};

/** No more ticked boxes than there are to tick: a longer list is not a person's. */
const MAX_TICKED = CATEGORY_SLUGS.length + ALL_SERVICE_SLUGS.length;

/** The profile fields of a posted form (files and unknown names are ignored). */
export function profileFormValues(form: FormData): ProfileFormValues {
  const values: ProfileFormValues = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  const list = (name: string) =>
    form
      .getAll(name)
      .filter((value) => typeof value === "string")
      .slice(0, MAX_TICKED);
  values.categories = list("categories");
  values.services = list("services");
  return values;
}

/** The places typed in one field: one a line (or separated by ";"), like "Denver, CO". */
export function placeLines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The form's schema with its messages in one language. */
function schemaIn(m: ProfileMessages) {
  const singleLine = z.refine<string>((value) => !hasControlCharacters(value), {
    error: m.characters,
  });

  /** Optional text of one line: trimmed, at most `max` characters; empty becomes undefined. */
  function optionalLine(max: number, message: string) {
    return z.pipe(
      z.optional(
        z.string().check(z.trim(), z.maxLength(max, { error: message, abort: true }), singleLine),
      ),
      z.transform((value) => value || undefined),
    );
  }

  /** Optional whole number in a range; empty becomes undefined. */
  function optionalWhole(min: number, max: number, message: string) {
    return z.pipe(
      z.optional(
        z.string({ error: message }).check(
          z.trim(),
          z.refine((value) => value === "" || /^\d{1,4}$/.test(value), {
            error: message,
            abort: true,
          }),
          z.refine((value) => value === "" || (Number(value) >= min && Number(value) <= max), {
            error: message,
          }),
        ),
      ),
      z.transform((value) => (value ? Number(value) : undefined)),
    );
  }

  /** A ticked box sends "on"; an unticked one sends nothing. */
  const ticked = z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on"),
  );

  const name = z
    .string({ error: m.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: m.nameRequired, abort: true }),
      z.minLength(L.nameMin, { error: m.nameLength, abort: true }),
      z.maxLength(L.nameMax, { error: m.nameLength, abort: true }),
      singleLine,
    );

  const places = z.pipe(
    z.optional(z.string()),
    z
      .pipe(
        z.transform(placeLines),
        z.array(
          z
            .string()
            .check(z.maxLength(L.placeLength, { error: m.placeLength, abort: true }), singleLine),
        ),
      )
      .check(z.maxLength(L.places, { error: m.placeCount })),
  );

  const phone = z.pipe(
    z.optional(
      z.string({ error: m.phone }).check(
        z.trim(),
        z.refine((value) => value === "" || isUsOrCanadianPhone(value), { error: m.phone }),
      ),
    ),
    z.transform((value) => (value ? toE164(value) : undefined)),
  );

  const email = z.pipe(
    z
      .string({ error: m.email })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: m.email })),
    z.email({ error: m.email }),
  );

  const description = z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(L.descriptionMax, { error: m.description, abort: true }),
        z.refine((value) => !hasControlCharacters(value, { multiLine: true }), {
          error: m.characters,
        }),
      ),
    ),
    z.transform((value) => value ?? ""),
  );

  const licenceRegion = z.pipe(
    z.optional(
      z.string({ error: m.licenceRegion }).check(
        z.trim(),
        z.toUpperCase(),
        z.refine((value) => value === "" || /^[A-Z]{2}$/.test(value), {
          error: m.licenceRegion,
        }),
      ),
    ),
    z.transform((value) => value || undefined),
  );

  /** The language of the business's emails: absent (or empty) leaves it as it is. */
  const locale = z.pipe(
    z.optional(
      z
        .string({ error: m.choice })
        .check(z.refine((value) => value === "" || isLocale(value), { error: m.choice })),
    ),
    z.transform((value): Locale | undefined => (isLocale(value) ? value : undefined)),
  );

  return z.object({
    name,
    categories: z._default(
      z
        .array(z.enum(CATEGORY_SLUGS, { error: m.choice }))
        .check(z.minLength(1, { error: m.categories })),
      [],
    ),
    services: z._default(z.array(z.enum(ALL_SERVICE_SLUGS, { error: m.choice })), []),
    places,
    basePlace: optionalLine(L.placeLength, m.placeLength),
    radius: optionalWhole(L.radiusMin, L.radiusMax, m.radius),
    licenceNumber: optionalLine(L.licenceNumberMax, m.licenceNumber),
    licenceRegion,
    insuranceCarrier: optionalLine(L.insuranceMax, m.insurance),
    description,
    yearsInBusiness: optionalWhole(0, L.yearsMax, m.years),
    hours: optionalLine(L.hoursMax, m.hours),
    phone,
    email,
    address: optionalLine(L.addressMax, m.address),
    showPhone: ticked,
    showEmail: ticked,
    showAddress: ticked,
    locale,
  });
}

type ProfileSchema = ReturnType<typeof schemaIn>;

/** Each language's messages and schema, made on first use. */
const byLocale = new Map<Locale, { messages: ProfileMessages; schema: ProfileSchema }>();

function inLocale(locale: Locale) {
  let made = byLocale.get(locale);
  if (!made) {
    const messages = messagesIn(locale);
    made = { messages, schema: schemaIn(messages) };
    byLocale.set(locale, made);
  }
  return made;
}

/** The form's messages in a language. */
export function profileMessages(locale: Locale): ProfileMessages {
  return inLocale(locale).messages;
}

export type ProfileFields = z.output<ProfileSchema>;

type Shape = ProfileSchema["shape"];
/** Each field that is right on its own, with its value (a wrong one is absent). */
type FieldsOnTheirOwn = { [K in keyof Shape]?: { value: z.output<Shape[K]> } };

/**
 * The rules between fields, for the fields that are right on their own, so
 * that one answer carries every message (a wrong name does not hide a
 * missing service area).
 */
function crossFieldErrors(fields: FieldsOnTheirOwn, m: ProfileMessages): FieldErrors {
  const errors: FieldErrors = {};
  const { categories, services, places, basePlace, radius, licenceNumber, licenceRegion } = fields;
  if (categories && services) {
    const trades = new Set<string>(categories.value);
    const inTrades = (service: string) =>
      CATEGORY_SLUGS.some(
        (category) =>
          trades.has(category) && (SERVICE_SLUGS[category] as readonly string[]).includes(service),
      );
    if (!services.value.every(inTrades)) errors.services = m.serviceOutsideTrades;
  }
  if (basePlace && radius) {
    if (basePlace.value && radius.value === undefined) {
      errors.radius = m.radiusMissing;
    }
    if (!basePlace.value && radius.value !== undefined) {
      errors.basePlace = m.basePlaceMissing;
    }
    if (places?.value.length === 0 && !basePlace.value && radius.value === undefined) {
      errors.places = m.serviceArea;
    }
  }
  if (licenceNumber && licenceRegion) {
    if (licenceNumber.value && !licenceRegion.value) {
      errors.licenceRegion = m.licenceRegion;
    }
    if (!licenceNumber.value && licenceRegion.value) {
      errors.licenceNumber = m.licenceNumberMissing;
    }
  }
  if (fields.showPhone?.value && fields.phone && !fields.phone.value) {
    errors.phone = m.phoneToShow;
  }
  if (fields.showAddress?.value && fields.address && !fields.address.value) {
    errors.address = m.addressToShow;
  }
  return errors;
}

export type ProfileCheck = { ok: true; data: ProfileFields } | { ok: false; errors: FieldErrors };

/**
 * Every field checked: the profile, or the first message of each field that
 * is wrong, in the page's language (English unless said).
 */
export function checkProfileForm(
  values: ProfileFormValues,
  locale: Locale = DEFAULT_LOCALE,
): ProfileCheck {
  const { messages, schema: profileSchema } = inLocale(locale);
  const fields: Record<string, { value: unknown }> = {};
  const errors: FieldErrors = {};
  for (const key of Object.keys(profileSchema.shape) as (keyof Shape)[]) {
    const result = z.safeParse(profileSchema.shape[key], values[key]);
    if (result.success) fields[key] = { value: result.data };
    else errors[key] = result.error.issues[0]?.message;
  }
  Object.assign(errors, crossFieldErrors(fields as FieldsOnTheirOwn, messages));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = z.safeParse(profileSchema, values);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error) };
}
