/**
 * The homeowner's schedule (issue 34): the visits of their own requests by
 * date, upcoming and past (homeownerSchedule). Times are ISO; the page
 * formats them in the job's zone.
 */
import { and, desc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { what } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import {
  contractors,
  leads,
  visitOptions,
  visits,
  type VisitCause,
  type VisitState,
} from "../../../database/schema";

/** How many past visits the page lists. */
export const PAST_VISITS_SHOWN = 20;

/** One visit on the schedule. */
export interface ScheduledVisit {
  id: string;
  state: VisitState;
  /** The visit's start, or the earliest proposed time when no time was picked. */
  startsAt: string | null;
  /** A time was picked (booked); false for a proposal, open or cancelled before a pick. */
  timePicked: boolean;
  timeZone: string;
  address: string | null;
  leadId: string;
  /** "Roof Repair in Denver, CO 80202", in the page's language. */
  project: string;
  business: { name: string; slug: string };
  /** Why the site cancelled it, when no one did themselves. */
  cause: VisitCause | null;
}

export interface HomeownerSchedule {
  upcoming: ScheduledVisit[];
  past: ScheduledVisit[];
}

const HOLDING: VisitState[] = ["booked", "rescheduled"];
const CANCELLED: VisitState[] = ["cancelled_by_homeowner", "cancelled_by_pro"];
const MARKED: VisitState[] = ["done", "no_show_homeowner", "no_show_pro"];

/** The date a visit is listed by: its start, else its first proposed time. */
const listedAt = sql<Date | null>`coalesce(${visits.startsAt}, (select min(${visitOptions.startsAt}) from ${visitOptions} where ${visitOptions.visitId} = ${visits.id}))`;

const columns = {
  id: visits.id,
  state: visits.state,
  startsAt: visits.startsAt,
  listedAt: sql<string | Date | null>`${listedAt}`,
  timeZone: visits.timeZone,
  address: visits.address,
  leadId: visits.leadId,
  cause: visits.cause,
  service: leads.service,
  citySlug: leads.citySlug,
  postalCode: leads.postalCode,
  businessName: contractors.name,
  businessSlug: contractors.slug,
};

/**
 * The visits of the person's requests as of `now`, by their date (issue 43):
 * upcoming (times proposed, and visits whose time is ahead, a cancelled one
 * included, saying so), soonest first; past (their time has gone: done,
 * no-shows, cancelled, booked and not marked), newest first, a bounded number.
 */
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
  const stillAhead = sql`${listedAt} > ${now.toISOString()}::timestamptz`;
  const ahead = or(
    eq(visits.state, "proposed"),
    and(inArray(visits.state, HOLDING), gt(visits.endsAt, now)),
    and(inArray(visits.state, CANCELLED), stillAhead),
  );
  const [upcomingRows, pastRows] = await Promise.all([
    own().where(and(eq(leads.userId, userId), ahead)),
    own()
      .where(
        and(
          eq(leads.userId, userId),
          or(
            inArray(visits.state, MARKED),
            and(inArray(visits.state, HOLDING), lte(visits.endsAt, now)),
            // Cancelled with no date at all (no time, no option) is past too.
            and(inArray(visits.state, CANCELLED), sql`not coalesce(${stillAhead}, false)`),
          ),
        ),
      )
      .orderBy(desc(sql`coalesce(${listedAt}, ${visits.updatedAt})`), desc(visits.id))
      .limit(PAST_VISITS_SHOWN),
  ]);
  const i18n = i18nFor(locale);
  const toVisit = (row: (typeof upcomingRows)[number]): ScheduledVisit => {
    const startsAt = row.startsAt ?? (row.listedAt === null ? null : new Date(row.listedAt));
    return {
      id: row.id,
      state: row.state,
      startsAt: startsAt?.toISOString() ?? null,
      timePicked: row.startsAt !== null,
      timeZone: row.timeZone,
      address: row.address,
      leadId: row.leadId,
      project: what({ ...row, id: row.leadId, name: "" }, i18n, locale),
      business: { name: row.businessName, slug: row.businessSlug },
      cause: row.cause,
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
