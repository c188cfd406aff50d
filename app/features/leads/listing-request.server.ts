/**
 * A signed-in person's request to one business from a contractor listing
 * (Get Free Quote, Contact, Schedule Consultation). Issue 43: the pro used to
 * read only "Requested a free quote from the contractor listing". Now the
 * card's button opens a request page that asks what the job is, as the home
 * form does: a service of the listing's trade (one the business offers), the
 * ZIP or postal code of the place, a short description, and the consent
 * every request form carries. It is sent as the account's name and email
 * and stored as a draft for that business, which is ticked in the choice
 * that follows; nothing reaches it before the homeowner agrees to the
 * consent line that names it. Taken like every other lead (submitLead): spam
 * checks, form key, the fill time (a person types here), validation, rate
 * limit, and one lead for a form sent twice (the form key and what was typed).
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as z from "zod/mini";
import { translate } from "~/lib/i18n.server";
import { leadMessages, leadSchemas } from "./lead-schema";
import type { LeadContext, LeadForm } from "./leads.server";
import { parsePostalCode } from "./postal-code";

/** What the card's buttons ask for (the request page's `kind`). */
export const LISTING_KINDS = ["quote", "contact", "consultation"] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export function isListingKind(value: unknown): value is ListingKind {
  return typeof value === "string" && (LISTING_KINDS as readonly string[]).includes(value);
}

/**
 * What was asked for, put before the person's own words in the request's
 * details, in the language of the page it was sent from.
 */
const LISTING_DETAILS: Record<ListingKind, MessageDescriptor> = {
  quote: msg`Requested a free quote from the contractor listing.`,
  contact: msg`Asked to be contacted from the contractor listing.`,
  consultation: msg`Asked to schedule a consultation from the contractor listing.`,
};

const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/;

/** The services a request to this business may name: its trade, and those of its services. */
export type ListingServices = readonly [string, ...string[]];

function listingSchema(i18n: I18n, services: ListingServices) {
  const messages = leadMessages(i18n);
  return z.extend(leadSchemas(i18n).listing, {
    kind: z.enum(LISTING_KINDS, { error: messages.listingRequest }),
    contractorId: z
      .string({ error: messages.listingRequest })
      .check(z.regex(UUID, { error: messages.listingRequest })),
    // Only what the page offered: a service of another trade would offer other pros.
    service: z.enum(services, { error: messages.service }),
  });
}

export type ListingRequest = z.output<ReturnType<typeof listingSchema>>;

function listingContext(context: LeadContext) {
  const { account, userId, contractorId, citySlug } = context;
  if (!account || !userId || !contractorId || !citySlug) {
    throw new Error("a listing request needs the account, contractor and city");
  }
  return { account, userId, contractorId, citySlug };
}

/** The listing's lead form for a business offering `services` (its trade's slug among them). */
export function listingLead(services: ListingServices): LeadForm<ListingRequest> {
  return {
    source: "listing",
    schema: (i18n) => listingSchema(i18n, services),
    typed: true,
    toLead(data, context, locale) {
      const { account, userId, contractorId, citySlug } = listingContext(context);
      const postal = parsePostalCode(data.postalCode);
      return {
        name: account.name,
        email: account.email,
        service: data.service,
        // The listing's city is where the business was found; the code says where the job is.
        citySlug,
        postalCode: postal?.code ?? null,
        country: postal?.country ?? null,
        details: `${translate(locale, LISTING_DETAILS[data.kind])}\n\n${data.details}`,
        preferredContact: "email",
        userId,
        contractorId,
        // The pro it was asked of is ticked on the next page; nothing is sent
        // before the homeowner agrees to the consent line that names it.
        status: "draft",
      };
    },
  };
}
