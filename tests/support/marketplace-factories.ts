/** Rows for the marketplace's data tests: people, businesses they own, requests. */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { proConsentText, type Actor, type Delivery } from "~/features/marketplace/requests.server";
import type { QuoteInput } from "~/features/marketplace/quotes.server";
import {
  contractors,
  leads,
  requestPros,
  users,
  type ContactMethod,
  type LeadStatus,
} from "../../database/schema";

export async function createPerson(db: Database, name = "Jordan Lee"): Promise<Actor> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    email: `${id}@example.com`,
    name,
    provider: "test",
    subject: id,
  });
  return { userId: id, clientAddress: "203.0.113.9", userAgent: "Mozilla/5.0 (test)" };
}

export async function createBusiness(
  db: Database,
  owner: Actor | null,
  name = `Summit Ridge ${randomUUID().slice(0, 6)}`,
): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  await db.insert(contractors).values({
    id,
    slug: `business-${id}`,
    name,
    description: "Roof repair and replacement.",
    rating: 0,
    reviewCount: 0,
    features: [],
    phone: "+13035550147",
    email: `office-${id}@example.com`,
    address: "1200 Larimer St, Denver, CO",
    gallery: [],
    categories: ["roofing"],
    citySlugs: ["denver-co"],
    isSample: false,
    ownerId: owner?.userId ?? null,
  });
  return { id, name };
}

export async function createRequest(
  db: Database,
  homeowner: Actor,
  overrides: {
    status?: LeadStatus;
    country?: "US" | "CA";
    /** How the homeowner allowed pros to reach them (null: any way). */
    preferredContact?: ContactMethod | null;
    /** The homeowner's name, email and phone on the request. */
    name?: string;
    email?: string;
    phone?: string;
  } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(leads).values({
    id,
    source: "dashboard",
    name: overrides.name ?? "Jordan Lee",
    email: overrides.email ?? "jordan@example.com",
    phone: overrides.phone ?? "+13035550100",
    service: "roof-repair",
    citySlug: "denver-co",
    postalCode: "80202",
    country: overrides.country ?? "US",
    details: "Shingles blew off in the storm.",
    preferredContact: overrides.preferredContact ?? null,
    consentText: "I agree…",
    consentAt: new Date(),
    userId: homeowner.userId,
    status: overrides.status ?? "draft",
    idempotencyKey: randomUUID(),
  });
  return id;
}

/** The consent line for these businesses, as the form shows it once they are ticked. */
export const consentFor = (...businesses: { name: string }[]) =>
  proConsentText(businesses.map((business) => business.name));

export async function partOf(db: Database, leadId: string, contractorId: string) {
  const [part] = await db
    .select()
    .from(requestPros)
    .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)));
  return part;
}

export async function requestRow(db: Database, leadId: string) {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row;
}

export function quoteInput(overrides: Partial<QuoteInput> = {}): QuoteInput {
  return {
    kind: "range",
    min: "4,500",
    max: "6,000",
    included: "Tear-off, underlayment, architectural shingles, clean-up.",
    startFrom: "2026-12-07",
    startTo: "2026-12-18",
    validDays: "30", // what a form sends: text
    message: "We can inspect on Monday.",
    ...overrides,
  };
}

/** Emails composed for a site at this address, held in the outbox (no SMTP in tests). */
export const delivery: Delivery = {
  mail: {
    from: "TradeMatch <no-reply@trade-match.example>",
    businessInbox: "leads@trade-match.example",
    siteUrl: "https://trade-match.example",
  },
  emailStatus: "held",
};

/** The error a step was refused with; fails the test if the step was allowed. */
export async function refused(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error("it was allowed");
}

/**
 * A request from a new homeowner, sent to a new business owned by a new pro,
 * which accepted it (a site visit may be booked): the three ids and people.
 */
export async function acceptedRequest(
  db: Database,
  options: {
    business?: { id: string; name: string };
    pro?: Actor;
    /** What the request says of the homeowner (createRequest's overrides). */
    request?: Omit<NonNullable<Parameters<typeof createRequest>[2]>, "status">;
  } = {},
) {
  const homeowner = await createPerson(db, options.request?.name ?? "Jordan Lee");
  const pro = options.pro ?? (await createPerson(db, "Pat Summit"));
  const business = options.business ?? (await createBusiness(db, pro));
  const leadId = await createRequest(db, homeowner, { ...options.request, status: "sent" });
  const now = new Date();
  await db.insert(requestPros).values({
    leadId,
    contractorId: business.id,
    state: "accepted",
    consentText: consentFor(business),
    consentVersion: "pros-2026-12",
    consentAt: now,
    clientAddress: homeowner.clientAddress,
    userAgent: homeowner.userAgent,
    acceptedAt: now,
    respondedAt: now,
  });
  return { homeowner, pro, business, leadId };
}
