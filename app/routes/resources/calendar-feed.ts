/**
 * GET /calendar/:token.ics: a person's private calendar feed (issue 34), for
 * Google Calendar, Apple Calendar or Outlook to subscribe to: their visits as
 * a homeowner and as the owner of businesses, or one business's for its
 * owner (issue 43), from 90 days back and all ahead, cancelled ones marked so. The signed token is the only key (no
 * sign-in: calendar apps have none); an unknown, altered or revoked token is
 * the plain 404. The extension keeps it off the page path (no form-key
 * cookie, no render queue, never in the page cache; server/http).
 */
import { msg } from "@lingui/core/macro";
import type { LoaderFunctionArgs } from "react-router";
import { deliveryOf } from "~/features/marketplace/answers.server";
import { feedOwner } from "~/features/visits/calendar-feeds.server";
import { feedVisitsOf } from "~/features/visits/feed-visits.server";
import { calendarFeed } from "~/features/visits/icalendar.server";
import { getDb, nowOf } from "~/lib/app-context.server";
import type { EdgeHandle } from "~/lib/edge";
import { translate } from "~/lib/i18n.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/calendar-feed";

const brand = BRAND.name;

/** The same answer for a token never made, altered, or turned off. */
function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}

// The file's name is the feed's key (anyone holding it reads the person's visits): never logged.
export const handle = {
  edge: { secretParams: ["file"] },
} satisfies EdgeHandle<keyof Route.LoaderArgs["params"]>;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = /^(.+)\.ics$/.exec(params.file ?? "")?.[1];
  if (!token) return notFound();
  const db = getDb(context);
  const scope = await feedOwner(db, token);
  if (!scope) return notFound();
  const mail = deliveryOf(context).mail;
  const feed = await feedVisitsOf(db, scope, nowOf(context), mail);
  if (!feed) return notFound();
  // The calendar's name in the person's app: "TradeMatch visits" (with the business's name
  // for a business's feed), in their language.
  const business = feed.business;
  const name = business
    ? translate(feed.locale, msg`${brand} visits: ${business}`)
    : translate(feed.locale, msg`${brand} visits`);
  return new Response(calendarFeed(name, feed.events, new URL(mail.siteUrl).host), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
