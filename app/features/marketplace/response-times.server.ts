/**
 * How quickly each business answers requests, for the published order
 * (ranking.ts): the median of responded_at − consent_at over the answers
 * (accept or decline) it gave in the last RESPONSE_WINDOW_DAYS days, once it
 * has at least RESPONSE_MIN_ANSWERS of them. One query for all the
 * candidates of a page, read from request_pros by its business index.
 */
import { and, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { requestPros } from "../../../database/schema";
import { RESPONSE_MIN_ANSWERS, RESPONSE_WINDOW_DAYS } from "./ranking";

const DAY_MS = 86_400_000;

/** Median hours to answer, by business id; a business without enough recent answers is absent. */
export async function medianResponseHours(
  db: Database,
  contractorIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const ids = [...new Set(contractorIds)];
  if (ids.length === 0) return new Map();
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS);
  const rows = await db
    .select({
      contractorId: requestPros.contractorId,
      hours:
        sql<number>`(extract(epoch from percentile_cont(0.5) within group (order by ${requestPros.respondedAt} - ${requestPros.consentAt})) / 3600)::float8`.mapWith(
          Number,
        ),
    })
    .from(requestPros)
    .where(and(inArray(requestPros.contractorId, ids), gte(requestPros.respondedAt, since)))
    .groupBy(requestPros.contractorId)
    .having(sql`count(*) >= ${RESPONSE_MIN_ANSWERS}`);
  return new Map(rows.map((row) => [row.contractorId, Math.max(0, row.hours)]));
}
