/**
 * The business profile form (join and edit): what it takes, checked field by
 * field with a message in plain words for each. Pure and small, as
 * lead-schema.ts: the form imports its limits. Places are checked here for
 * their shape only; profiles.server.ts resolves them against the gazetteer
 * and the licence region against the served states and provinces.
 */
import * as z from "zod/mini";
import { ALL_SERVICE_SLUGS, CATEGORY_SLUGS, SERVICE_SLUGS } from "~/site";
import { fieldErrors, type FieldErrors } from "~/features/leads/lead-schema";
import { isUsOrCanadianPhone, toE164 } from "~/features/leads/phone";
import { hasControlCharacters } from "~/features/leads/plain-text";
import { MAX_PLACE_QUERY_LENGTH } from "~/features/places/place-query";

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

export const PROFILE_MESSAGES = {
  nameRequired: "Please enter your business's name.",
  nameLength: `Please enter a business name of ${L.nameMin.toString()} to ${L.nameMax.toString()} characters.`,
  characters:
    "Please type this again: it holds characters we can't store (such as invisible control characters).",
  categories: "Please tick at least one trade you work in.",
  choice: "Please choose from the list.",
  serviceOutsideTrades:
    "Each service you tick must be in a trade you ticked: tick its trade too, or untick the service.",
  serviceArea:
    "Please list at least one city you serve, or give a base city and how far you travel from it.",
  placeLength: `Please keep each city to ${L.placeLength.toString()} characters or fewer, one city a line.`,
  placeCount: `Please list at most ${L.places.toString()} cities. For a wider area, give a base city and a distance.`,
  basePlaceMissing: "Please enter the city you work from, like Denver, CO.",
  radius: `Please enter how far you travel as a whole number from ${L.radiusMin.toString()} to ${L.radiusMax.toString()}.`,
  radiusMissing: "Please enter how far from your base city you travel.",
  licenceNumber: `Please keep the licence number to ${L.licenceNumberMax.toString()} characters or fewer.`,
  licenceNumberMissing: "Please enter the licence number, or leave the issuer empty.",
  licenceRegion: "Please choose the state or province that issued your licence.",
  insurance: `Please keep the insurer's name to ${L.insuranceMax.toString()} characters or fewer.`,
  description: `Please keep the description to ${L.descriptionMax.toLocaleString("en-US")} characters or fewer.`,
  years: `Please enter the years in business as a whole number from 0 to ${L.yearsMax.toString()}.`,
  hours: `Please keep the hours to ${L.hoursMax.toString()} characters or fewer.`,
  phone: "Please enter a US or Canadian phone number with area code, like (303) 555-0147.",
  phoneToShow: "Please enter a phone number to show it, or untick “Show my phone on my profile”.",
  email: "Please enter the business's email address, like office@example.com.",
  address: `Please keep the address to ${L.addressMax.toString()} characters or fewer.`,
  addressToShow: "Please enter an address to show it, or untick “Show my address on my profile”.",
} as const;

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

const singleLine = z.refine<string>((value) => !hasControlCharacters(value), {
  error: PROFILE_MESSAGES.characters,
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
  .string({ error: PROFILE_MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: PROFILE_MESSAGES.nameRequired, abort: true }),
    z.minLength(L.nameMin, { error: PROFILE_MESSAGES.nameLength, abort: true }),
    z.maxLength(L.nameMax, { error: PROFILE_MESSAGES.nameLength, abort: true }),
    singleLine,
  );

/** The places typed in one field: one a line (or separated by ";"), like "Denver, CO". */
export function placeLines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const places = z.pipe(
  z.optional(z.string()),
  z
    .pipe(
      z.transform(placeLines),
      z.array(
        z
          .string()
          .check(
            z.maxLength(L.placeLength, { error: PROFILE_MESSAGES.placeLength, abort: true }),
            singleLine,
          ),
      ),
    )
    .check(z.maxLength(L.places, { error: PROFILE_MESSAGES.placeCount })),
);

const phone = z.pipe(
  z.optional(
    z.string({ error: PROFILE_MESSAGES.phone }).check(
      z.trim(),
      z.refine((value) => value === "" || isUsOrCanadianPhone(value), {
        error: PROFILE_MESSAGES.phone,
      }),
    ),
  ),
  z.transform((value) => (value ? toE164(value) : undefined)),
);

const email = z.pipe(
  z
    .string({ error: PROFILE_MESSAGES.email })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: PROFILE_MESSAGES.email })),
  z.email({ error: PROFILE_MESSAGES.email }),
);

const description = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(L.descriptionMax, { error: PROFILE_MESSAGES.description, abort: true }),
      z.refine((value) => !hasControlCharacters(value, { multiLine: true }), {
        error: PROFILE_MESSAGES.characters,
      }),
    ),
  ),
  z.transform((value) => value ?? ""),
);

