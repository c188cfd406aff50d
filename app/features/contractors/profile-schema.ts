/**
 * The business profile form (join and edit): what it takes, checked field by
 * field with a message in plain words for each, in the page's language
 * (decision 030: one schema per language, made on first use). Pure and
 * small, as lead-schema.ts. Places are checked here for their shape only;
 * profiles.server.ts resolves them against the gazetteer and the licence
 * region against the served states and provinces. The limits and messages
 * are profile-messages.ts, the values as sent profile-values.ts.
 */
import * as z from "zod/mini";
import { fieldErrors, type FieldErrors } from "~/lib/field-errors";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/locales";
import { ALL_SERVICE_SLUGS, CATEGORY_SLUGS, SERVICE_SLUGS } from "~/site";
import { isUsOrCanadianPhone, toE164 } from "~/features/leads";
import { withoutControlCharacters } from "~/lib/text-checks";
import { PROFILE_LIMITS, profileMessages, type ProfileMessages } from "./profile-messages";
import { placeLines, type ProfileFormValues } from "./profile-values";

export type { FieldErrors };

const L = PROFILE_LIMITS;

/** The form's schema with its messages in one language. */
function schemaIn(m: ProfileMessages) {
  const singleLine = withoutControlCharacters(m.characters);

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
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(L.descriptionMax, { error: m.description, abort: true }),
          withoutControlCharacters(m.characters, { multiLine: true }),
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
    const messages = profileMessages(locale);
    made = { messages, schema: schemaIn(messages) };
    byLocale.set(locale, made);
  }
  return made;
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
