/**
 * A pro's report of a review, written straight into the table (the console's
 * tests of the queue and its decisions). Plain on purpose (no app module
 * beyond the schema): the browser tests use it too.
 */
import type { Database } from "~/lib/db.server";
import { reviewReports } from "../../database/schema";

/** A waiting report of `reviewId` ("abusive", no note, no reporter unless given). */
export async function insertReviewReport(
  db: Database,
  reviewId: string,
  overrides: Partial<Omit<typeof reviewReports.$inferInsert, "reviewId">> = {},
): Promise<number> {
  const [row] = await db
    .insert(reviewReports)
    .values({ reviewId, reason: "abusive", ...overrides })
    .returning({ id: reviewReports.id });
  if (!row) throw new Error("the report was not stored");
  return row.id;
}
