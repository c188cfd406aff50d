/**
 * A person's private calendar feed (issue 34): `/calendar/{token}.ics` lists
 * their visits, as a homeowner and as the owner of businesses, for Google,
 * Apple or Outlook to subscribe to; or one business's visits, for its owner
 * (the pro's schedule, issue 43). The token is the feed row's id and an
 * HMAC of it with the installation secret, so it needs no sign-in, the page
 * can show the address again, and the database holds nothing to replay.
 * Revoking marks the row; the old address then answers 404, and a new one
 * is a new row (one live feed per person, and one per business).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { installationSecret } from "~/features/notifications/index.server";
import type { Database } from "~/lib/db.server";
import { calendarFeeds } from "../../../database/schema";

const SIGNATURE_CHARS = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The id's 16 bytes in base64url (22) and the signature. */
const TOKEN = /^[A-Za-z0-9_-]{54}$/;

function sign(secret: string, feedId: string): string {
  return createHmac("sha256", secret)
    .update(`calendar-feed:${feedId}`)
    .digest("base64url")
    .slice(0, SIGNATURE_CHARS);
}

export function feedToken(secret: string, feedId: string): string {
  const id = Buffer.from(feedId.replaceAll("-", ""), "hex").toString("base64url");
  return `${id}${sign(secret, feedId)}`;
}

/** The feed id a token names when we signed it; null for anything else. */
export function readFeedToken(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const encoded = token.slice(0, -SIGNATURE_CHARS);
  const bytes = Buffer.from(encoded, "base64url");
  if (bytes.length !== 16 || bytes.toString("base64url") !== encoded) return null;
  const hex = bytes.toString("hex");
  const feedId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!UUID.test(feedId)) return null;
  const expected = Buffer.from(sign(secret, feedId));
  const actual = Buffer.from(token.slice(-SIGNATURE_CHARS));
  return timingSafeEqual(expected, actual) ? feedId : null;
}

/** The path of a feed's address. */
export const feedPath = (token: string): string => `/calendar/${token}.ics`;

/**
 * Whose feed: a person's own (`contractorId` null), or the business's that
 * person owns (its schedule's feed: that business's visits only, issue 43).
 */
export interface FeedScope {
  userId: string;
  contractorId: string | null;
}

/** The live row of a scope: the person's own, or the business's (one each). */
const liveOf = (scope: FeedScope) =>
  and(
    isNull(calendarFeeds.revokedAt),
    scope.contractorId === null
      ? and(eq(calendarFeeds.userId, scope.userId), isNull(calendarFeeds.contractorId))
      : eq(calendarFeeds.contractorId, scope.contractorId),
  );

/** The scope's live feed token, or null when it has none. */
export async function liveFeedToken(db: Database, scope: FeedScope): Promise<string | null> {
  const [feed] = await db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(liveOf(scope), eq(calendarFeeds.userId, scope.userId)));
  return feed ? feedToken(await installationSecret(db), feed.id) : null;
}

/**
 * A new feed address for the scope; the one before (if any) stops working.
 * A business's feed is its owner's: the caller checked the person owns it.
 */
export async function renewFeed(db: Database, scope: FeedScope, now: Date): Promise<string> {
  const id = await db.transaction(async (tx) => {
    await tx.update(calendarFeeds).set({ revokedAt: now }).where(liveOf(scope));
    const [row] = await tx
      .insert(calendarFeeds)
      .values({ userId: scope.userId, contractorId: scope.contractorId, createdAt: now })
      .returning({ id: calendarFeeds.id });
    if (!row) throw new Error("the feed was not stored");
    return row.id;
  });
  return feedToken(await installationSecret(db), id);
}

/** Stops the scope's feed address working. */
export async function revokeFeed(db: Database, scope: FeedScope, now: Date): Promise<void> {
  await db.update(calendarFeeds).set({ revokedAt: now }).where(liveOf(scope));
}

/** Whose a live feed's token is; null for a revoked, unknown or forged one. */
export async function feedOwner(db: Database, token: unknown): Promise<FeedScope | null> {
  const feedId = readFeedToken(await installationSecret(db), token);
  if (!feedId) return null;
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, contractorId: calendarFeeds.contractorId })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), isNull(calendarFeeds.revokedAt)));
  return feed ?? null;
}
