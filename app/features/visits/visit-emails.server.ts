/**
 * A visit's emails (issues 34 and 42): what one side is told of the visit
 * as it now is, against what that side was told before (visits.told), so
 * that a burst of changes becomes one email saying where the visit ended up
 * (visit-notices.server.ts sends them once the visit has been still for a
 * moment). Each is in its recipient's language, with the time in the job's
 * zone and, for a booking, a move or a cancellation of a visit with a time,
 * the invite (METHOD REQUEST or CANCEL, the visit's UID and SEQUENCE) that
 * calendar-visit.server.ts builds for that side by the contact rule.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { BRAND } from "~/site";
import type { ToldState, VisitCause, VisitSide } from "../../../database/schema";
import { addressFor, calendarVisitFor, otherSideName } from "./calendar-visit.server";
import { visitInvite } from "./icalendar.server";
import { holdsTime } from "./states.server";
import { visitLink, type VisitStory } from "./visit-story.server";
import { formatVisitTime } from "./visit-time";

/** What a side is told: the email's subject and lines, and whether it carries an invite. */
interface Notice {
  subject: string;
  lines: string[];
  invite: "REQUEST" | "CANCEL" | null;
}

const isCancelled = (state: VisitStory["state"]) =>
  state === "cancelled_by_homeowner" || state === "cancelled_by_pro";

/** What a notice is written with: the recipient's language and the time it is written at. */
interface Reading {
  i18n: I18n;
  locale: Locale;
  /** A date in another year than this says its year. */
  now: Date;
}

/** "Tue, Mar 10, 9:00 AM MDT" in the recipient's language, or "" without a time. */
function timeOf(start: Date | null, story: VisitStory, reading: Reading): string {
  return start ? formatVisitTime(start, story.timeZone, reading.locale, reading.now) : "";
}

/** The time a side was told, as a Date (stored as ISO, or as PostgreSQL's JSON of a timestamp). */
const toldStart = (told: ToldState | undefined): number | null =>
  told?.startsAt ? Date.parse(told.startsAt) : null;

/** Why the site cancelled a visit with a time, as this side reads it. */
function causeLine(
  cause: VisitCause,
  side: VisitSide,
  other: string,
  when: string,
  i18n: I18n,
): string {
  const brand = BRAND.name;
  if (side === "homeowner") {
    switch (cause) {
      case "request_closed":
        return i18n._(
          msg`Your visit with ${other} of ${when} is cancelled: you closed the request.`,
        );
      case "pro_removed":
        return i18n._(
          msg`Your visit with ${other} of ${when} is cancelled: you removed this pro from the request.`,
        );
      case "other_hired":
        return i18n._(
          msg`Your visit with ${other} of ${when} is cancelled: you hired another pro.`,
        );
      case "pro_suspended":
        return i18n._(
          msg`Your visit with ${other} of ${when} is cancelled: ${other} is no longer available on ${brand}.`,
        );
      case "times_passed":
        return i18n._(msg`Your visit with ${other} of ${when} is cancelled.`);
    }
  }
  switch (cause) {
    case "request_closed":
      return i18n._(
        msg`Your visit with ${other} of ${when} is cancelled: ${other} closed the request.`,
      );
    case "pro_removed":
      return i18n._(
        msg`Your visit with ${other} of ${when} is cancelled: ${other} closed the request with your business.`,
      );
    case "other_hired":
      return i18n._(
        msg`Your visit with ${other} of ${when} is cancelled: ${other} hired another pro.`,
      );
    case "pro_suspended":
      return i18n._(
        msg`Your visit with ${other} of ${when} is cancelled: your business is suspended on ${brand}.`,
      );
    case "times_passed":
      return i18n._(msg`Your visit with ${other} of ${when} is cancelled.`);
  }
}

