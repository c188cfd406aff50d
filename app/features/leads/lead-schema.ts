/**
 * The one validation schema of every lead form, used by the browser (as the
 * person types, after a first submit) and by the server (always). zod/mini
 * keeps it small enough for the browser. Its messages are in the page's
 * language: the schemas are made per language (leadSchemas), from the
 * instance the browser's page or the server's request gives.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "zod/mini";
import { fieldErrors, type FieldErrors } from "~/lib/field-errors";
import { i18nFor } from "~/lib/i18n";
import { DEFAULT_LOCALE, formatterCache, isLocale, type Locale } from "~/lib/locales";
import { CALLBACK_WINDOWS, CONTACT_METHODS } from "../../../database/enums";
import { ALL_SERVICE_SLUGS, CATEGORY_SLUGS } from "../../site";
import { isUsOrCanadianPhone, phoneExample, toE164 } from "./phone";
import { MAX_DETAILS_LENGTH } from "./lead-limits";
import { LISTING_REQUEST_ERROR } from "./labels";
import { withoutControlCharacters } from "~/lib/text-checks";
import { parsePostalCode } from "./postal-code";

export { MAX_DETAILS_LENGTH };

export { CONSENT_VERSION_FIELD } from "~/lib/consent-version";

/** Written in each language; `max` and `example` are filled in for it (leadMessages). */
const max = MAX_DETAILS_LENGTH;
const example = phoneExample(DEFAULT_LOCALE);

const DESCRIPTORS = {
  nameRequired: msg`Please enter your name.`,
  nameShort: msg`Please enter at least 2 characters for your name.`,
  nameLong: msg`Please keep your name to 100 characters or fewer.`,
  nameCharacters: msg`Please type your name again: it holds characters we can't store (such as invisible control characters).`,
  email: msg`Please enter a valid email address, like name@example.com.`,
  phone: msg`Please enter a US or Canadian phone number with area code, like ${example}.`,
  postalCode: msg`Please enter a US ZIP code (like 80202) or a Canadian postal code (like M5V 2T6).`,
  service: msg`Please choose the kind of project.`,
  detailsRequired: msg`Please tell us a little about your project.`,
  detailsLong: msg`Please keep the details to ${max} characters or fewer.`,
  detailsCharacters: msg`Please type the details again: they hold characters we can't store (such as invisible control characters).`,
  preferredContact: msg`Please choose how we should contact you.`,
  preferredTime: msg`Please choose a time for the call.`,
  consent: msg`Please tick the box to agree to be contacted about your request.`,
  citySlug: msg`Please choose a city.`,
  listingRequest: LISTING_REQUEST_ERROR,
} satisfies Record<string, MessageDescriptor>;

export type LeadMessageKey = keyof typeof DESCRIPTORS;
export type LeadMessages = Readonly<Record<LeadMessageKey, string>>;

const numbers = formatterCache((tag) => new Intl.NumberFormat(tag));

function localeOf(i18n: I18n): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

const messagesMade = new WeakMap<I18n, LeadMessages>();

/**
 * The form checks' messages in a language: the page's (the browser passes the
 * page's instance, the server `i18nFor(locale)` of the request's language).
 */
export function leadMessages(i18n: I18n): LeadMessages {
  let messages = messagesMade.get(i18n);
  if (!messages) {
    const locale = localeOf(i18n);
    const values = {
      max: numbers(locale).format(MAX_DETAILS_LENGTH),
      example: phoneExample(locale),
    };
    const say = (descriptor: MessageDescriptor) => {
      const filled: MessageDescriptor = {
        ...descriptor,
        values: { ...descriptor.values, ...values },
      };
      return i18n._(filled);
    };
    messages = Object.fromEntries(
      Object.entries(DESCRIPTORS).map(([key, descriptor]) => [key, say(descriptor)]),
    ) as LeadMessages;
    messagesMade.set(i18n, messages);
  }
  return messages;
}

/**
 * The messages in English (the tests, and code that stays English). Read
 * when used, not when this module loads: the server loads its catalogues
 * first.
 */
export const MESSAGES: LeadMessages = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.keys(DESCRIPTORS).map((key) => [
      key,
      {
        enumerable: true,
        get: () => leadMessages(i18nFor(DEFAULT_LOCALE))[key as LeadMessageKey],
      },
    ]),
  ),
) as LeadMessages;

