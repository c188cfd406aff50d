/**
 * A fixed-window rate limit kept in the database, so that every app
 * instance on the same database shares each client's count.
 *
 * Refusing must cost less than accepting: once the database has said no to a
 * client, this process remembers "blocked until the window ends" and refuses
 * that client's further posts from memory, with no round trip and no write
 * (a flood of refused posts would otherwise queue behind, and slow, every
 * other query). The database stays the source of truth: another instance
 * learns of the block on its own first refused post, and the memory never
 * outlives the window the database gave. It is bounded (MAX_BLOCKED clients
 * per database); when full, the oldest entry goes, which only costs that
 * client one more database round trip.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rateLimits } from "../../database/schema";
import type { Database } from "./db.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterS: number;
}

/** A stable, non-reversible key for a client address. */
export function clientKey(secret: string, address: string): string {
  return createHash("sha256").update(`${secret}:${address}`).digest("base64url").slice(0, 32);
}

/** Clients a process remembers as blocked, per database. */
export const MAX_BLOCKED = 10_000;

/** Per database (a test process may hold several): client key → blocked until (epoch ms). */
const blockedBy = new WeakMap<Database, Map<string, number>>();

function blockedUntil(db: Database, key: string, now: number): number | null {
  const blocked = blockedBy.get(db);
  const until = blocked?.get(key);
  if (until === undefined) return null;
  if (until > now) return until;
  blocked?.delete(key);
  return null;
}

function rememberBlocked(db: Database, key: string, until: number, now: number): void {
  let blocked = blockedBy.get(db);
  if (!blocked) {
    blocked = new Map();
    blockedBy.set(db, blocked);
  }
  if (blocked.size >= MAX_BLOCKED) {
    for (const [other, otherUntil] of blocked) if (otherUntil <= now) blocked.delete(other);
    // Still full: forget the oldest (Maps keep insertion order).
    const oldest = blocked.size >= MAX_BLOCKED ? blocked.keys().next() : undefined;
    if (oldest && !oldest.done) blocked.delete(oldest.value);
  }
  blocked.delete(key);
  blocked.set(key, until);
}

/**
 * Seconds this process knows a client must still wait (it was refused
 * before, in this window), or null: it may try. No database round trip.
 */
export function knownBlockFor(db: Database, key: string): number | null {
  const now = Date.now();
  const until = blockedUntil(db, key, now);
  return until === null ? null : Math.ceil((until - now) / 1000);
}

export async function hitRateLimit(
  db: Database,
  key: string,
  options: { max: number; windowS: number },
): Promise<RateLimitResult> {
  const known = knownBlockFor(db, key);
  if (known !== null) return { allowed: false, retryAfterS: known };
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${options.windowS})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterS: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${options.windowS}) - now()))))::int`,
    });
  if (!row) throw new Error("rate limit upsert returned nothing");
  const allowed = row.count <= options.max;
  if (!allowed) rememberBlocked(db, key, Date.now() + row.retryAfterS * 1000, Date.now());
  return { allowed, retryAfterS: row.retryAfterS };
}

/** Drops windows that ended long ago (called by the outbox worker's housekeeping). */
export async function pruneRateLimits(db: Database, olderThanS: number): Promise<void> {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${olderThanS})`);
}