const licenceRegion = z.pipe(
  z.optional(
    z.string({ error: PROFILE_MESSAGES.licenceRegion }).check(
      z.trim(),
      z.toUpperCase(),
      z.refine((value) => value === "" || /^[A-Z]{2}$/.test(value), {
        error: PROFILE_MESSAGES.licenceRegion,
      }),
    ),
  ),
  z.transform((value) => value || undefined),
);

export const profileSchema = z.object({
  name,
  categories: z._default(
    z
      .array(z.enum(CATEGORY_SLUGS, { error: PROFILE_MESSAGES.choice }))
      .check(z.minLength(1, { error: PROFILE_MESSAGES.categories })),
    [],
  ),
  services: z._default(z.array(z.enum(ALL_SERVICE_SLUGS, { error: PROFILE_MESSAGES.choice })), []),
  places,
  basePlace: optionalLine(L.placeLength, PROFILE_MESSAGES.placeLength),
  radius: optionalWhole(L.radiusMin, L.radiusMax, PROFILE_MESSAGES.radius),
  licenceNumber: optionalLine(L.licenceNumberMax, PROFILE_MESSAGES.licenceNumber),
  licenceRegion,
  insuranceCarrier: optionalLine(L.insuranceMax, PROFILE_MESSAGES.insurance),
  description,
  yearsInBusiness: optionalWhole(0, L.yearsMax, PROFILE_MESSAGES.years),
  hours: optionalLine(L.hoursMax, PROFILE_MESSAGES.hours),
  phone,
  email,
  address: optionalLine(L.addressMax, PROFILE_MESSAGES.address),
  showPhone: ticked,
  showEmail: ticked,
  showAddress: ticked,
});

export type ProfileFields = z.output<typeof profileSchema>;

type Shape = typeof profileSchema.shape;
/** Each field that is right on its own, with its value (a wrong one is absent). */
type FieldsOnTheirOwn = { [K in keyof Shape]?: { value: z.output<Shape[K]> } };

/**
 * The rules between fields, for the fields that are right on their own, so
 * that one answer carries every message (a wrong name does not hide a
 * missing service area).
 */
function crossFieldErrors(fields: FieldsOnTheirOwn): FieldErrors {
  const errors: FieldErrors = {};
  const { categories, services, places, basePlace, radius, licenceNumber, licenceRegion } = fields;
  if (categories && services) {
    const trades = new Set<string>(categories.value);
    const inTrades = (service: string) =>
      CATEGORY_SLUGS.some(
        (category) =>
          trades.has(category) && (SERVICE_SLUGS[category] as readonly string[]).includes(service),
      );
    if (!services.value.every(inTrades)) errors.services = PROFILE_MESSAGES.serviceOutsideTrades;
  }
  if (basePlace && radius) {
    if (basePlace.value && radius.value === undefined) {
      errors.radius = PROFILE_MESSAGES.radiusMissing;
    }
    if (!basePlace.value && radius.value !== undefined) {
      errors.basePlace = PROFILE_MESSAGES.basePlaceMissing;
    }
    if (places?.value.length === 0 && !basePlace.value && radius.value === undefined) {
      errors.places = PROFILE_MESSAGES.serviceArea;
    }
  }
  if (licenceNumber && licenceRegion) {
    if (licenceNumber.value && !licenceRegion.value) {
      errors.licenceRegion = PROFILE_MESSAGES.licenceRegion;
    }
    if (!licenceNumber.value && licenceRegion.value) {
      errors.licenceNumber = PROFILE_MESSAGES.licenceNumberMissing;
    }
  }
  if (fields.showPhone?.value && fields.phone && !fields.phone.value) {
    errors.phone = PROFILE_MESSAGES.phoneToShow;
  }
  if (fields.showAddress?.value && fields.address && !fields.address.value) {
    errors.address = PROFILE_MESSAGES.addressToShow;
  }
  return errors;
}

export type ProfileCheck = { ok: true; data: ProfileFields } | { ok: false; errors: FieldErrors };

/** Every field checked: the profile, or the first message of each field that is wrong. */
export function checkProfileForm(values: ProfileFormValues): ProfileCheck {
  const fields: Record<string, { value: unknown }> = {};
  const errors: FieldErrors = {};
  for (const key of Object.keys(profileSchema.shape) as (keyof Shape)[]) {
    const result = z.safeParse(profileSchema.shape[key], values[key]);
    if (result.success) fields[key] = { value: result.data };
    else errors[key] = result.error.issues[0]?.message;
  }
  Object.assign(errors, crossFieldErrors(fields as FieldsOnTheirOwn));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = z.safeParse(profileSchema, values);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error) };
}