/** Every lead form's schema, its messages in one language. */
function buildSchemas(messages: LeadMessages) {
  const name = z
    .string({ error: messages.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.nameRequired, abort: true }),
      z.minLength(2, { error: messages.nameShort, abort: true }),
      z.maxLength(100, { error: messages.nameLong, abort: true }),
      withoutControlCharacters(messages.nameCharacters),
    );

  /** Free text keeps its lines (tab, line feed, carriage return), nothing else invisible. */
  const printableDetails = withoutControlCharacters(messages.detailsCharacters, {
    multiLine: true,
  });

  const email = z.pipe(
    z
      .string({ error: messages.email })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: messages.email })),
    z.email({ error: messages.email }),
  );

  const phone = z.pipe(
    z.string({ error: messages.phone }).check(
      z.trim(),
      z.refine((value) => isUsOrCanadianPhone(value), { error: messages.phone }),
    ),
    z.transform(toE164),
  );

  const postalCode = z.pipe(
    z.string({ error: messages.postalCode }).check(
      z.trim(),
      z.refine((value) => parsePostalCode(value) !== null, { error: messages.postalCode }),
    ),
    z.transform((value) => {
      const parsed = parsePostalCode(value);
      return parsed ? parsed.code : value;
    }),
  );

  const requiredDetails = z
    .string({ error: messages.detailsRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.detailsRequired, abort: true }),
      z.maxLength(MAX_DETAILS_LENGTH, { error: messages.detailsLong, abort: true }),
      printableDetails,
    );

  /** Optional free text: an empty field becomes undefined. */
  const optionalDetails = z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(MAX_DETAILS_LENGTH, { error: messages.detailsLong, abort: true }),
          printableDetails,
        ),
    ),
    z.transform((value) => (value ? value : undefined)),
  );

  const category = z.enum(CATEGORY_SLUGS, { error: messages.service });
  const anyService = z.enum([...CATEGORY_SLUGS, ...ALL_SERVICE_SLUGS], {
    error: messages.service,
  });

  const preferredContact = z._default(
    z.enum(CONTACT_METHODS, { error: messages.preferredContact }),
    "phone",
  );
  const preferredTime = z.enum(CALLBACK_WINDOWS, { error: messages.preferredTime });

  /** A ticked checkbox sends "on"; an unticked one sends nothing. */
  const consent = z.literal("on", { error: messages.consent });

  const citySlug = z
    .string({ error: messages.citySlug })
    .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/, { error: messages.citySlug }));

  return {
    /** Home page "Get Your Quote" (spec §2 Home). */
    quote: z.object({
      name,
      email,
      phone,
      service: category,
      postalCode,
      details: requiredDetails,
      preferredContact,
      consent,
    }),
    /** City page "Request a Free Consultation" (spec §2 City page). */
    consultation: z.object({
      name,
      email,
      phone,
      service: anyService,
      citySlug,
      details: optionalDetails,
      preferredContact,
      consent,
    }),
    /** Home page "Schedule a Call". */
    callback: z.object({ name, phone, preferredTime, consent }),
    /**
     * A contractor listing's request to one business (issue 43): what the job
     * is, where, and the consent. The page's server adds the business, what
     * was asked for, and the services of its trade (listing-request.server.ts).
     */
    listing: z.object({ service: anyService, postalCode, details: requiredDetails, consent }),
    /** Dashboard "New Project". */
    project: z.object({
      name,
      email,
      phone,
      service: anyService,
      postalCode,
      details: requiredDetails,
      preferredContact,
      consent,
    }),
  };
}

type LeadSchemas = ReturnType<typeof buildSchemas>;

const schemasMade = new WeakMap<I18n, LeadSchemas>();

/**
 * The forms by name, their messages in a language (made once per language).
 * The browser loads this module when a form is first used, and checks with
 * the page's instance; the server with the request's language.
 */
export function leadSchemas(i18n: I18n): LeadSchemas {
  let schemas = schemasMade.get(i18n);
  if (!schemas) {
    schemas = buildSchemas(leadMessages(i18n));
    schemasMade.set(i18n, schemas);
  }
  return schemas;
}

export type LeadFormName = keyof LeadSchemas;

export type QuoteRequest = z.output<LeadSchemas["quote"]>;
export type ConsultationRequest = z.output<LeadSchemas["consultation"]>;
export type CallbackRequest = z.output<LeadSchemas["callback"]>;
export type ProjectRequest = z.output<LeadSchemas["project"]>;
export type ListingRequestFields = z.output<LeadSchemas["listing"]>;

export type LeadFormSchema = LeadSchemas[LeadFormName];

/** Checks a form's fields; the field errors (in i18n's language), empty when all is well. */
export function checkLeadForm(
  name: LeadFormName,
  values: Record<string, string>,
  i18n: I18n = i18nFor(DEFAULT_LOCALE),
): FieldErrors {
  const result = z.safeParse(leadSchemas(i18n)[name], values);
  return result.success ? {} : fieldErrors(result.error);
}

// The browser's checks read the form as the server does (one contract: app/lib/forms.ts).
export { formValues } from "~/lib/forms";
