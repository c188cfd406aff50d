/**
 * A fixed-window rate limit kept in the database, so that every app
 * instance on the same database shares each client's count.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rateLimits } from "../../../database/schema";
import type { Database } from "~/lib/db.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterS: number;
}

/** A stable, non-reversible key for a client address. */
export function clientKey(secret: string, address: string): string {
  return createHash("sha256").update(`${secret}:${address}`).digest("base64url").slice(0, 32);
}

export async function hitRateLimit(
  db: Database,
  key: string,
  options: { max: number; windowS: number },
): Promise<RateLimitResult> {
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
  return { allowed: row.count <= options.max, retryAfterS: row.retryAfterS };
}

/** Drops windows that ended long ago (called by the outbox worker's housekeeping). */
export async function pruneRateLimits(db: Database, olderThanS: number): Promise<void> {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${olderThanS})`);
}
