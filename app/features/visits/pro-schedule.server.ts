/**
 * What the pro's pages read of visits (issue 34): a business's schedule over
 * a day or a week of its own zone (/pro/schedule), and the open visit of one
 * request's part (the "Site visit" section of the pro's request page).
 * Only the owner of the business reaches its schedule; anyone else is
 * NotFound, as for a business that does not exist.
 */
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { checkIds, NotFound, shortName, what } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import {
  contractors,
  leads,
  requestPros,
  visitOptions,
  visits,
  type ProState,
  type VisitState,
} from "../../../database/schema";
import { WEEKDAYS } from "./hours";
import { visitSettingsOf } from "./settings.server";
import { addDays, instantOf, wallClockOf, weekdayOfDate } from "./zoned-time";

/** A schedule shows one day or one week (Monday first). */
export const SCHEDULE_VIEWS = ["day", "week"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/** The visits the schedule lists: booked, moved, and past ones with their outcome. */
const LISTED: readonly VisitState[] = [
  "booked",
  "rescheduled",
  "done",
  "no_show_homeowner",
  "no_show_pro",
];
/** The pro's parts whose visits still show the homeowner's address. */
const TAKEN_ON: readonly ProState[] = ["accepted", "quoted", "hired"];
/** The request's states in which a visit may be arranged. */
const OPEN_REQUEST = ["sent", "scheduled", "in_progress"];

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
  /** "Jordan L." */
  homeowner: string;
  /** "Roof Repair in Denver, CO 80202" in the page's language. */
  project: string;
  /** The address given for the visit, while the pro may still see it; else null. */
  address: string | null;
  /** One of the times the pro proposed, waiting for the homeowner's pick. */
  proposed: boolean;
}

export interface ProSchedule {
  /** The business's zone: the days are its days. */
  timeZone: string;
  view: ScheduleView;
  /** The day asked for, and the first and last days shown. */
  date: string;
  from: string;
  to: string;
  /** Today in the business's zone. */
  today: string;
  /** The first and last days the schedule shows (SCHEDULE_REACH_DAYS from today). */
  earliest: string;
  latest: string;
  /** The day asked for was outside them: `date` is the nearest inside. */
  moved: boolean;
  entries: ScheduleEntry[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * How far from today the schedule goes, both ways: ahead, past the furthest
 * a visit can be booked or proposed (the longest horizon, 365 days) with a
 * year to spare; back, two years of visits and how they went. A date outside
 * is shown as the nearest day inside (an old bookmark, a typed 9999), and the
 * pages' dates stay where the calendar arithmetic is sound.
 */
export const SCHEDULE_REACH_DAYS = 730;

/** A real calendar day written YYYY-MM-DD (any year from 0000), or undefined. */
function dateOrUndefined(date: string | null | undefined): string | undefined {
  const match = DATE.exec(date ?? "");
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  const real =
    utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day;
  return real ? match[0] : undefined;
}

/** The day asked for within the schedule's reach of today; not a day at all is today. */
function dayShown(asked: string | null | undefined, today: string) {
  const earliest = addDays(today, -SCHEDULE_REACH_DAYS);
  const latest = addDays(today, SCHEDULE_REACH_DAYS);
  const day = dateOrUndefined(asked) ?? today;
  const date = day < earliest ? earliest : day > latest ? latest : day;
  return { date, earliest, latest, moved: date !== day };
}

/** The business's visits in the day or week of `date` (default: today in its zone), by start. */
export async function proScheduleOf(
  db: Database,
  userId: string,
  contractorId: string,
  ask: { view: ScheduleView; date?: string | null; now: Date },
  locale: Locale,
): Promise<ProSchedule> {
  checkIds(contractorId);
  const [business] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)));
  if (!business) throw new NotFound();
  const { timeZone } = await visitSettingsOf(db, contractorId);
  const today = wallClockOf(ask.now, timeZone).date;
  const { date, earliest, latest, moved } = dayShown(ask.date, today);
  const from = ask.view === "week" ? addDays(date, -WEEKDAYS.indexOf(weekdayOfDate(date))) : date;
  const days = ask.view === "week" ? 7 : 1;
  const start = instantOf(from, "00:00", timeZone);
  const end = instantOf(addDays(from, days), "00:00", timeZone);
  const columns = {
    visitId: visits.id,
    state: visits.state,
    timeZone: visits.timeZone,
    address: visits.address,
    partState: requestPros.state,
    status: leads.status,
    name: leads.name,
    service: leads.service,
    citySlug: leads.citySlug,
    postalCode: leads.postalCode,
    leadId: leads.id,
  };
  const [held, offered] = await Promise.all([
    db
      .select({ ...columns, startsAt: visits.startsAt, endsAt: visits.endsAt })
      .from(visits)
      .innerJoin(leads, eq(leads.id, visits.leadId))
      .innerJoin(
        requestPros,
        and(
          eq(requestPros.leadId, visits.leadId),
          eq(requestPros.contractorId, visits.contractorId),
        ),
      )
      .where(
        and(
          eq(visits.contractorId, contractorId),
          inArray(visits.state, [...LISTED]),
          gte(visits.startsAt, start),
          lt(visits.startsAt, end),
        ),
      ),
    db
      .select({ ...columns, startsAt: visitOptions.startsAt, endsAt: visitOptions.endsAt })
      .from(visitOptions)
      .innerJoin(visits, eq(visits.id, visitOptions.visitId))
      .innerJoin(leads, eq(leads.id, visits.leadId))
      .innerJoin(
        requestPros,
        and(
          eq(requestPros.leadId, visits.leadId),
          eq(requestPros.contractorId, visits.contractorId),
        ),
      )
      .where(
        and(
          eq(visits.contractorId, contractorId),
          eq(visits.state, "proposed"),
          gte(visitOptions.startsAt, start),
          lt(visitOptions.startsAt, end),
        ),
      ),
  ]);
  const i18n = i18nFor(locale);
  const entries = [...held, ...offered]
    .flatMap((row) => {
      if (!row.startsAt || !row.endsAt) return [];
      const visible = TAKEN_ON.includes(row.partState) && row.status !== "cancelled";
      const request = {
        id: row.leadId,
        name: row.name,
        service: row.service,
        citySlug: row.citySlug,
        postalCode: row.postalCode,
      };
      return [
        {
          visitId: row.visitId,
          state: row.state,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          timeZone: row.timeZone,
          day: wallClockOf(row.startsAt, timeZone).date,
          homeowner: shortName(row.name),
          project: what(request, i18n, locale),
          address: visible ? row.address : null,
          proposed: row.state === "proposed",
        },
      ];
    })
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const to = addDays(from, days - 1);
  return { timeZone, view: ask.view, date, from, to, today, earliest, latest, moved, entries };
}
