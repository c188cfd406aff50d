/**
 * The homeowner's side of booking a visit (issue 34): the visits of their
 * request by business (the project page's links), the request and pro a
 * booking is for, and a page of the pro's free days in the job's zone (the
 * booking page's and the reschedule form's list).
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { checkIds, NotFound } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import {
  contractors,
  leads,
  requestPros,
  visitOptions,
  visits,
  type VisitCause,
  type VisitState,
} from "../../../database/schema";
import { visitSettingsOf, zoneOfCity } from "./settings.server";
import { byDay } from "./slots";
import { isOpenVisit } from "./states.server";
import { freeSlotsOf } from "./visit-slots.server";

/** One visit as a link on the project page: its times in ISO, its zone the job's. */
export interface VisitLink {
  id: string;
  state: VisitState;
  /** Its start; null for a proposal (open, or cancelled before a time was picked). */
  startsAt: string | null;
  /** A proposal's first proposed time: the date a proposal with no start is listed by. */
  firstOption: string | null;
  timeZone: string;
  /** Why the site cancelled it, when no one did themselves. */
  cause: VisitCause | null;
}

/** The visits with one business: the open one (at most one), and the others by date, latest first. */
export interface BusinessVisits {
  open: VisitLink | null;
  others: VisitLink[];
}

/** The date a visit is listed by: its start, else its first proposed time. */
export const listedAt = (visit: Pick<VisitLink, "startsAt" | "firstOption">): string | null =>
  visit.startsAt ?? visit.firstOption;

/** Latest date first; a visit with no date at all last; ties by id (a stable page). */
function latestFirst(a: VisitLink, b: VisitLink): number {
  const [x, y] = [listedAt(a), listedAt(b)];
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? 1 : -1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The visits of the homeowner's request, by business id; nothing for
 * another's request. The others are listed by their date, so a cancelled
 * visit that was still ahead is not filed among earlier ones (issue 43).
 */
export async function visitsOfProject(
  db: Database,
  userId: string,
  leadId: string,
): Promise<Record<string, BusinessVisits>> {
  checkIds(leadId);
  const rows = await db
    .select({
      id: visits.id,
      contractorId: visits.contractorId,
      state: visits.state,
      startsAt: visits.startsAt,
      timeZone: visits.timeZone,
      cause: visits.cause,
      firstOption: sql<
        string | Date | null
      >`(select min(${visitOptions.startsAt}) from ${visitOptions} where ${visitOptions.visitId} = ${visits.id})`,
    })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .where(and(eq(visits.leadId, leadId), eq(leads.userId, userId)))
    .orderBy(desc(visits.createdAt));
  const byBusiness: Record<string, BusinessVisits> = {};
  for (const row of rows) {
    const entry = (byBusiness[row.contractorId] ??= { open: null, others: [] });
    const link: VisitLink = {
      id: row.id,
      state: row.state,
      startsAt: row.startsAt?.toISOString() ?? null,
      firstOption: row.startsAt ? null : isoOf(row.firstOption),
      timeZone: row.timeZone,
      cause: row.cause,
    };
    if (isOpenVisit(row.state) && !entry.open) entry.open = link;
    else entry.others.push(link);
  }
  for (const entry of Object.values(byBusiness)) entry.others.sort(latestFirst);
  return byBusiness;
}

/** A timestamp a raw query gave (a Date, or PostgreSQL's text of it) as ISO. */
function isoOf(value: string | Date | null): string | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The address the homeowner last gave for a visit of this request, with any
 * pro: the booking form offers it again. Null when none was given.
 */
export async function lastVisitAddress(
  db: Database,
  userId: string,
  leadId: string,
): Promise<string | null> {
  checkIds(leadId);
  const [row] = await db
    .select({ address: visits.address })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .where(and(eq(visits.leadId, leadId), eq(leads.userId, userId), isNotNull(visits.address)))
    .orderBy(desc(visits.updatedAt), desc(visits.createdAt))
    .limit(1);
  return row?.address ?? null;
}

/** The parts with which a visit may be booked, and the requests' states (visits.server.ts). */
const TAKEN_ON = ["accepted", "quoted", "hired"] as const;
const OPEN_REQUEST = ["sent", "scheduled", "in_progress"] as const;

/**
 * What the booking page needs: the homeowner's own open request and a pro
 * that took it on (and that no operator suspended), its open visit if it
 * has one, and the job's city. NotFound for anything else.
 */
export async function bookingFor(
  db: Database,
  userId: string,
  leadId: string,
  contractorId: string,
) {
  checkIds(leadId, contractorId);
  const [row] = await db
    .select({
      status: leads.status,
      citySlug: leads.citySlug,
      part: requestPros.state,
      business: contractors.name,
      suspendedAt: contractors.suspendedAt,
    })
    .from(leads)
    .innerJoin(requestPros, eq(requestPros.leadId, leads.id))
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(
      and(
        eq(leads.id, leadId),
        eq(leads.userId, userId),
        eq(requestPros.contractorId, contractorId),
      ),
    );
  if (
    !row ||
    row.suspendedAt !== null ||
    !(TAKEN_ON as readonly string[]).includes(row.part) ||
    !(OPEN_REQUEST as readonly string[]).includes(row.status)
  ) {
    throw new NotFound();
  }
  const open = (await visitsOfProject(db, userId, leadId))[contractorId]?.open ?? null;
  return { business: row.business, citySlug: row.citySlug, open };
}

/** How many days with free times a page of the list shows. */
export const DAYS_PER_PAGE = 7;
/** A bound on the slots read: a year of quarter-hour visits on long days stays under it. */
const SLOT_LIMIT = 20_000;

/** A day of free times: its local date in the job's zone and its start instants (ISO). */
export interface FreeDay {
  date: string;
  starts: string[];
}

/** A page of free days: the zone they are in, the next page's first date, the business's horizon. */
export interface FreeDays {
  timeZone: string;
  days: FreeDay[];
  /** The first date of the next page, or null on the last. */
  next: string | null;
  horizonDays: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The business's free times from `now`, in the job's zone (its city's, else
 * the business's own), by day: the first DAYS_PER_PAGE days with any from
 * `from` (a local date; ignored unless YYYY-MM-DD). `except` is a visit being moved,
 * `timeZone` its job's zone (the visit's row has it).
 */
export async function freeDaysOf(
  db: Database,
  contractorId: string,
  citySlug: string | null,
  options: {
    now?: Date;
    from?: string | null;
    except?: string;
    timeZone?: string;
    /** A start (ISO) not to offer: the visit's own time, when it is being moved. */
    skip?: string | null;
  } = {},
): Promise<FreeDays> {
  const now = options.now ?? new Date();
  const [free, settings, cityZone] = await Promise.all([
    freeSlotsOf(db, contractorId, now, { limit: SLOT_LIMIT, except: options.except }),
    visitSettingsOf(db, contractorId),
    options.timeZone ? undefined : zoneOfCity(citySlug),
  ]);
  const timeZone = options.timeZone ?? cityZone ?? free.timeZone;
  const from = options.from && DATE.test(options.from) ? options.from : "";
  const offered = free.slots.filter((slot) => slot.start.toISOString() !== options.skip);
  const all = byDay(offered, timeZone).filter((day) => day.date >= from);
  return {
    timeZone,
    days: all.slice(0, DAYS_PER_PAGE).map((day) => ({
      date: day.date,
      starts: day.slots.map((slot) => slot.start.toISOString()),
    })),
    next: all[DAYS_PER_PAGE]?.date ?? null,
    horizonDays: settings.horizonDays,
  };
}
