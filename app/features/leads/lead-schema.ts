/**
 * The one validation schema of every lead form, used by the browser (as the
 * person types, after a first submit) and by the server (always). zod/mini
 * keeps it small enough for the browser.
 */
import * as z from "zod/mini";
import { CALLBACK_WINDOWS, CONTACT_METHODS } from "../../../database/enums";
import { ALL_SERVICE_SLUGS, CATEGORY_SLUGS } from "../../site";
import { isUsOrCanadianPhone, toE164 } from "./phone";
import { MAX_DETAILS_LENGTH } from "./lead-limits";
import { LISTING_REQUEST_MESSAGE } from "./labels";
import { hasControlCharacters } from "./plain-text";
import { parsePostalCode } from "./postal-code";

export { MAX_DETAILS_LENGTH };

export const MESSAGES = {
  nameRequired: "Please enter your name.",
  nameShort: "Please enter at least 2 characters for your name.",
  nameLong: "Please keep your name to 100 characters or fewer.",
  nameCharacters:
    "Please type your name again: it holds characters we can't store (such as invisible control characters).",
  email: "Please enter a valid email address, like name@example.com.",
  phone: "Please enter a US or Canadian phone number with area code, like (303) 555-0147.",
  postalCode: "Please enter a US ZIP code (like 80202) or a Canadian postal code (like M5V 2T6).",
  service: "Please choose the kind of project.",
  detailsRequired: "Please tell us a little about your project.",
  detailsLong: `Please keep the details to ${MAX_DETAILS_LENGTH.toLocaleString("en-US")} characters or fewer.`,
  detailsCharacters:
    "Please type the details again: they hold characters we can't store (such as invisible control characters).",
  preferredContact: "Please choose how we should contact you.",
  preferredTime: "Please choose a time for the call.",
  consent: "Please tick the box to agree to be contacted about your request.",
  citySlug: "Please choose a city.",
  listingRequest: LISTING_REQUEST_MESSAGE,
} as const;

const name = z.string({ error: MESSAGES.nameRequired }).check(
  z.trim(),
  z.minLength(1, { error: MESSAGES.nameRequired, abort: true }),
  z.minLength(2, { error: MESSAGES.nameShort, abort: true }),
  z.maxLength(100, { error: MESSAGES.nameLong, abort: true }),
  z.refine((value) => !hasControlCharacters(value), { error: MESSAGES.nameCharacters }),
);

/** Free text keeps its lines (tab, line feed, carriage return), nothing else invisible. */
const printableDetails = z.refine<string>(
  (value) => !hasControlCharacters(value, { multiLine: true }),
  {
    error: MESSAGES.detailsCharacters,
  },
);

const email = z.pipe(
  z
    .string({ error: MESSAGES.email })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: MESSAGES.email })),
  z.email({ error: MESSAGES.email }),
);

const phone = z.pipe(
  z.string({ error: MESSAGES.phone }).check(
    z.trim(),
    z.refine((value) => isUsOrCanadianPhone(value), { error: MESSAGES.phone }),
  ),
  z.transform(toE164),
);

const postalCode = z.pipe(
  z.string({ error: MESSAGES.postalCode }).check(
    z.trim(),
    z.refine((value) => parsePostalCode(value) !== null, { error: MESSAGES.postalCode }),
  ),
  z.transform((value) => {
    const parsed = parsePostalCode(value);
    return parsed ? parsed.code : value;
  }),
);

const requiredDetails = z
  .string({ error: MESSAGES.detailsRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.detailsRequired, abort: true }),
    z.maxLength(MAX_DETAILS_LENGTH, { error: MESSAGES.detailsLong, abort: true }),
    printableDetails,
  );

/** Optional free text: an empty field becomes undefined. */
const optionalDetails = z.pipe(
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(MAX_DETAILS_LENGTH, { error: MESSAGES.detailsLong, abort: true }),
        printableDetails,
      ),
  ),
  z.transform((value) => (value ? value : undefined)),
);

const category = z.enum(CATEGORY_SLUGS, { error: MESSAGES.service });
const anyService = z.enum([...CATEGORY_SLUGS, ...ALL_SERVICE_SLUGS], { error: MESSAGES.service });

const preferredContact = z._default(
  z.enum(CONTACT_METHODS, { error: MESSAGES.preferredContact }),
  "phone",
);
const preferredTime = z.enum(CALLBACK_WINDOWS, { error: MESSAGES.preferredTime });

/** A ticked checkbox sends "on"; an unticked one sends nothing. */
const consent = z.literal("on", { error: MESSAGES.consent });

const citySlug = z
  .string({ error: MESSAGES.citySlug })
  .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/, { error: MESSAGES.citySlug }));

/** Home page "Get Your Quote" (spec §2 Home). */
export const quoteRequestSchema = z.object({
  name,
  email,
  phone,
  service: category,
  postalCode,
  details: requiredDetails,
  preferredContact,
  consent,
});

/** City page "Request a Free Consultation" (spec §2 City page). */
export const consultationSchema = z.object({
  name,
  email,
  phone,
  service: anyService,
  citySlug,
  details: optionalDetails,
  preferredContact,
  consent,
});

/** Home page "Schedule a Call". */
export const callbackSchema = z.object({ name, phone, preferredTime, consent });

/** Dashboard "New Project". */
export const projectRequestSchema = z.object({
  name,
  email,
  phone,
  service: anyService,
  postalCode,
  details: requiredDetails,
  preferredContact,
  consent,
});

/** The forms by name, for the browser, which loads this module when a form is first used. */
export const LEAD_SCHEMAS = {
  quote: quoteRequestSchema,
  consultation: consultationSchema,
  callback: callbackSchema,
  project: projectRequestSchema,
} as const;
export type LeadFormName = keyof typeof LEAD_SCHEMAS;

export type QuoteRequest = z.output<typeof quoteRequestSchema>;
export type ConsultationRequest = z.output<typeof consultationSchema>;
export type CallbackRequest = z.output<typeof callbackSchema>;
export type ProjectRequest = z.output<typeof projectRequestSchema>;

export type LeadFormSchema =
  | typeof quoteRequestSchema
  | typeof consultationSchema
  | typeof callbackSchema
  | typeof projectRequestSchema;

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field that failed. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Checks a form's fields; the field errors, empty when all is well. */
export function checkLeadForm(name: LeadFormName, values: Record<string, string>): FieldErrors {
  const result = z.safeParse(LEAD_SCHEMAS[name], values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * Form fields as plain strings (files and repeated keys are ignored; the
 * first of each name counts). Field names are the sender's: they are kept in
 * a Map, so that "constructor" or "__proto__" is a name like any other.
 */
export function formValues(form: FormData): Record<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of form) {
    if (typeof value === "string" && !values.has(key)) values.set(key, value);
  }
  return Object.fromEntries(values);
}
