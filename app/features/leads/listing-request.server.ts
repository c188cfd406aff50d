/**
 * A signed-in person's request from a contractor listing (Get Free Quote,
 * Contact, Schedule Consultation): a quote request for that contractor and
 * service, which appears on their dashboard as Pending.
 */
import type { SessionUser } from "~/features/auth/session.server";
import type { AppServices } from "~/lib/app-context.server";
import { CONSENT_TEXT } from "~/site";
import { storeLead } from "./leads.server";

export const LISTING_INTENTS = {
  quote: "Requested a free quote",
  contact: "Asked to be contacted",
  consultation: "Asked to schedule a consultation",
} as const;
export type ListingIntent = keyof typeof LISTING_INTENTS;

export function isListingIntent(value: unknown): value is ListingIntent {
  return typeof value === "string" && value in LISTING_INTENTS;
}

export async function createListingRequest(
  services: AppServices,
  input: {
    user: SessionUser;
    contractorId: string;
    service: string;
    citySlug: string;
    intent: ListingIntent;
  },
) {
  const day = new Date().toISOString().slice(0, 10);
  return storeLead(services, {
    source: "listing",
    name: input.user.name,
    email: input.user.email,
    service: input.service,
    citySlug: input.citySlug,
    details: `${LISTING_INTENTS[input.intent]} from the contractor listing.`,
    preferredContact: "email",
    consentText: CONSENT_TEXT,
    consentAt: new Date(),
    userId: input.user.id,
    contractorId: input.contractorId,
    // A double click (or the same request again today) is one request.
    idempotencyKey: `listing:${input.user.id}:${input.contractorId}:${input.service}:${input.intent}:${day}`,
  });
}
