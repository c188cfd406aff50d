/**
 * Who may read a thread: its request's homeowner (the signed-in person the
 * request belongs to, or the browser that sent it without signing in,
 * decision 025) and the owner of its business. Anyone else, and any id that
 * is not one, finds nothing: null here, NotFound (404) from the steps.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { NotFound, type Owner } from "~/features/marketplace/index.server";
import { contractors, leads, threads, type ThreadSide } from "../../../database/schema";

export type { Owner, ThreadSide };

/** A thread the person may read, and the side they read it from. */
export interface ThreadAccess {
  threadId: string;
  side: ThreadSide;
  leadId: string;
  contractorId: string;
}

/** The signed-in person (their user id), or a browser-owned request's owner. */
export type Participant = string | Owner;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID.test(value);

/** The participant as an Owner, or null when its id is not one. */
export function asOwner(who: Participant): Owner | null {
  if (typeof who === "string") return isUuid(who) ? { userId: who } : null;
  if ("userId" in who) return isUuid(who.userId) ? who : null;
  return isUuid(who.browserLeadId) ? who : null;
}

/** The signed-in person's id, or null for a browser without an account. */
export const accountOf = (owner: Owner): string | null => ("userId" in owner ? owner.userId : null);

/** The 404 for a thread or message the person may not see (or that does not exist). */
export function threadNotFound(what = "conversation"): NotFound {
  const error = new NotFound();
  error.message = `We couldn't find that ${what}.`;
  return error;
}

/** The condition "the thread's request belongs to this owner" (leads joined). */
export function homeownerIs(owner: Owner) {
  return "userId" in owner
    ? eq(leads.userId, owner.userId)
    : and(eq(leads.id, owner.browserLeadId), isNull(leads.userId));
}

/**
 * The thread as `who` may read it, or null: not theirs, not a thread, or an
 * id that is not a UUID (never an error). Someone who is both the homeowner
 * and the business's owner reads it as the homeowner. A browser without an
 * account reads only its own request's threads, as the homeowner.
 */
export async function threadAccess(
  db: Database,
  who: Participant,
  threadId: string,
): Promise<ThreadAccess | null> {
  const owner = asOwner(who);
  if (!owner || !isUuid(threadId)) return null;
  const asHomeowner = homeownerIs(owner);
  const userId = accountOf(owner);
  const asPro = userId === null ? undefined : eq(contractors.ownerId, userId);
  const [row] = await db
    .select({
      threadId: threads.id,
      leadId: threads.leadId,
      contractorId: threads.contractorId,
      homeowner: sql<boolean>`coalesce(${asHomeowner}, false)`,
    })
    .from(threads)
    .innerJoin(leads, eq(leads.id, threads.leadId))
    .innerJoin(contractors, eq(contractors.id, threads.contractorId))
    .where(and(eq(threads.id, threadId), asPro ? or(asHomeowner, asPro) : asHomeowner));
  if (!row) return null;
  return {
    threadId: row.threadId,
    side: row.homeowner ? "homeowner" : "pro",
    leadId: row.leadId,
    contractorId: row.contractorId,
  };
}

/** threadAccess, or NotFound: for the steps and views. */
export async function requireThread(
  db: Database,
  who: Participant,
  threadId: string,
): Promise<ThreadAccess> {
  const access = await threadAccess(db, who, threadId);
  if (!access) throw threadNotFound();
  return access;
}
