/**
 * What a person's calendar feed lists (issue 34): every visit with a time
 * of their own requests and of the businesses they own, from 90 days back
 * and everything ahead, cancelled ones included (a calendar that took the
 * visit before must see it cancelled). Each entry is built for the side the
 * person is on (calendar-visit.server.ts), so a pro no longer on the job,
 * or on a cancelled request, does not get the address.
 */
import { and, asc, eq, gte, isNotNull, or } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import type { MailSettings } from "~/lib/mail/email";
import { contractors, leads, users, visits } from "../../../database/schema";
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
  events: CalendarVisit[];
}

/** The feed of a person, or null when there is no such person. */
export async function feedVisitsOf(
  db: Database,
  userId: string,
  now: Date,
  mail: MailSettings,
): Promise<FeedContent | null> {
  const [person] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) return null;
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
  const rows = await storyQuery(db)
    .where(
      and(
        or(eq(leads.userId, userId), eq(contractors.ownerId, userId)),
        isNotNull(visits.startsAt),
        gte(visits.startsAt, since),
      ),
    )
    .orderBy(asc(visits.startsAt), asc(visits.id))
    .limit(FEED_MAX_VISITS);
  return {
    locale: person.locale,
    events: rows.map((row) =>
      calendarVisitFor(
        storyOf(row),
        row.homeownerId === userId ? "homeowner" : "pro",
        person.locale,
        mail,
      ),
    ),
  };
}
