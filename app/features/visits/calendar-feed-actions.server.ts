/**
 * The calendar feed's buttons (issue 34), for any page that shows the feed
 * section (the homeowner's schedule, a pro's): make the private link, make a
 * new one (the old one stops working), or turn it off. The person's own feed,
 * or a business's they own (the pro's schedule checks it): the user id is the
 * signed-in person's.
 */
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { liveFeedToken, renewFeed, revokeFeed, type FeedScope } from "./calendar-feeds.server";

export const FEED_INTENTS = ["create_feed", "renew_feed", "revoke_feed"] as const;
export type FeedIntent = (typeof FEED_INTENTS)[number];

/** The feed form's one field. */
export const feedSchema = z.object({ intent: z.enum(FEED_INTENTS) });

/** The page's sentence when the form names no known button. */
export const FEED_REFUSAL = msg`Choose one of the calendar link's buttons.`;

/** Whether a posted intent is one of the feed's (a page with other forms routes by it). */
export const isFeedIntent = (intent: unknown): intent is FeedIntent =>
  typeof intent === "string" && (FEED_INTENTS as readonly string[]).includes(intent);

/** PostgreSQL's unique_violation, from either driver (drizzle wraps the driver's error). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
    if (typeof e !== "object") break;
  }
  return false;
}

/**
 * Does what the button says. Making a link when one is live keeps that one
 * (a form sent twice makes no second link); a new link revokes the old one.
 * Two posts at once: the one live link per person (and per business) is the
 * database's rule, and the second post's link is the first one's.
 */
export async function feedAction(
  db: Database,
  scope: FeedScope,
  intent: FeedIntent,
  now: Date,
): Promise<void> {
  if (intent === "revoke_feed") {
    await revokeFeed(db, scope, now);
    return;
  }
  if (intent === "create_feed" && (await liveFeedToken(db, scope))) return;
  try {
    await renewFeed(db, scope, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}
