/**
 * A signed-in person's request from a contractor listing (Get Free Quote,
 * Contact, Schedule Consultation): a quote request for that contractor and
 * service, which appears on their dashboard as Pending. It is taken like
 * every other lead (submitLead): spam checks, form key, validation, rate
 * limit. Nothing is typed, so the minimum fill time does not apply.
 */
import * as z from "zod/mini";
import { MESSAGES } from "./lead-schema";
import type { LeadContext, LeadForm } from "./leads.server";

/** The request's words, by the intent its button sends (a Map: the intent is the sender's). */
const LISTING_INTENTS = new Map([
  ["quote", "Requested a free quote"],
  ["contact", "Asked to be contacted"],
  ["consultation", "Asked to schedule a consultation"],
] as const);
export type ListingIntent = "quote" | "contact" | "consultation";

const LISTING_REQUEST_MESSAGE = MESSAGES.listingRequest;

const listingRequestSchema = z.object({
  intent: z.enum(["quote", "contact", "consultation"], { error: LISTING_REQUEST_MESSAGE }),
  contractorId: z
    .string({ error: LISTING_REQUEST_MESSAGE })
    .check(
      z.regex(/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/, { error: LISTING_REQUEST_MESSAGE }),
    ),
});
type ListingRequest = z.output<typeof listingRequestSchema>;

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
  toLead(data, context) {
    const { account, userId, contractorId, service, citySlug } = listingContext(context);
    return {
      name: account.name,
      email: account.email,
      service,
      citySlug,
      details: `${LISTING_INTENTS.get(data.intent) ?? ""} from the contractor listing.`,
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
