/**
 * What a calendar feed lists (issue 34): every visit with a time of the
 * person's own requests and of the businesses they own, or, for a business's
 * feed (its schedule's, issue 43), of that business only while the person
 * owns it; from 90 days back and everything ahead, cancelled ones included (a
 * calendar that took the visit before must see it cancelled). Each entry is
 * built for the side the person is on (calendar-visit.server.ts), so a pro no
 * longer on the job, or on a cancelled request, does not get the address.
 */
import { and, asc, eq, gte, isNotNull, or } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import type { MailSettings } from "~/lib/mail/email";
import { contractors, leads, users, visits } from "../../../database/schema";
import { singleLine } from "~/lib/plain-text";
import type { FeedScope } from "./calendar-feeds.server";
import { calendarVisitFor } from "./calendar-visit.server";
import type { CalendarVisit } from "./icalendar.server";
import { storyOf, storyQuery } from "./visit-story.server";

/** How far back the feed goes. */
export const FEED_PAST_DAYS = 90;
/** A bound on one feed's size, far above what a person books. */
const FEED_MAX_VISITS = 2000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the feed says: in the person's language, their visits soonest first. */
export interface FeedContent {
  locale: Locale;
  /** The business whose feed it is, or null for the person's own. */
  business: string | null;
  events: CalendarVisit[];
}

/**
 * The feed of a scope, or null when there is no such person, or the
 * business is no longer theirs.
 */
export async function feedVisitsOf(
  db: Database,
  { userId, contractorId }: FeedScope,
  now: Date,
  mail: MailSettings,
): Promise<FeedContent | null> {
  const [person] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) return null;
  let business: string | null = null;
  if (contractorId !== null) {
    const [owned] = await db
      .select({ name: contractors.name })
      .from(contractors)
      .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)));
    if (!owned) return null;
    business = singleLine(owned.name);
  }
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
  const whose =
    contractorId === null
      ? or(eq(leads.userId, userId), eq(contractors.ownerId, userId))
      : eq(visits.contractorId, contractorId);
  const rows = await storyQuery(db)
    .where(and(whose, isNotNull(visits.startsAt), gte(visits.startsAt, since)))
    .orderBy(asc(visits.startsAt), asc(visits.id))
    .limit(FEED_MAX_VISITS);
  return {
    locale: person.locale,
    business,
    events: rows.map((row) =>
      calendarVisitFor(
        storyOf(row),
        // A business's feed is its side's, even for a visit its owner booked as a homeowner.
        contractorId === null && row.homeownerId === userId ? "homeowner" : "pro",
        person.locale,
        mail,
      ),
    ),
  };
}
