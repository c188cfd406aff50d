/**
 * A signed-in person's request from a contractor listing (Get Free Quote,
 * Contact, Schedule Consultation): a quote request for that contractor and
 * service, which appears on their dashboard as Pending. It is taken like
 * every other lead (submitLead): spam checks, form key, validation, rate
 * limit. Nothing is typed, so the minimum fill time does not apply.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "zod/mini";
import { translate } from "~/lib/i18n.server";
import { leadMessages } from "./lead-schema";
import type { LeadContext, LeadForm } from "./leads.server";

export type ListingIntent = "quote" | "contact" | "consultation";

/**
 * The request's words, stored as its details in the language of the page it
 * was sent from, by the intent its button sends.
 */
const LISTING_DETAILS: Record<ListingIntent, MessageDescriptor> = {
  quote: msg`Requested a free quote from the contractor listing.`,
  contact: msg`Asked to be contacted from the contractor listing.`,
  consultation: msg`Asked to schedule a consultation from the contractor listing.`,
};

function buildSchema(message: string) {
  return z.object({
    intent: z.enum(["quote", "contact", "consultation"], { error: message }),
    contractorId: z
      .string({ error: message })
      .check(z.regex(/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/, { error: message })),
  });
}
type ListingRequestSchema = ReturnType<typeof buildSchema>;
type ListingRequest = z.output<ListingRequestSchema>;

const schemasMade = new WeakMap<I18n, ListingRequestSchema>();

/** The schema, its message in i18n's language (made once per language). */
function listingRequestSchema(i18n: I18n): ListingRequestSchema {
  let schema = schemasMade.get(i18n);
  if (!schema) {
    schema = buildSchema(leadMessages(i18n).listingRequest);
    schemasMade.set(i18n, schema);
  }
  return schema;
}

function listingContext(context: LeadContext) {
  const { account, userId, contractorId, service, citySlug } = context;
  if (!account || !userId || !contractorId || !service || !citySlug) {
    throw new Error("a listing request needs the account, contractor, service and city");
  }
  return { account, userId, contractorId, service, citySlug };
}

export const LISTING_LEAD: LeadForm<ListingRequest> = {
  source: "listing",
  schema: listingRequestSchema,
  typed: false,
  toLead(data, context, locale) {
    const { account, userId, contractorId, service, citySlug } = listingContext(context);
    return {
      name: account.name,
      email: account.email,
      service,
      citySlug,
      details: translate(locale, LISTING_DETAILS[data.intent]),
      preferredContact: "email",
      userId,
      contractorId,
      // The pro it was pressed on is ticked on the next page; nothing is sent
      // before the homeowner agrees to the consent line that names it.
      status: "draft",
    };
  },
  // A double click (or the same request again today) is one request.
  idempotencyKey(data, context) {
    const { userId, contractorId, service } = listingContext(context);
    const day = new Date().toISOString().slice(0, 10);
    return `listing:${userId}:${contractorId}:${service}:${data.intent}:${day}`;
  },
};
