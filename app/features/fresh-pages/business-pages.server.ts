/**
 * The pages that show a business, by their keys (app/lib/cache-keys.ts):
 * read from its row, with the places it reaches by radius worked out by the
 * listings' own rule (placesInReach, decision 047). Unknown ids name nothing.
 */
import { eq, inArray } from "drizzle-orm";
import { placesInReach } from "~/features/places/index.server";
import { businessKeys, uniqueKeys, type BusinessChange } from "~/lib/cache-keys";
import type { Database } from "~/lib/db.server";
import { contractors, reviews } from "../../../database/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each id once, and only those that can be one. */
export const businessIdsOf = (ids: readonly (string | null | undefined)[]): string[] =>
  [...new Set(ids)].filter((id): id is string => !!id && UUID.test(id));

/**
 * The keys of the pages that show these businesses; with `change` "pause",
 * only those that show their pause (decision 047).
 */
export async function keysOfBusinesses(
  db: Database,
  businessIds: readonly (string | null | undefined)[],
  change: BusinessChange = "everything",
): Promise<string[]> {
  const ids = businessIdsOf(businessIds);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      slug: contractors.slug,
      citySlugs: contractors.citySlugs,
      categories: contractors.categories,
      basePlace: contractors.basePlace,
      serviceRadius: contractors.serviceRadius,
      radiusUnit: contractors.radiusUnit,
      country: contractors.country,
    })
    .from(contractors)
    .where(inArray(contractors.id, ids));
  const keys = await Promise.all(
    rows.map(async (row) => businessKeys(row, await placesInReach(row), change)),
  );
  return uniqueKeys(keys.flat());
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
