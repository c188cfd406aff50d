/**
 * Taking a lead. `submitLead` is the one way in, for every form that makes a
 * lead (the home quote and call-back forms, the city consultation, the
 * dashboard's New Project, a contractor listing's requests): spam checks, a
 * form key, validation, the shared rate limit, then the lead and its delivery
 * jobs in one atomic statement. The caller answers the person only after this
 * resolves, so a success means the lead is committed.
 *
 * Refusals are cheap: the spam checks, the form key and validation touch no
 * database, and a client already over its limit is refused from memory
 * (rate-limit.server.ts).
 */
import { createHash } from "node:crypto";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "zod/mini";
import type { AppServices } from "~/lib/app-context.server";
import { i18nFor, translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { CONSENT_MESSAGE } from "~/lib/site-labels";
import { CONSENT_VERSION } from "~/site";
import type { CallbackWindow, ContactMethod } from "../../../database/enums";
import type { LeadSource } from "../../../database/schema";
import { verifyFormKey } from "./form-key.server";
import { fieldErrors, type FieldErrors } from "~/lib/field-errors";
import { CONSENT_VERSION_FIELD, formValues } from "./lead-schema";
import type { LeadRow } from "./lead-row";
import { storeLead, type NewLead } from "./lead-store.server";
import { phoneCountry } from "./phone";
import { parsePostalCode } from "./postal-code";
import { clientKey, hitRateLimit, knownBlockFor } from "~/lib/rate-limit.server";

/** The hidden field bots fill in and people never see. */
export const HONEYPOT_FIELD = "company";
/** Fields echoed back to the form after an error (never the meta fields). */
const META_FIELDS = new Set([HONEYPOT_FIELD, "intent", CONSENT_VERSION_FIELD]);

/** The form showed another consent text than the one in force (a page opened before it changed). */
const CONSENT_CHANGED = msg`The consent text has changed since this page was opened. Please read it and tick the box again.`;

/**
 * What a refusal keeps of the post: what was typed, and when the form was
 * first served (the valid form key's issue time), which the answer's new key
 * carries on so the fill time is not counted again (form-key.server.ts).
 */
interface Refused {
  values: Record<string, string>;
  /** Absent when the post had no valid key: the answer's key then starts the count. */
  servedAt?: number;
}

export type SubmitOutcome =
  | { status: "created" | "duplicate"; leadId: string; lead: LeadRow }
  | ({ status: "invalid"; errors: FieldErrors } & Refused)
  /**
   * No valid form key (no cookie, or not ours), or sent back sooner than a
   * person fills a form in: nothing stored; the answer keeps what was typed and
   * carries a key, so the same form sent again once the fill time is over is taken.
   */
  | ({ status: "send_again"; errors: FieldErrors } & Refused)
  | ({ status: "rate_limited"; retryAfterS: number } & Refused)
  /** Honeypot: answered like a success, nothing stored. */
  | { status: "ignored" };

/** What the request itself tells about the lead: the signed-in person, the contractor, the city. */
export interface LeadContext {
  userId?: string;
  contractorId?: string;
  citySlug?: string;
  /** The signed-in person's own name and email (a listing request is sent as them). */
  account?: { name: string; email: string };
}

/** A lead's columns that come from the form and the request (the rest is filled in here). */
export type LeadFields = Omit<
  NewLead,
  | "source"
  | "idempotencyKey"
  | "consentText"
  | "consentAt"
  | "consentVersion"
  | "consentAddress"
  | "consentUserAgent"
  | "id"
  | "createdAt"
>;

/** One kind of lead form: what it takes, and how what it takes becomes a lead. */
export interface LeadForm<T> {
  source: LeadSource;
  /** The form's schema, its messages in i18n's language. */
  schema(i18n: I18n): z.ZodMiniType<T>;
  /**
   * A person types into it, so the minimum fill time applies. A listing's
   * one-click request (signed in, nothing to type) is not timed.
   */
  typed: boolean;
  /**
   * A signed-in sender's request is their account's at once (My Projects),
   * as well as the browser's. The call-back form is a request to us, not a
   * project; the forms whose route passes the account say so themselves.
   */
  signedInOwns?: boolean;
  /** `locale`: the language of the page it was sent from, for any words the lead is given. */
  toLead(data: T, context: LeadContext, locale: Locale): LeadFields;
  /** The idempotency key, when it is not the form key with what was typed. */
  idempotencyKey?(data: T, context: LeadContext): string;
}

export interface SubmitInput<T> {
  services: AppServices;
  /** Where the request came from, and its User-Agent: stored as the proof of consent. */
  clientAddress: string;
  userAgent: string;
  leadForm: LeadForm<T>;
  form: FormData;
  /** The request's form key (its cookie), when it has one. */
  formKey?: string;
  context?: LeadContext;
  /**
   * The language of the page the form was sent from (English unless said):
   * its messages, the consent text stored (the one the page showed), and the
   * homeowner's confirmation email.
   */
  locale?: Locale;
}

/** The fields of the forms people type into, as their schemas give them. */
export interface TypedFields {
  name: string;
  email?: string;
  phone?: string;
  service?: string;
  postalCode?: string;
  citySlug?: string;
  details?: string;
  preferredContact?: ContactMethod;
  preferredTime?: CallbackWindow;
}

/** A typed form's fields as a lead; the request's city wins over the form's. */
export function typedLead(data: TypedFields, context: LeadContext): LeadFields {
  const postal = data.postalCode ? parsePostalCode(data.postalCode) : null;
  return {
    name: data.name,
    email: data.email ?? null,
    phone: data.phone ?? null,
    service: data.service ?? null,
    citySlug: context.citySlug ?? data.citySlug ?? null,
    postalCode: postal?.code ?? null,
    country: postal?.country ?? (data.phone ? phoneCountry(data.phone) : null),
    details: data.details ?? null,
    preferredContact: data.preferredContact ?? null,
    preferredTime: data.preferredTime ?? null,
    userId: context.userId ?? null,
    contractorId: context.contractorId ?? null,
  };
}
function echo(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !META_FIELDS.has(key)));
}

