/**
 * A person's rights over their data (US state privacy laws, PIPEDA): a copy
 * of everything we hold about them, and deletion of the account with all its
 * requests. Deletion is immediate; the foreign keys cascade to the requests,
 * their queued deliveries, the pros' parts and quotes in them, their photos
 * and site visits, the sessions, claims and calendar feeds; a business the
 * person owned stays listed, unowned.
 * The operator's console makes the same copy and the same deletion.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import {
  businessClaims,
  calendarFeeds,
  contractors,
  emailOptOuts,
  leads,
  messages,
  outboxJobs,
  photos,
  quotes,
  requestPros,
  reviews,
  reviewVersions,
  sessions,
  users,
  visits,
} from "../../../database/schema";

/** A transaction of `db` (what deleteAccount's `alongside` step runs in). */
export type { Transaction };

/** A photo's facts, without the image itself. */
const photoFacts = {
  id: photos.id,
  leadId: photos.leadId,
  contractorId: photos.contractorId,
  position: photos.position,
  width: photos.width,
  height: photos.height,
  caption: photos.caption,
  createdAt: photos.createdAt,
};

/** A site visit's facts (issue 34); the address only where it is the person's own. */
const visitFacts = {
  id: visits.id,
  leadId: visits.leadId,
  contractorId: visits.contractorId,
  state: visits.state,
  startsAt: visits.startsAt,
  endsAt: visits.endsAt,
  timeZone: visits.timeZone,
  reason: visits.reason,
  createdBy: visits.createdBy,
  createdAt: visits.createdAt,
  updatedAt: visits.updatedAt,
};

/** What the person's requests hold besides themselves: the pros chosen, their quotes, the photos, the visits. */
async function requestParts(db: Database, leadIds: string[]) {
  if (leadIds.length === 0) return { pros: [], received: [], pictures: [], booked: [] };
  const [pros, received, pictures, booked] = await Promise.all([
    db
      .select({
        leadId: requestPros.leadId,
        contractorId: requestPros.contractorId,
        business: contractors.name,
        state: requestPros.state,
        consentText: requestPros.consentText,
        consentVersion: requestPros.consentVersion,
        consentAt: requestPros.consentAt,
        clientAddress: requestPros.clientAddress,
        userAgent: requestPros.userAgent,
        viewedAt: requestPros.viewedAt,
        acceptedAt: requestPros.acceptedAt,
      })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .where(inArray(requestPros.leadId, leadIds))
      .orderBy(asc(requestPros.consentAt)),
    db.select().from(quotes).where(inArray(quotes.leadId, leadIds)).orderBy(asc(quotes.createdAt)),
    db.select(photoFacts).from(photos).where(inArray(photos.leadId, leadIds)),
    db
      .select({ ...visitFacts, business: contractors.name, address: visits.address })
      .from(visits)
      .innerJoin(contractors, eq(contractors.id, visits.contractorId))
      .where(inArray(visits.leadId, leadIds))
      .orderBy(asc(visits.createdAt), asc(visits.id)),
  ]);
  return { pros, received, pictures, booked };
}

/**
 * The businesses the person owns: their profiles, past-work photos, the
 * quotes they sent and their visits (without the homeowners' addresses).
 */
async function ownedBusinesses(db: Database, userId: string) {
  const owned = await db
    .select()
    .from(contractors)
    .where(eq(contractors.ownerId, userId))
    .orderBy(asc(contractors.createdAt));
  const ids = owned.map((business) => business.id);
  if (ids.length === 0) return [];
  const [sent, pictures, booked] = await Promise.all([
    db.select().from(quotes).where(inArray(quotes.contractorId, ids)),
    db.select(photoFacts).from(photos).where(inArray(photos.contractorId, ids)),
    db
      .select(visitFacts)
      .from(visits)
      .where(inArray(visits.contractorId, ids))
      .orderBy(asc(visits.createdAt), asc(visits.id)),
  ]);
  return owned.map((business) => ({
    ...business,
    photos: pictures.filter((photo) => photo.contractorId === business.id),
    quotesSent: sent.filter((quote) => quote.contractorId === business.id),
    visits: booked.filter((visit) => visit.contractorId === business.id),
  }));
}

