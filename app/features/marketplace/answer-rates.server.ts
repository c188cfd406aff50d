/**
 * Each business's answer figures (issue 33; the rules are in ranking.ts and
 * answer-figures.ts): of the requests that reached it in the last
 * RESPONSE_WINDOW_DAYS days, how many count, how many it answered in time,
 * how many at all, and its median time to answer. One query for every
 * business of a page (a listing shows many cards), one range of
 * request_pros_newest_idx (business, consent_at) per business, so the cost
 * follows the requests of the window, not every request ever sent.
 *
 * Everything is read at `now`: an answer given after it is not an answer
 * yet, and a part whose deadline is after it is still waiting (tests move it).
 */
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { requestPros } from "../../../database/schema";
import { NO_ANSWER_FIGURES, type AnswerFigures } from "./answer-figures";
import { ANSWER_WINDOW_HOURS } from "./limits";
import { RESPONSE_WINDOW_DAYS } from "./ranking";

const DAY_MS = 86_400_000;

/** Answer figures by business id; a business without requests in the window has none counted. */
export async function answerFiguresOf(
  db: Database,
  contractorIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, AnswerFigures>> {
  const ids = [...new Set(contractorIds)];
  const figures = new Map(ids.map((id) => [id, NO_ANSWER_FIGURES]));
  if (ids.length === 0) return figures;
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS);
  const at = sql`${now.toISOString()}::timestamptz`;
  // The part's deadline: answer_by, or for a part answered before the rule
  // (no answer_by) the window it would have had.
  const deadline = sql`coalesce(${requestPros.answerBy}, ${requestPros.consentAt} + make_interval(hours => ${ANSWER_WINDOW_HOURS}))`;
  const answered = sql`(${requestPros.respondedAt} is not null and ${requestPros.respondedAt} <= ${at})`;
  // Counted: answered, or unanswered with its deadline passed, unless the
  // homeowner took the request away first (closed it or hired someone else:
  // not_chosen; removed the pro: removed). Unanswered, those two states can
  // only come from the homeowner.
  const counted = sql`(${answered} or (${deadline} < ${at} and ${requestPros.state} not in ('not_chosen', 'removed')))`;
  const rows = await db
    .select({
      contractorId: requestPros.contractorId,
      received: sql<number>`count(*) filter (where ${counted})::int`.mapWith(Number),
      answeredInTime:
        sql<number>`count(*) filter (where ${answered} and ${requestPros.respondedAt} <= ${deadline})::int`.mapWith(
          Number,
        ),
      answered: sql<number>`count(*) filter (where ${answered})::int`.mapWith(Number),
      // The decoder is not called for a null (no answers).
      medianSeconds:
        sql`(percentile_cont(0.5) within group (order by extract(epoch from ${requestPros.respondedAt} - ${requestPros.consentAt})) filter (where ${answered}))::float8`.mapWith(
          (value: unknown): number | null => Number(value),
        ),
    })
    .from(requestPros)
    .where(
      and(
        inArray(requestPros.contractorId, ids),
        gte(requestPros.consentAt, since),
        lte(requestPros.consentAt, now),
      ),
    )
    .groupBy(requestPros.contractorId);
  for (const row of rows) {
    figures.set(row.contractorId, {
      received: row.received,
      answeredInTime: row.answeredInTime,
      answered: row.answered,
      medianSeconds: row.medianSeconds === null ? null : Math.max(0, row.medianSeconds),
    });
  }
  return figures;
}