/** What the person typed, to put back in the form after an error. */
export function echoFormValues(form: FormData): Record<string, string> {
  return echo(formValues(form));
}

/** A digest of what the person typed, field by field. */
function contentDigest(values: Record<string, string>): string {
  const content = JSON.stringify(echo(values), Object.keys(values).sort());
  return createHash("sha256").update(content).digest("base64url");
}

/**
 * The same request sent again with the same form key (a double click, a
 * retry after a dropped answer) is one lead. The key alone is not enough: two
 * people can hold the same key, if a shared cache replays the cookie that
 * carries it, and a person whose answer was lost may send again with a
 * correction. Either way the second request differs, and is a lead of its own
 * rather than lost.
 */
function formKeyKey(source: string, keyId: string, values: Record<string, string>): string {
  return `k:${source}:${keyId}:${contentDigest(values)}`;
}

/** The rate limit's key for a client's leads. */
function leadLimitKey(secret: string, clientAddress: string): string {
  return `lead:${clientKey(secret, clientAddress)}`;
}

/**
 * Seconds a client this process has already refused must still wait before
 * sending a lead, or null. Answered from memory (rate-limit.server.ts).
 */
export function leadBlockFor(services: AppServices, clientAddress: string): number | null {
  return knownBlockFor(services.database.db, leadLimitKey(services.secret, clientAddress));
}

export async function submitLead<T>(input: SubmitInput<T>): Promise<SubmitOutcome> {
  const { services, leadForm, form } = input;
  const { source } = leadForm;
  const context = input.context ?? {};
  const { env, database, logger, secret } = services;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const values = formValues(form);

  // Spam checks first: they need no database.
  if (values[HONEYPOT_FIELD]) {
    logger.info({ source, reason: "honeypot" }, "lead ignored as spam");
    return { status: "ignored" };
  }
  const formKey = verifyFormKey(secret, input.formKey);
  const tooFast =
    formKey !== null && leadForm.typed && Date.now() - formKey.issuedAt < env.FORM_MIN_FILL_MS;

  const parsed = z.safeParse(leadForm.schema(i18nFor(locale)), values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (!formKey || tooFast) {
    // No cookie (or not ours), or faster than a person types: nothing is
    // stored, and the answer sets a fresh key, so the same form sent again
    // after the fill time is taken. A bot learns nothing it could not learn by
    // waiting; a person (autofill is fast) loses nothing. Their mistakes are
    // shown at the same time.
    logger.info({ source, reason: formKey ? "too fast" : "no form key" }, "lead refused");
    return { status: "send_again", errors, values: echo(values), servedAt: formKey?.issuedAt };
  }
  const servedAt = formKey.issuedAt;
  if (!parsed.success) return { status: "invalid", errors, values: echo(values), servedAt };
  // The text stored is ours, never the browser's: a form that showed an older
  // one (no field at all: a form with no box of its own, like a listing's) is
  // asked again, with the text in force beside the box.
  const shown = values[CONSENT_VERSION_FIELD];
  if (shown !== undefined && shown !== CONSENT_VERSION) {
    const consent = translate(locale, CONSENT_CHANGED);
    // The box comes back unticked: what was agreed to was another text.
    const { consent: _agreedToTheOldText, ...kept } = echo(values);
    return { status: "invalid", errors: { consent }, values: kept, servedAt };
  }

  const limit = await hitRateLimit(database.db, leadLimitKey(secret, input.clientAddress), {
    max: env.RATE_LIMIT_MAX,
    windowS: env.RATE_LIMIT_WINDOW_S,
  });
  if (!limit.allowed) {
    logger.warn({ source, retryAfterS: limit.retryAfterS }, "lead rate limited");
    return {
      status: "rate_limited",
      retryAfterS: limit.retryAfterS,
      values: echo(values),
      servedAt,
    };
  }

  const fields = leadForm.toLead(parsed.data, context, locale);
  const row = {
    ...fields,
    source,
    locale,
    // Exactly what the form showed beside the box (ConsentField), in its
    // language, with its version and where it was given from (PRODUCT.md).
    consentText: translate(locale, CONSENT_MESSAGE),
    consentVersion: CONSENT_VERSION,
    consentAt: new Date(),
    consentAddress: input.clientAddress,
    consentUserAgent: input.userAgent,
    idempotencyKey:
      leadForm.idempotencyKey?.(parsed.data, context) ?? formKeyKey(source, formKey.id, values),
  } satisfies NewLead;

  const outcome = await storeLead(services, row);
  return { status: outcome.status, leadId: outcome.lead.id, lead: outcome.lead };
}
