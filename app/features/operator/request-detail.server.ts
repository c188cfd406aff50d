/**
 * One request as the operator sees it: what was asked and by whom, the
 * request's consent, each business it was sent to with the proof of the
 * homeowner's consent to that business (TCPA) and its quote, and every
 * delivery the outbox made for it, oldest first; and its site visits.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type {
  CallbackWindow,
  ContactMethod,
  Currency,
  DeclineReason,
  LeadSource,
  LeadStatus,
  OutboxKind,
  OutboxStatus,
  ProState,
  VisitSide,
  VisitState,
} from "../../../database/enums";
import {
  contractors,
  leads,
  outboxJobs,
  photos,
  quotes,
  requestPros,
  visits,
} from "../../../database/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (when: Date | null) => (when ? when.toISOString() : null);

export interface RequestDetail {
  id: string;
  createdAt: string;
  source: LeadSource;
  status: LeadStatus;
  progress: number;
  title: string | null;
  service: string | null;
  citySlug: string | null;
  postalCode: string | null;
  country: "US" | "CA" | null;
  details: string | null;
  preferredContact: ContactMethod | null;
  preferredTime: CallbackWindow | null;
  scheduledFor: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  /** The homeowner's account; null when the request was sent without one. */
  userId: string | null;
  /** The business named on the listing the request came from, if any. */
  listingBusiness: { id: string; name: string } | null;
  /**
   * The first form's consent (TradeMatch's), with its proof: the version, the
   * address and browser it was given from (null on requests from before they
   * were stored).
   */
  consentText: string;
  consentAt: string;
  consentVersion: string | null;
  consentAddress: string | null;
  consentUserAgent: string | null;
  photoCount: number;
  pros: RequestProDetail[];
  deliveries: DeliveryRow[];
  visits: VisitRow[];
}

/** A site visit of the request (issue 34): its start in ISO, to be read in its zone (the job's). */
export interface VisitRow {
  id: string;
  contractorId: string;
  businessName: string;
  state: VisitState;
  startsAt: string | null;
  timeZone: string;
  createdBy: VisitSide;
  reason: string | null;
  sequence: number;
  createdAt: string;
}

export interface RequestProDetail {
  contractorId: string;
  businessName: string;
  state: ProState;
  declineReason: DeclineReason | null;
  viewedAt: string | null;
  acceptedAt: string | null;
  consent: {
    text: string;
    version: string;
    at: string;
    clientAddress: string;
    userAgent: string;
  };
  quote: { currency: Currency; minCents: number; maxCents: number; validUntil: string } | null;
}

export interface DeliveryRow {
  id: number;
  kind: OutboxKind;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
  lastError: string | null;
}

/** The request with this id, or null (an id that is not a uuid included). */
export async function requestDetail(db: Database, id: string): Promise<RequestDetail | null> {
  if (!UUID.test(id)) return null;
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  if (!lead) return null;
  const [pros, deliveries, photoCount, listing, visitRows] = await Promise.all([
    db
      .select({
        contractorId: requestPros.contractorId,
        businessName: contractors.name,
        state: requestPros.state,
        declineReason: requestPros.declineReason,
        viewedAt: requestPros.viewedAt,
        acceptedAt: requestPros.acceptedAt,
        consentText: requestPros.consentText,
        consentVersion: requestPros.consentVersion,
        consentAt: requestPros.consentAt,
        clientAddress: requestPros.clientAddress,
        userAgent: requestPros.userAgent,
        currency: quotes.currency,
        minCents: quotes.minCents,
        maxCents: quotes.maxCents,
        validUntil: quotes.validUntil,
      })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .leftJoin(
        quotes,
        and(
          eq(quotes.leadId, requestPros.leadId),
          eq(quotes.contractorId, requestPros.contractorId),
        ),
      )
      .where(eq(requestPros.leadId, id))
      .orderBy(asc(requestPros.consentAt), asc(contractors.name)),
    db
      .select({
        id: outboxJobs.id,
        kind: outboxJobs.kind,
        status: outboxJobs.status,
        attempts: outboxJobs.attempts,
        createdAt: outboxJobs.createdAt,
        sentAt: outboxJobs.sentAt,
        nextAttemptAt: outboxJobs.nextAttemptAt,
        lastError: outboxJobs.lastError,
      })
      .from(outboxJobs)
      .where(eq(outboxJobs.leadId, id))
      .orderBy(asc(outboxJobs.createdAt), asc(outboxJobs.id)),
    db.select({ n: count() }).from(photos).where(eq(photos.leadId, id)),
    lead.contractorId
      ? db
          .select({ id: contractors.id, name: contractors.name })
          .from(contractors)
          .where(eq(contractors.id, lead.contractorId))
      : Promise.resolve([]),
    db
      .select({
        id: visits.id,
        contractorId: visits.contractorId,
        businessName: contractors.name,
        state: visits.state,
        startsAt: visits.startsAt,
        timeZone: visits.timeZone,
        createdBy: visits.createdBy,
        reason: visits.reason,
        sequence: visits.sequence,
        createdAt: visits.createdAt,
      })
      .from(visits)
      .innerJoin(contractors, eq(contractors.id, visits.contractorId))
      .where(eq(visits.leadId, id))
      .orderBy(asc(visits.createdAt), asc(visits.id)),
  ]);
  return {
    id: lead.id,
    createdAt: lead.createdAt.toISOString(),
    source: lead.source,
    status: lead.status,
    progress: lead.progress,
    title: lead.title,
    service: lead.service,
    citySlug: lead.citySlug,
    postalCode: lead.postalCode,
    country: lead.country,
    details: lead.details,
    preferredContact: lead.preferredContact,
    preferredTime: lead.preferredTime,
    scheduledFor: iso(lead.scheduledFor),
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    userId: lead.userId,
    listingBusiness: listing[0] ?? null,
    consentText: lead.consentText,
    consentAt: lead.consentAt.toISOString(),
    consentVersion: lead.consentVersion,
    consentAddress: lead.consentAddress,
    consentUserAgent: lead.consentUserAgent,
    photoCount: photoCount[0]?.n ?? 0,
    pros: pros.map((pro) => ({
      contractorId: pro.contractorId,
      businessName: pro.businessName,
      state: pro.state,
      declineReason: pro.declineReason,
      viewedAt: iso(pro.viewedAt),
      acceptedAt: iso(pro.acceptedAt),
      consent: {
        text: pro.consentText,
        version: pro.consentVersion,
        at: pro.consentAt.toISOString(),
        clientAddress: pro.clientAddress,
        userAgent: pro.userAgent,
      },
      quote:
        pro.currency !== null &&
        pro.minCents !== null &&
        pro.maxCents !== null &&
        pro.validUntil !== null
          ? {
              currency: pro.currency,
              minCents: pro.minCents,
              maxCents: pro.maxCents,
              validUntil: pro.validUntil,
            }
          : null,
    })),
    deliveries: deliveries.map((job) => ({
      ...job,
      createdAt: job.createdAt.toISOString(),
      sentAt: iso(job.sentAt),
      nextAttemptAt: job.nextAttemptAt.toISOString(),
    })),
    visits: visitRows.map((visit) => ({
      ...visit,
      startsAt: iso(visit.startsAt),
      createdAt: visit.createdAt.toISOString(),
    })),
  };
}
