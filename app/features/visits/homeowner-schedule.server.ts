/**
 * The homeowner's schedule (issue 34): the visits of their own requests,
 * upcoming (times proposed, booked or moved and not over yet; soonest first)
 * and past (done, no-shows, cancelled, and booked ones whose time has gone;
 * newest first, a bounded number). Times are ISO; the page formats them in
 * the job's zone.
 */
import { and, desc, eq, gt, inArray, lte, min, or, sql } from "drizzle-orm";
import { what } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import {
  contractors,
  leads,
  visitOptions,
  visits,
  type VisitState,
} from "../../../database/schema";

/** How many past visits the page lists. */
export const PAST_VISITS_SHOWN = 20;

/** One visit on the schedule. */
export interface ScheduledVisit {
  id: string;
  state: VisitState;
  /** The visit's start, or the earliest proposed time while times are proposed. */
  startsAt: string | null;
  timeZone: string;
  address: string | null;
  leadId: string;
  /** "Roof Repair in Denver, CO 80202", in the page's language. */
  project: string;
  business: { name: string; slug: string };
}

export interface HomeownerSchedule {
  upcoming: ScheduledVisit[];
  past: ScheduledVisit[];
}

const HOLDING: VisitState[] = ["booked", "rescheduled"];
const OVER: VisitState[] = [
  "done",
  "no_show_homeowner",
  "no_show_pro",
  "cancelled_by_homeowner",
  "cancelled_by_pro",
];

const columns = {
  id: visits.id,
  state: visits.state,
  startsAt: visits.startsAt,
  timeZone: visits.timeZone,
  address: visits.address,
  leadId: visits.leadId,
  service: leads.service,
  citySlug: leads.citySlug,
  postalCode: leads.postalCode,
  businessName: contractors.name,
  businessSlug: contractors.slug,
};

/** The visits of the person's requests, upcoming and past, as of `now`. */
export async function homeownerSchedule(
  db: Database,
  userId: string,
  locale: Locale,
  now: Date,
): Promise<HomeownerSchedule> {
  const own = () =>
    db
      .select(columns)
      .from(visits)
      .innerJoin(leads, eq(leads.id, visits.leadId))
      .innerJoin(contractors, eq(contractors.id, visits.contractorId));
  const [upcomingRows, pastRows] = await Promise.all([
    own().where(
      and(
        eq(leads.userId, userId),
        or(
          eq(visits.state, "proposed"),
          and(inArray(visits.state, HOLDING), gt(visits.endsAt, now)),
        ),
      ),
    ),
    own()
      .where(
        and(
          eq(leads.userId, userId),
          or(
            inArray(visits.state, OVER),
            and(inArray(visits.state, HOLDING), lte(visits.endsAt, now)),
          ),
        ),
      )
      .orderBy(desc(sql`coalesce(${visits.startsAt}, ${visits.updatedAt})`), desc(visits.id))
      .limit(PAST_VISITS_SHOWN),
  ]);
  const proposed = upcomingRows.filter((row) => row.startsAt === null).map((row) => row.id);
  const firstOptions =
    proposed.length === 0
      ? []
      : await db
          .select({ visitId: visitOptions.visitId, startsAt: min(visitOptions.startsAt) })
          .from(visitOptions)
          .where(inArray(visitOptions.visitId, proposed))
          .groupBy(visitOptions.visitId);
  const firstOption = new Map(firstOptions.map((row) => [row.visitId, row.startsAt]));
  const i18n = i18nFor(locale);
  const toVisit = (row: (typeof upcomingRows)[number]): ScheduledVisit => {
    const startsAt = row.startsAt ?? firstOption.get(row.id) ?? null;
    return {
      id: row.id,
      state: row.state,
      startsAt: startsAt?.toISOString() ?? null,
      timeZone: row.timeZone,
      address: row.address,
      leadId: row.leadId,
      project: what({ ...row, id: row.leadId, name: "" }, i18n, locale),
      business: { name: row.businessName, slug: row.businessSlug },
    };
  };
  const upcoming = upcomingRows.map(toVisit).sort(soonestFirst);
  return { upcoming, past: pastRows.map(toVisit) };
}

/** Soonest first; a proposal without any time last; ties by id (a stable page). */
function soonestFirst(a: ScheduledVisit, b: ScheduledVisit): number {
  if (a.startsAt !== b.startsAt) {
    if (a.startsAt === null) return 1;
    if (b.startsAt === null) return -1;
    return a.startsAt < b.startsAt ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
