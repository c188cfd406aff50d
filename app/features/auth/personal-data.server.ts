/**
 * A person's rights over their data (US state privacy laws, PIPEDA): a copy
 * of everything we hold about them, and deletion of the account with all its
 * requests. Deletion is immediate; the foreign keys cascade to the requests,
 * their queued deliveries and the sessions.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { leads, outboxJobs, sessions, users } from "../../../database/schema";

export async function exportPersonalData(db: Database, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      provider: users.provider,
      createdAt: users.createdAt,
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
  return {
    exportedAt: new Date().toISOString(),
    account,
    requests: requests.map(({ idempotencyKey: _key, ...request }) => request),
    sessions: signIns,
  };
}

export async function deleteAccount(db: Database, userId: string): Promise<{ requests: number }> {
  return db.transaction(async (tx) => {
    const requests = await tx.select({ id: leads.id }).from(leads).where(eq(leads.userId, userId));
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
