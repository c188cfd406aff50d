/**
 * A pro's quote for a request sent to a business they own: a fixed price or
 * a range in the currency of the request's country, what it includes, a start
 * window, how long it holds, a message. One per business and request, sent
 * again to change it until the homeowner hires (states.ts: quote).
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { requestLinkSecret } from "~/features/leads/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { outboxJobs, quotes, requestPros, type Currency } from "../../../database/schema";
import { clockOf } from "./delivery";
import { composeQuoteEmail } from "./homeowner-emails.server";
import { type Delivery } from "./requests.server";
import { lockOwnPart } from "./pro-steps.server";
import { stepPro } from "./states";
import { refuseIfSuspended } from "./unavailable.server";

/** $10 million: more is a typo, not a home or business job (and fits the column). */
const MAX_AMOUNT_CENTS = 1_000_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "1,250", "1250.50", "$1,250": a whole amount in cents, or NaN. In French,
 * "1 250,50 $" too: spaces group thousands and a comma before the last one or
 * two digits is the decimal point ("4,500" stays four thousand five hundred).
 */
function cents(text: string, locale: Locale): number {
  let cleaned = text.replace(/[$\s]/g, "");
  if (locale === "fr") cleaned = cleaned.replace(/,(\d{1,2})$/, ".$1");
  cleaned = cleaned.replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

/** What an amount's checks say, one set for each amount the form asks for. */
interface AmountMessages {
  missing: MessageDescriptor;
  notANumber: MessageDescriptor;
  notPositive: MessageDescriptor;
  tooLarge: MessageDescriptor;
}

const PRICE_MESSAGES: AmountMessages = {
  missing: msg`Enter the price.`,
  notANumber: msg`Enter the price as a number, like 4,500.`,
  notPositive: msg`The price must be more than 0.`,
  tooLarge: msg`The price looks too large.`,
};

const HIGHEST_PRICE_MESSAGES: AmountMessages = {
  missing: msg`Enter the highest price.`,
  notANumber: msg`Enter the highest price as a number, like 4,500.`,
  notPositive: msg`The highest price must be more than 0.`,
  tooLarge: msg`The highest price looks too large.`,
};

function amount(i18n: I18n, locale: Locale, messages: AmountMessages) {
  return (
    z
      .string()
      .trim()
      .min(1, i18n._(messages.missing))
      .transform((text) => cents(text, locale))
      // Each check stops at the first that fails: one message per field.
      .refine((value) => Number.isFinite(value), {
        message: i18n._(messages.notANumber),
        abort: true,
      })
      .refine((value) => value > 0, { message: i18n._(messages.notPositive), abort: true })
      .refine((value) => value <= MAX_AMOUNT_CENTS, i18n._(messages.tooLarge))
  );
}

const isoDate = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), message);

/** What the quote form sends, checked field by field, with messages in the page's language. */
function schemaFor(locale: Locale) {
  const i18n = i18nFor(locale);
  const highest = amount(i18n, locale, HIGHEST_PRICE_MESSAGES);
  return z
    .object({
      kind: z.enum(["fixed", "range"], {
        message: i18n._(msg`Choose a fixed price or a range.`),
      }),
      min: amount(i18n, locale, PRICE_MESSAGES),
      max: z.string().trim().optional(),
      included: z
        .string()
        .trim()
        .min(10, i18n._(msg`Say what the price includes (at least 10 characters).`))
        .max(2000, i18n._(msg`Keep what is included under 2,000 characters.`)),
      startFrom: isoDate(i18n._(msg`Enter the earliest start date.`)),
      startTo: isoDate(i18n._(msg`Enter the latest start date.`)),
      validDays: z.coerce
        .number({ message: i18n._(msg`Enter how many days the quote holds.`) })
        .int(i18n._(msg`Enter whole days.`))
        .min(1, i18n._(msg`A quote holds for at least 1 day.`))
        .max(180, i18n._(msg`A quote holds for at most 180 days.`)),
      message: z
        .string()
        .trim()
        .max(2000, i18n._(msg`Keep the message under 2,000 characters.`))
        .default(""),
    })
    .transform((input, context) => {
      let max = input.min;
      if (input.kind === "range") {
        const parsed = highest.safeParse(input.max ?? "");
        if (!parsed.success) {
          context.addIssue({
            code: "custom",
            path: ["max"],
            message: parsed.error.issues[0]?.message ?? i18n._(HIGHEST_PRICE_MESSAGES.missing),
          });
          return z.NEVER;
        }
        max = parsed.data;
        if (max < input.min) {
          context.addIssue({
            code: "custom",
            path: ["max"],
            message: i18n._(msg`The highest price must be at least the lowest.`),
          });
          return z.NEVER;
        }
      }
      if (input.startTo < input.startFrom) {
        context.addIssue({
          code: "custom",
          path: ["startTo"],
          message: i18n._(msg`The latest start date must be on or after the earliest.`),
        });
        return z.NEVER;
      }
      return { ...input, max };
    });
}

type QuoteSchema = ReturnType<typeof schemaFor>;
const schemas = new Map<Locale, QuoteSchema>();

/** The quote form's checks in a language (made once per language). */
export function quoteSchemaIn(locale: Locale): QuoteSchema {
  let schema = schemas.get(locale);
  if (!schema) {
    schema = schemaFor(locale);
    schemas.set(locale, schema);
  }
  return schema;
}

/** The checks in English (the operator's tools and the tests). */
export const quoteSchema = quoteSchemaIn(DEFAULT_LOCALE);

export type QuoteInput = z.input<typeof quoteSchema>;
export type Quote = z.output<typeof quoteSchema>;

/** The currency of a request: where the homeowner is. */
export function currencyOf(country: "US" | "CA" | null): Currency {
  return country === "CA" ? "CAD" : "USD";
}

/**
 * Saves the quote (new, or changed) for a request sent to a business the user
 * owns. Accepted first: a pro quotes on a request they took on.
 */
export async function saveQuote(
  db: Database,
  userId: string,
  leadId: string,
  contractorId: string,
  quote: Quote,
  delivery: Delivery,
  now = clockOf(delivery)(),
): Promise<void> {
  const secret = await requestLinkSecret(db);
  await db.transaction(async (tx) => {
    const row = await lockOwnPart(tx, leadId, contractorId, userId);
    // A suspended business quotes nothing new, nor changes a quote (ProSuspended).
    await refuseIfSuspended(tx, contractorId);
    const next = stepPro(row.state, "quote");
    const values = {
      currency: currencyOf(row.request.country),
      minCents: quote.min,
      maxCents: quote.max,
      included: quote.included,
      startFrom: quote.startFrom,
      startTo: quote.startTo,
      validUntil: new Date(now.getTime() + quote.validDays * DAY_MS).toISOString().slice(0, 10),
      message: quote.message,
      updatedAt: now,
    };
    await tx
      .insert(quotes)
      .values({ leadId, contractorId, ...values })
      .onConflictDoUpdate({ target: [quotes.leadId, quotes.contractorId], set: values });
    const { email } = row.request;
    if (email) {
      await tx.insert(outboxJobs).values({
        leadId,
        kind: "quote_email",
        status: delivery.emailStatus,
        payload: composeQuoteEmail(
          { ...row.request, email },
          { name: row.businessName },
          values,
          row.state === "quoted",
          delivery.mail,
          { secret, now },
          now,
        ),
      });
    }
    // Last: the step changes the business's inbox counts (decision 026), whose
    // row stays locked until the commit; other quotes to it wait only that long.
    await tx
      .update(requestPros)
      .set({ state: next, updatedAt: now })
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)));
  });
}
