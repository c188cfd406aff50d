/**
 * A visit as one side's calendar holds it (issue 42): the one builder of
 * every invite an email carries, every "Add to calendar" file and every
 * feed entry, so that what a calendar shows follows the same rule as the
 * pages.
 *
 * - The pro sees the homeowner as the pages show them (contact-rule.ts):
 *   their name and email only while the homeowner allowed email (or shared
 *   it in the conversation); otherwise their short name ("Jordan L.") and
 *   our own no-reply address, which reaches no one. The street address only
 *   while the pro is still on the job (accepted, quoted or hired, on a
 *   request still open), so a cancellation after "Remove this pro" carries
 *   neither.
 * - The homeowner sees the business by name, with its email only when the
 *   business shows it on its profile; otherwise our no-reply address.
 * - Each entry's title names the other side: "Site visit: Roof Repair in
 *   Denver, CO 80202 with Jordan L." in the pro's calendar, "… with Summit
 *   Ridge Roofing" in the homeowner's.
 */
import { msg } from "@lingui/core/macro";
import { contactVisibility, shortName, what } from "~/features/marketplace/index.server";
import type { ContactVisibility } from "~/features/marketplace/index.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { bareAddress, type MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import type { ProState, VisitSide } from "../../../database/schema";
import type { CalendarVisit } from "./icalendar.server";
import { visitLink, type VisitStory } from "./visit-story.server";

/** A pro's parts with which it is still on the job. */
const ON_THE_JOB: readonly ProState[] = ["accepted", "quoted", "hired"];

/** What the visit's pro may see of the homeowner now. */
export interface ProSight {
  visibility: ContactVisibility;
  /** The street address of the visit. */
  address: boolean;
  /** How the homeowner is named: in full while a channel is shown, else "Jordan L.". */
  name: string;
  /** The homeowner's email, when the pro may see it. */
  email: string | null;
}

export function proSight(story: VisitStory): ProSight {
  const visibility = contactVisibility({
    state: story.part.state,
    requestStatus: story.request.status,
    preferredContact: story.request.preferredContact,
    sharedInThread: story.part.sharedInThread,
    everAccepted: story.part.everAccepted,
  });
  const shown = visibility.kind === "shown";
  return {
    visibility,
    address: ON_THE_JOB.includes(story.part.state) && story.request.status !== "cancelled",
    name: shown ? singleLine(story.request.name) : shortName(story.request.name),
    email: shown && visibility.email ? story.request.email : null,
  };
}

/** The street address as this side may see it, or null. */
export function addressFor(story: VisitStory, side: VisitSide): string | null {
  if (story.address === null) return null;
  return side === "homeowner" || proSight(story).address ? singleLine(story.address) : null;
}

/** How this side's emails and calendar name the other side. */
export function otherSideName(story: VisitStory, side: VisitSide): string {
  return side === "homeowner" ? singleLine(story.business.name) : shortName(story.request.name);
}

const isCancelled = (story: VisitStory) =>
  story.state === "cancelled_by_homeowner" || story.state === "cancelled_by_pro";

/** The visit as `side`'s calendar holds it, its words in `locale`. */
export function calendarVisitFor(
  story: VisitStory,
  side: VisitSide,
  locale: Locale,
  mail: MailSettings,
): CalendarVisit {
  const i18n = i18nFor(locale);
  const project = what(story.request, i18n, locale);
  const business = singleLine(story.business.name);
  const link = visitLink(story.id, locale, mail);
  const start = story.startsAt ?? new Date(0);
  const ours = bareAddress(mail.from);
  const sight = side === "pro" ? proSight(story) : null;
  const attendee = sight
    ? { name: sight.name, email: sight.email ?? ours }
    : { name: singleLine(story.request.name), email: story.request.email ?? ours };
  const organizerEmail = side === "pro" || story.business.showEmail ? story.business.email : ours;
  // Each side's entry names the other: the pro's its customer, by the contact rule (issue 43).
  const other = sight ? sight.name : business;
  return {
    id: story.id,
    sequence: story.sequence,
    start,
    end: story.endsAt ?? start,
    timeZone: story.timeZone,
    summary: i18n._(msg`Site visit: ${project} with ${other}`),
    description: i18n._(msg`See or change the visit: ${link}`),
    location: addressFor(story, side),
    url: link,
    organizer: { name: business, email: organizerEmail },
    attendee,
    cancelled: isCancelled(story),
    updatedAt: story.updatedAt,
  };
}
