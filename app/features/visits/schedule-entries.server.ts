/**
 * The lines of a business's schedule (/pro/schedule, issues 34 and 43): its
 * visits and the times it proposed that start between two instants, each
 * naming the homeowner as every page does (contact-rule.ts, through
 * calendar-visit.server.ts: the full name while a channel is shown, else
 * "Jordan L."), with the address only while the pro is on the job; and the
 * next visit to come, for a schedule whose days have none.
 */
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { what } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { visitOptions, visits, type VisitCause, type VisitState } from "../../../database/schema";
import { addressFor, proSight } from "./calendar-visit.server";
import { storyOf, storyQuery } from "./visit-story.server";
import { wallClockOf } from "./zoned-time";

/**
 * The visits the schedule lists: booked and moved, past ones with their
 * outcome, and cancelled ones (saying so: the pro may have kept the time).
 */
const LISTED: readonly VisitState[] = [
  "booked",
  "rescheduled",
  "done",
  "no_show_homeowner",
  "no_show_pro",
  "cancelled_by_homeowner",
  "cancelled_by_pro",
];
/** The visits still to happen: what "the next visit" is. */
const HOLDING: readonly VisitState[] = ["booked", "rescheduled"];

/** One line of the schedule: a visit, or one of the times proposed for it. */
export interface ScheduleEntry {
  visitId: string;
  state: VisitState;
  /** The visit's times, or the proposed time's (`proposed`), as ISO instants. */
  startsAt: string;
  endsAt: string;
  /** The job's zone, in which the time is said. */
  timeZone: string;
  /** The local date in the business's zone: the day the entry is listed under. */
  day: string;
  /** The homeowner as the pro may name them: "Jordan Lee" while shown, else "Jordan L.". */
  homeowner: string;
  /** "Roof Repair in Denver, CO 80202" in the page's language. */
  project: string;
  /** The address given for the visit, while the pro may still see it; else null. */
  address: string | null;
  /** One of the times the pro proposed, waiting for the homeowner's pick. */
  proposed: boolean;
  /** Why the site cancelled it, when no one did themselves. */
  cause: VisitCause | null;
}

/** Whether a line is a visit to come or that happened (not a cancelled one). */
export const isLive = (entry: Pick<ScheduleEntry, "state">): boolean =>
  !entry.state.startsWith("cancelled");

/** The business's lines starting in [start, end), by start; days in `businessZone`. */
export async function scheduleEntries(
  db: Database,
  contractorId: string,
  range: { start: Date; end: Date },
  businessZone: string,
  locale: Locale,
): Promise<ScheduleEntry[]> {
  const [held, offered] = await Promise.all([
    storyQuery(db).where(
      and(
        eq(visits.contractorId, contractorId),
        inArray(visits.state, [...LISTED]),
        gte(visits.startsAt, range.start),
        lt(visits.startsAt, range.end),
      ),
    ),
    db
      .select({
        visitId: visitOptions.visitId,
        startsAt: visitOptions.startsAt,
        endsAt: visitOptions.endsAt,
      })
      .from(visitOptions)
      .innerJoin(visits, eq(visits.id, visitOptions.visitId))
      .where(
        and(
          eq(visits.contractorId, contractorId),
          eq(visits.state, "proposed"),
          gte(visitOptions.startsAt, range.start),
          lt(visitOptions.startsAt, range.end),
        ),
      ),
  ]);
  const proposalIds = [...new Set(offered.map((option) => option.visitId))];
  const proposals =
    proposalIds.length === 0 ? [] : await storyQuery(db).where(inArray(visits.id, proposalIds));
  const proposal = new Map(proposals.map((row) => [row.id, row]));
  const i18n = i18nFor(locale);
  const line = (row: (typeof held)[number], startsAt: Date, endsAt: Date): ScheduleEntry => {
    const story = storyOf(row);
    return {
      visitId: row.id,
      state: row.state,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      timeZone: row.timeZone,
      day: wallClockOf(startsAt, businessZone).date,
      homeowner: proSight(story).name,
      project: what(story.request, i18n, locale),
      address: addressFor(story, "pro"),
      proposed: row.state === "proposed",
      cause: row.cause,
    };
  };
  return [
    ...held.flatMap((row) =>
      row.startsAt && row.endsAt ? [line(row, row.startsAt, row.endsAt)] : [],
    ),
    ...offered.flatMap((option) => {
      const row = proposal.get(option.visitId);
      return row ? [line(row, option.startsAt, option.endsAt)] : [];
    }),
  ].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.visitId.localeCompare(b.visitId));
}

/** The next visit or proposed time of the business from `from` to `until`: its start and zone. */
export async function nextVisitOf(
  db: Database,
  contractorId: string,
  from: Date,
  until: Date,
): Promise<{ startsAt: Date; timeZone: string } | null> {
  const [held, offered] = await Promise.all([
    db
      .select({ startsAt: visits.startsAt, timeZone: visits.timeZone })
      .from(visits)
      .where(
        and(
          eq(visits.contractorId, contractorId),
          inArray(visits.state, [...HOLDING]),
          gte(visits.startsAt, from),
          lt(visits.startsAt, until),
        ),
      )
      .orderBy(asc(visits.startsAt))
      .limit(1),
    db
      .select({ startsAt: visitOptions.startsAt, timeZone: visits.timeZone })
      .from(visitOptions)
      .innerJoin(visits, eq(visits.id, visitOptions.visitId))
      .where(
        and(
          eq(visits.contractorId, contractorId),
          eq(visits.state, "proposed"),
          gte(visitOptions.startsAt, from),
          lt(visitOptions.startsAt, until),
        ),
      )
      .orderBy(asc(visitOptions.startsAt))
      .limit(1),
  ]);
  const found = [...held, ...offered].flatMap((row) =>
    row.startsAt ? [{ startsAt: row.startsAt, timeZone: row.timeZone }] : [],
  );
  found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return found[0] ?? null;
}