/** What `side`, told `told` before, is to be told now; null when nothing changed for it. */
function noticeOf(
  story: VisitStory,
  side: VisitSide,
  told: ToldState | undefined,
  reading: Reading,
): Notice | null {
  const { i18n } = reading;
  const other = otherSideName(story, side);
  const when = timeOf(story.startsAt, story, reading);
  const reason = story.reason ? singleLine(story.reason) : "";
  const reasonLines = reason && story.changedBy ? [i18n._(msg`Reason: ${reason}`)] : [];
  const mine = story.changedBy === side;
  // The other side, when it is the one that acted.
  const by = other;
  const wasHeld = told !== undefined && holdsTime(told.state);
  const state = story.state;

  if (state === "proposed") {
    if (side !== "homeowner" || told?.state === "proposed") return null;
    return {
      subject: i18n._(msg`${other} proposed times for a visit`),
      lines: [
        i18n._(msg`${other} proposed these times for a visit. Pick the one that suits you:`),
        ...story.options.map((start) => `- ${timeOf(start, story, reading)}`),
      ],
      invite: null,
    };
  }
  if (holdsTime(state)) {
    if (wasHeld && toldStart(told) === story.startsAt?.getTime()) return null;
    if (!wasHeld) {
      return {
        subject: i18n._(msg`Visit booked: ${when}`),
        lines: [
          side === "homeowner"
            ? i18n._(msg`Your visit with ${other} is booked for ${when}.`)
            : i18n._(msg`${other} booked a visit with you for ${when}.`),
        ],
        invite: "REQUEST",
      };
    }
    return {
      subject: i18n._(msg`Visit moved to ${when}`),
      lines: [
        mine
          ? i18n._(msg`You moved your visit with ${other} to ${when}.`)
          : i18n._(msg`${by} moved your visit to ${when}.`),
        ...reasonLines,
      ],
      invite: "REQUEST",
    };
  }
  if (isCancelled(state)) {
    if (told?.state === "proposed") {
      if (story.cause === "times_passed") {
        if (side !== "pro") return null;
        return {
          subject: i18n._(msg`No time picked for the visit with ${other}`),
          lines: [
            i18n._(
              msg`${other} did not pick any of the times you proposed for a visit, and they have passed. You can propose new times from the request.`,
            ),
          ],
          invite: null,
        };
      }
      // Times proposed and never picked: the side that did not withdraw them hears why.
      if (mine || story.changedBy === null) return null;
      return {
        subject: i18n._(msg`Proposed times withdrawn`),
        lines: [
          side === "homeowner"
            ? i18n._(msg`${other} withdrew the times proposed for a visit.`)
            : i18n._(msg`${other} declined the times you proposed for a visit.`),
          ...reasonLines,
        ],
        invite: null,
      };
    }
    return told && wasHeld ? cancelNotice(story, side, told, reading, reasonLines) : null;
  }
  // Done or a no-show: the side that did not say so hears it, once.
  if (mine || told?.state === state) return null;
  return state === "done"
    ? {
        subject: i18n._(msg`Visit marked done: ${when}`),
        lines: [i18n._(msg`${by} marked your visit of ${when} as done.`)],
        invite: null,
      }
    : {
        subject: i18n._(msg`Visit marked as a no-show: ${when}`),
        lines: [
          i18n._(msg`${by} says you were not there for the visit of ${when}.`),
          i18n._(msg`If that is wrong, write to us at ${BRAND.supportEmail}.`),
        ],
        invite: null,
      };
}

/** A visit with a time is cancelled: the side's calendar loses the time it was told. */
function cancelNotice(
  story: VisitStory,
  side: VisitSide,
  told: ToldState,
  reading: Reading,
  reasonLines: string[],
): Notice {
  const { i18n } = reading;
  const other = otherSideName(story, side);
  const by = other;
  const heldAt = toldStart(told);
  const when = timeOf(heldAt === null ? story.startsAt : new Date(heldAt), story, reading);
  const line = story.cause
    ? causeLine(story.cause, side, other, when, i18n)
    : story.changedBy === side
      ? i18n._(msg`You cancelled your visit with ${other} of ${when}.`)
      : i18n._(msg`${by} cancelled your visit of ${when}.`);
  return {
    subject: i18n._(msg`Visit cancelled: ${when}`),
    lines: [line, ...(story.cause ? [] : reasonLines)],
    invite: "CANCEL",
  };
}

/** Where a side's visit emails go, in which language. */
function recipientOf(story: VisitStory, side: VisitSide): { email: string; locale: Locale } | null {
  if (side === "pro") return { email: story.business.email, locale: story.business.locale };
  return story.request.email ? { email: story.request.email, locale: story.request.locale } : null;
}

/** The email telling `side` at `now` how the visit stands, or null when it has nothing new. */
export function composeVisitEmail(
  story: VisitStory,
  side: VisitSide,
  mail: MailSettings,
  now: Date,
): EmailMessage | null {
  const to = recipientOf(story, side);
  if (!to) return null;
  const i18n = i18nFor(to.locale);
  const notice = noticeOf(story, side, story.told[side], { i18n, locale: to.locale, now });
  if (!notice) return null;
  const link = visitLink(story.id, to.locale, mail);
  const address = notice.invite === "REQUEST" ? addressFor(story, side) : null;
  const invite = notice.invite
    ? visitInvite(calendarVisitFor(story, side, to.locale, mail), new URL(mail.siteUrl).host)
    : null;
  return {
    to: to.email,
    from: mail.from,
    subject: notice.subject,
    text: [
      ...notice.lines,
      ...(address ? ["", address] : []),
      "",
      i18n._(msg`See or change the visit: ${link}`),
    ].join("\n"),
    ...(notice.invite && invite ? { calendar: { method: notice.invite, content: invite } } : {}),
  };
}
