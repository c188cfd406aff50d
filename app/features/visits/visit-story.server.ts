/**
 * A visit with what its emails and calendars say about it (issue 34), read
 * in one query: the request and its homeowner (in their language), the
 * business, and where the request stands for that business, which decides
 * what the pro may see of the homeowner (contact-rule.ts, issue 42).
 */
import { and, eq, sql } from "drizzle-orm";
import { homeownerEmail, homeownerLocale, pageLink } from "~/features/marketplace/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import type { MailSettings } from "~/lib/mail/email";
import {
  contractors,
  leads,
  requestPros,
  threads,
  visitOptions,
  visits,
  type ContactMethod,
  type LeadStatus,
  type ProState,
  type VisitCause,
  type VisitSide,
  type VisitTold,
} from "../../../database/schema";

/** Everything a visit's emails and calendars say, read in the change's transaction. */
export interface VisitStory {
  id: string;
  leadId: string;
  state: (typeof visits.$inferSelect)["state"];
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string;
  address: string | null;
  sequence: number;
  reason: string | null;
  changedBy: VisitSide | null;
  cause: VisitCause | null;
  told: VisitTold;
  updatedAt: Date;
  options: Date[];
  request: {
    id: string;
    name: string;
    /** Where the homeowner's emails go: the request's address, else their account's. */
    email: string | null;
    /** The homeowner's language: their account's once one has the request, else the request's. */
    locale: Locale;
    service: string | null;
    citySlug: string | null;
    postalCode: string | null;
    status: LeadStatus;
    preferredContact: ContactMethod | null;
  };
  /** The business's part in the request: what its pro may see of the homeowner. */
  part: { state: ProState; everAccepted: boolean; sharedInThread: boolean };
  business: { id: string; name: string; email: string; showEmail: boolean; locale: Locale };
}

/** The columns a VisitStory is read from (visits joined as `storyQuery` joins them). */
export const STORY_COLUMNS = {
  id: visits.id,
  leadId: visits.leadId,
  state: visits.state,
  startsAt: visits.startsAt,
  endsAt: visits.endsAt,
  timeZone: visits.timeZone,
  address: visits.address,
  sequence: visits.sequence,
  reason: visits.reason,
  changedBy: visits.changedBy,
  cause: visits.cause,
  told: visits.told,
  updatedAt: visits.updatedAt,
  requestName: leads.name,
  requestEmail: homeownerEmail,
  requestLocale: homeownerLocale,
  requestStatus: leads.status,
  preferredContact: leads.preferredContact,
  service: leads.service,
  citySlug: leads.citySlug,
  postalCode: leads.postalCode,
  partState: requestPros.state,
  acceptedAt: requestPros.acceptedAt,
  sharedAt: sql<Date | null>`${threads.contactSharedAt}`,
  businessId: contractors.id,
  businessName: contractors.name,
  businessEmail: contractors.email,
  businessShowEmail: contractors.showEmail,
  businessLocale: contractors.locale,
  /** Whose visit it is: the homeowner's account, the business's owner (feeds read them). */
  homeownerId: leads.userId,
  ownerId: contractors.ownerId,
};

/** The visits with the rows a story reads, as STORY_COLUMNS (add the `where`). */
export function storyQuery(db: Database | Transaction) {
  return db
    .select(STORY_COLUMNS)
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .innerJoin(contractors, eq(contractors.id, visits.contractorId))
    .innerJoin(
      requestPros,
      and(eq(requestPros.leadId, visits.leadId), eq(requestPros.contractorId, visits.contractorId)),
    )
    .leftJoin(
      threads,
      and(eq(threads.leadId, visits.leadId), eq(threads.contractorId, visits.contractorId)),
    );
}

type StoryRow = Awaited<ReturnType<typeof storyQuery>>[number];

/** A row of STORY_COLUMNS as a story, with the proposed times. */
export function storyOf(row: StoryRow, options: Date[] = []): VisitStory {
  return {
    id: row.id,
    leadId: row.leadId,
    state: row.state,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    address: row.address,
    sequence: row.sequence,
    reason: row.reason,
    changedBy: row.changedBy,
    cause: row.cause,
    told: row.told,
    updatedAt: row.updatedAt,
    options,
    request: {
      id: row.leadId,
      name: row.requestName,
      email: row.requestEmail,
      locale: row.requestLocale,
      service: row.service,
      citySlug: row.citySlug,
      postalCode: row.postalCode,
      status: row.requestStatus,
      preferredContact: row.preferredContact,
    },
    part: {
      state: row.partState,
      everAccepted: row.acceptedAt !== null,
      sharedInThread: row.sharedAt !== null,
    },
    business: {
      id: row.businessId,
      name: row.businessName,
      email: row.businessEmail,
      showEmail: row.businessShowEmail,
      locale: row.businessLocale,
    },
  };
}

/** The visit with its request and business (the notices and the reminders read it). */
export async function visitStory(
  tx: Database | Transaction,
  visitId: string,
): Promise<VisitStory | undefined> {
  const [row] = await storyQuery(tx).where(eq(visits.id, visitId));
  if (!row) return undefined;
  const options = await tx
    .select({ startsAt: visitOptions.startsAt })
    .from(visitOptions)
    .where(eq(visitOptions.visitId, visitId))
    .orderBy(visitOptions.startsAt);
  return storyOf(
    row,
    options.map((option) => option.startsAt),
  );
}

/** The visit's page, in the recipient's language. */
export const visitLink = (visitId: string, locale: Locale, mail: MailSettings): string =>
  pageLink(`/visits/${visitId}`, locale, mail);