export async function exportPersonalData(db: Database, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      provider: users.provider,
      role: users.role,
      locale: users.locale,
      demo: users.demo,
      createdAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const requests = await db
    .select()
    .from(leads)
    .where(eq(leads.userId, userId))
    .orderBy(asc(leads.createdAt));
  const signIns = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const claims = await db
    .select({
      contractorId: businessClaims.contractorId,
      attempts: businessClaims.attempts,
      createdAt: businessClaims.createdAt,
      expiresAt: businessClaims.expiresAt,
    })
    .from(businessClaims)
    .where(eq(businessClaims.userId, userId));
  const parts = await requestParts(
    db,
    requests.map((request) => request.id),
  );
  const written = await db
    .select({
      id: messages.id,
      threadId: messages.threadId,
      side: messages.side,
      body: messages.body,
      createdAt: messages.createdAt,
      removedAt: messages.removedAt,
    })
    .from(messages)
    .where(eq(messages.authorId, userId))
    .orderBy(asc(messages.id));
  // Their reviews, with every earlier version (a review's text is theirs, even removed).
  const reviewed = await db
    .select({
      id: reviews.id,
      leadId: reviews.leadId,
      contractorId: reviews.contractorId,
      authorName: reviews.authorName,
      stars: reviews.stars,
      body: reviews.body,
      jobMonth: reviews.jobMonth,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      reply: reviews.replyBody,
      removedAt: reviews.removedAt,
      removedReason: reviews.removedReason,
    })
    .from(reviews)
    .where(eq(reviews.authorId, userId))
    .orderBy(asc(reviews.createdAt));
  const versions =
    reviewed.length === 0
      ? []
      : await db
          .select({
            reviewId: reviewVersions.reviewId,
            stars: reviewVersions.stars,
            body: reviewVersions.body,
            writtenAt: reviewVersions.writtenAt,
            replacedAt: reviewVersions.replacedAt,
          })
          .from(reviewVersions)
          .where(
            inArray(
              reviewVersions.reviewId,
              reviewed.map((review) => review.id),
            ),
          )
          .orderBy(asc(reviewVersions.id));
  // The feeds' dates (and the business of a business's feed) only: the address (its token)
  // would be a key to the visits.
  const feeds = await db
    .select({
      businessId: calendarFeeds.contractorId,
      createdAt: calendarFeeds.createdAt,
      revokedAt: calendarFeeds.revokedAt,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .orderBy(asc(calendarFeeds.createdAt));
  const optOuts = await db
    .select({ kind: emailOptOuts.kind, since: emailOptOuts.createdAt })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account,
    requests: requests.map(({ idempotencyKey: _key, ...request }) => ({
      ...request,
      pros: parts.pros.filter((pro) => pro.leadId === request.id),
      quotes: parts.received.filter((quote) => quote.leadId === request.id),
      photos: parts.pictures.filter((photo) => photo.leadId === request.id),
      visits: parts.booked.filter((visit) => visit.leadId === request.id),
    })),
    sessions: signIns,
    businesses: await ownedBusinesses(db, userId),
    businessClaims: claims,
    messagesWritten: written,
    reviewsWritten: reviewed.map((review) => ({
      ...review,
      earlierVersions: versions
        .filter((version) => version.reviewId === review.id)
        .map(({ reviewId: _review, ...version }) => version),
    })),
    emailsTurnedOff: optOuts,
    calendarFeeds: feeds,
  };
}

/**
 * Deletes the account and everything that cascades from it, in one
 * transaction. `alongside` runs in that transaction before the delete (the
 * console locks and checks the person there and writes its audit row); if it
 * throws, nothing is deleted.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  alongside?: (tx: Transaction, found: { requests: number }) => Promise<void>,
): Promise<{ requests: number }> {
  return db.transaction(async (tx) => {
    const requests = await tx.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId));
    if (alongside) await alongside(tx, { requests: requests.length });
    // Deliveries of the requests go with them (cascade), so nothing is sent afterwards.
    await tx.delete(users).where(eq(users.id, userId));
    return { requests: requests.length };
  });
}

/** For tests and the operator: what is left of a person after deletion. */
export async function remainingPersonalRows(db: Database, userId: string, email: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const requests = await db.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId));
  const jobs = await db
    .select({ id: outboxJobs.id })
    .from(outboxJobs)
    .innerJoin(leads, eq(leads.id, outboxJobs.leadId))
    .where(eq(leads.userId, userId));
  const signIns = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return {
    user: user !== undefined,
    requests: requests.length,
    jobs: jobs.length,
    sessions: signIns.length,
  };
}
