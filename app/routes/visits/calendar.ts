/**
 * GET /visits/:id/calendar.ics: a visit that holds time, as a calendar file
 * to add (issue 34). The visit's two sides only, as its page: anyone else,
 * an unknown id, or a visit without a time (proposed, cancelled, over) is
 * the 404. Signed out: sign in, then the visit's page.
 */
import { requireUser } from "~/features/auth/require-user.server";
import { deliveryOf, notFound, orNotFound } from "~/features/marketplace/answers.server";
import { visitDownload } from "~/features/visits/icalendar.server";
import { calendarVisitFor } from "~/features/visits/calendar-visit.server";
import { visitStory } from "~/features/visits/visit-story.server";
import { visitFor } from "~/features/visits/visit-view.server";
import { getDb } from "~/lib/app-context.server";
import type { Route } from "./+types/calendar";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, `/visits/${params.id}`);
  const db = getDb(context);
  const locale = user.locale;
  const view = await orNotFound(visitFor(db, user.id, params.id, { locale }), locale);
  if (!view.holdsTime) notFound(locale);
  const story = await visitStory(db, view.id);
  if (!story) notFound(locale);
  const mail = deliveryOf(context).mail;
  // Built for this side, by the rule the page follows.
  const event = calendarVisitFor(story, view.side, locale, mail);
  return new Response(visitDownload(event, new URL(mail.siteUrl).host), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="visit.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
