/**
 * What the pro's schedule reads (issues 34, 43): a business's visits over a
 * day or a week of its own zone (/pro/schedule), its lines from
 * schedule-entries.server.ts. Opened with no day asked, on a week (or day)
 * with no visit while one is coming, it shows the next visit's instead, and
 * says so. Only the owner of the business reaches its schedule; anyone else
 * is NotFound, as for a business that does not exist.
 */
import { and, eq } from "drizzle-orm";
import { checkIds, NotFound } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import { contractors } from "../../../database/schema";
import { WEEKDAYS } from "./hours";
import {
  isLive,
  nextVisitOf,
  scheduleEntries,
  type ScheduleEntry,
} from "./schedule-entries.server";
import { visitSettingsOf } from "./settings.server";
import { addDays, instantOf, wallClockOf, weekdayOfDate } from "./zoned-time";

export type { ScheduleEntry } from "./schedule-entries.server";

/** A schedule shows one day or one week (Monday first). */
export const SCHEDULE_VIEWS = ["day", "week"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

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
  /** No day was asked and today's week (or day) had no visit: this is the next visit's. */
  opened: boolean;
  entries: ScheduleEntry[];
  /** The next visit after the days shown, when they have none to come. */
  next: { startsAt: string; timeZone: string; date: string } | null;
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

/** The first and last instants of the day or week holding `date`, in the zone. */
function period(date: string, view: ScheduleView, timeZone: string) {
  const from = view === "week" ? addDays(date, -WEEKDAYS.indexOf(weekdayOfDate(date))) : date;
  const days = view === "week" ? 7 : 1;
  return {
    from,
    to: addDays(from, days - 1),
    start: instantOf(from, "00:00", timeZone),
    end: instantOf(addDays(from, days), "00:00", timeZone),
  };
}

/**
 * The business's visits in the day or week of `date` (default: today in its
 * zone, or the next visit's when today's has none), by start.
 */
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
  const shown = dayShown(ask.date, today);
  const reachEnd = instantOf(addDays(shown.latest, 1), "00:00", timeZone);
  let days = period(shown.date, ask.view, timeZone);
  let entries = await scheduleEntries(db, contractorId, days, timeZone, locale);
  let next = entries.some(isLive) ? null : await nextVisitOf(db, contractorId, days.end, reachEnd);
  let opened = false;
  if (next && !ask.date) {
    // Today's week is empty but a visit is coming: open on its week, and say so.
    shown.date = wallClockOf(next.startsAt, timeZone).date;
    days = period(shown.date, ask.view, timeZone);
    entries = await scheduleEntries(db, contractorId, days, timeZone, locale);
    next = null;
    opened = true;
  }
  return {
    timeZone,
    view: ask.view,
    date: shown.date,
    from: days.from,
    to: days.to,
    today,
    earliest: shown.earliest,
    latest: shown.latest,
    moved: shown.moved,
    opened,
    entries,
    next: next
      ? {
          startsAt: next.startsAt.toISOString(),
          timeZone: next.timeZone,
          date: wallClockOf(next.startsAt, timeZone).date,
        }
      : null,
  };
}
