/**
 * Writes name the cached pages they make stale (issue 35, decision 041): a
 * route's action, once the write has committed, calls announceStale with
 * the pages' keys (app/lib/cache-keys.ts), and the message bus tells every
 * instance's page cache to drop them. The keys of a business are read from
 * its row (businessKeys); an edit that moves a business names the pages it
 * leaves and those it joins, its keys read before and after.
 */
import { eq, inArray } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { contractors, reviews } from "../../database/schema";
import { getServices } from "./app-context.server";
import { businessKeys, uniqueKeys } from "./cache-keys";
import type { Database } from "./db.server";
import type { Logger } from "pino";
import { carriesStalePages, type MessageBus } from "./message-bus.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The keys of the pages that show these businesses (unknown ids name nothing). */
export async function keysOfBusinesses(
  db: Database,
  businessIds: readonly (string | null | undefined)[],
): Promise<string[]> {
  const ids = [...new Set(businessIds)].filter((id): id is string => !!id && UUID.test(id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      slug: contractors.slug,
      citySlugs: contractors.citySlugs,
      categories: contractors.categories,
      basePlace: contractors.basePlace,
      serviceRadius: contractors.serviceRadius,
    })
    .from(contractors)
    .where(inArray(contractors.id, ids));
  return uniqueKeys(rows.flatMap(businessKeys));
}

/** The keys of the pages that show the businesses a person owns (read before they go). */
export async function keysOfOwnedBusinesses(db: Database, userId: string): Promise<string[]> {
  if (!UUID.test(userId)) return [];
  const rows = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(eq(contractors.ownerId, userId));
  return keysOfBusinesses(
    db,
    rows.map((row) => row.id),
  );
}

/** The keys of the pages that show the business a review is of. */
export async function keysOfReview(db: Database, reviewId: string): Promise<string[]> {
  if (!UUID.test(reviewId)) return [];
  const [row] = await db
    .select({ contractorId: reviews.contractorId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return keysOfBusinesses(db, [row?.contractorId]);
}

/**
 * Tells every instance that the pages carrying these keys are stale. Call it
 * after the write commits; it never throws (the pages then expire on their
 * own, within five minutes).
 */
export async function announceStale(
  context: Readonly<RouterContextProvider>,
  keys: readonly string[],
): Promise<void> {
  const { messageBus, logger } = getServices(context);
  if (keys.length === 0 || !carriesStalePages(messageBus)) return;
  try {
    await messageBus.publishStale(keys);
  } catch (error) {
    logger.warn({ err: error, keys }, "could not announce stale pages");
  }
}

/**
 * The pages of these businesses are stale: read their keys now (after the
 * write) and announce them with the keys read before it (`before`), if any.
 */
export function announceBusinesses(
  context: Readonly<RouterContextProvider>,
  businessIds: readonly (string | null | undefined)[],
  before: readonly string[] = [],
): Promise<void> {
  const { database, messageBus, logger } = getServices(context);
  return announceBusinessesOn(database.db, messageBus, logger, businessIds, before);
}

/**
 * The same for work outside a request (the outbox's jobs, housekeeping, a
 * command): announces the pages of these businesses on `bus`, logging
 * instead of throwing.
 */
export async function announceBusinessesOn(
  db: Database,
  bus: MessageBus,
  logger: Logger,
  businessIds: readonly (string | null | undefined)[],
  before: readonly string[] = [],
): Promise<void> {
  try {
    const keys = uniqueKeys([...before, ...(await keysOfBusinesses(db, businessIds))]);
    if (keys.length > 0 && carriesStalePages(bus)) await bus.publishStale(keys);
  } catch (error) {
    logger.warn({ err: error, businessIds }, "could not announce a business's stale pages");
  }
}
