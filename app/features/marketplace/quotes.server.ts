/**
 * A pro's quote for a request sent to a business they own: a fixed price or
 * a range in the currency of the request's country, what it includes, a start
 * window, how long it holds, a message. One per business and request, sent
 * again to change it until the homeowner hires (states.ts: quote).
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { outboxJobs, quotes, requestPros, type Currency } from "../../../database/schema";
import { composeQuoteEmail } from "./messages.server";
import { lockOwnPart, type Delivery } from "./requests.server";
import { stepPro } from "./states";
import { refuseIfSuspended } from "./unavailable.server";

/** $10 million: more is a typo, not a home or business job (and fits the column). */
const MAX_AMOUNT_CENTS = 1_000_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "1,250", "1250.50", "$1,250": a whole amount in cents, or NaN. */
function cents(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

const amount = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .transform((text) => cents(text))
    // Each check stops at the first that fails: one message per field.
    .refine((value) => Number.isFinite(value), {
      message: `Enter the ${label} as a number, like 4,500.`,
      abort: true,
    })
    .refine((value) => value > 0, { message: `The ${label} must be more than 0.`, abort: true })
    .refine((value) => value <= MAX_AMOUNT_CENTS, `The ${label} looks too large.`);

const isoDate = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), message);

/** What the quote form sends, checked field by field (messages for the person). */
export const quoteSchema = z
  .object({
    kind: z.enum(["fixed", "range"], { message: "Choose a fixed price or a range." }),
    min: amount("price"),
    max: z.string().trim().optional(),
    included: z
      .string()
      .trim()
      .min(10, "Say what the price includes (at least 10 characters).")
      .max(2000, "Keep what is included under 2,000 characters."),
    startFrom: isoDate("Enter the earliest start date."),
    startTo: isoDate("Enter the latest start date."),
    validDays: z.coerce
      .number({ message: "Enter how many days the quote holds." })
      .int("Enter whole days.")
      .min(1, "A quote holds for at least 1 day.")
      .max(180, "A quote holds for at most 180 days."),
    message: z.string().trim().max(2000, "Keep the message under 2,000 characters.").default(""),
  })
  .transform((input, context) => {
    let max = input.min;
    if (input.kind === "range") {
      const parsed = amount("highest price").safeParse(input.max ?? "");
      if (!parsed.success) {
        context.addIssue({
          code: "custom",
          path: ["max"],
          message: parsed.error.issues[0]?.message ?? "Enter the highest price.",
        });
        return z.NEVER;
      }
      max = parsed.data;
      if (max < input.min) {
        context.addIssue({
          code: "custom",
          path: ["max"],
          message: "The highest price must be at least the lowest.",
        });
        return z.NEVER;
      }
    }
    if (input.startTo < input.startFrom) {
      context.addIssue({
        code: "custom",
        path: ["startTo"],
        message: "The latest start date must be on or after the earliest.",
      });
      return z.NEVER;
    }
    return { ...input, max };
  });

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
  now = new Date(),
): Promise<void> {
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
