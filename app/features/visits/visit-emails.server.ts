/**
 * A visit's emails (issue 34), composed in the transaction that changes it
 * and stored composed in the outbox, each in its recipient's language with
 * the time in the job's zone. A booking, a move and a cancellation reach
 * both sides with an iCalendar invite (METHOD REQUEST or CANCEL, the visit's
 * UID, its SEQUENCE); proposed times reach the homeowner; a visit marked
 * done or a no-show reaches the other side.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { pageLink, shortName, what, type Delivery } from "~/features/marketplace/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { BRAND } from "~/site";
import {
  contractors,
  leads,
  outboxJobs,
  visitOptions,
  visits,
  type VisitSide,
} from "../../../database/schema";
import { visitInvite, type CalendarVisit } from "./icalendar.server";
import { formatVisitTime } from "./visit-time";

/** What happened to the visit, for its emails. */
export type VisitChange =
  | "booked"
  | "proposed"
  | { rescheduledBy: VisitSide }
  | { cancelledBy: VisitSide }
  | { markedBy: VisitSide; outcome: "done" | "no_show" };

/** Everything a visit's emails say, read in the change's transaction. */
export interface VisitStory {
  id: string;
  leadId: string;
  state: (typeof visits.$inferSelect)["state"];
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string;
  address: string | null;
  sequence: number;
  reason: string | null;
  updatedAt: Date;
  options: Date[];
  request: {
    id: string;
    name: string;
    email: string | null;
    locale: Locale;
    service: string | null;
    citySlug: string | null;
    postalCode: string | null;
  };
  business: { id: string; name: string; email: string; locale: Locale };
}

/** The columns a VisitStory is read from (visits joined with leads and contractors). */
export const STORY_COLUMNS = {
  id: visits.id,
  leadId: visits.leadId,
  state: visits.state,
  startsAt: visits.startsAt,
  endsAt: visits.endsAt,
  timeZone: visits.timeZone,
  address: visits.address,
  sequence: visits.sequence,
  reason: visits.reason,
  updatedAt: visits.updatedAt,
  requestName: leads.name,
  requestEmail: leads.email,
  requestLocale: leads.locale,
  service: leads.service,
  citySlug: leads.citySlug,
  postalCode: leads.postalCode,
  businessId: contractors.id,
  businessName: contractors.name,
  businessEmail: contractors.email,
  businessLocale: contractors.locale,
};

type StoryRow = {
  [K in keyof typeof STORY_COLUMNS]: (typeof STORY_COLUMNS)[K]["_"]["notNull"] extends true
    ? (typeof STORY_COLUMNS)[K]["_"]["data"]
    : (typeof STORY_COLUMNS)[K]["_"]["data"] | null;
};

/** A row of STORY_COLUMNS as a story, with the proposed times. */
export function storyOf(row: StoryRow, options: Date[] = []): VisitStory {
  return {
    id: row.id,
    leadId: row.leadId,
    state: row.state,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    address: row.address,
    sequence: row.sequence,
    reason: row.reason,
    updatedAt: row.updatedAt,
    options,
    request: {
      id: row.leadId,
      name: row.requestName,
      email: row.requestEmail,
      locale: row.requestLocale,
      service: row.service,
      citySlug: row.citySlug,
      postalCode: row.postalCode,
    },
    business: {
      id: row.businessId,
      name: row.businessName,
      email: row.businessEmail,
      locale: row.businessLocale,
    },
  };
}

/** The visit with its request and business (the tests and the reminders read it too). */
export async function visitStory(
  tx: Database | Transaction,
  visitId: string,
): Promise<VisitStory | undefined> {
  const [row] = await tx
    .select(STORY_COLUMNS)
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .innerJoin(contractors, eq(contractors.id, visits.contractorId))
    .where(eq(visits.id, visitId));
  if (!row) return undefined;
  const options = await tx
    .select({ startsAt: visitOptions.startsAt })
    .from(visitOptions)
    .where(eq(visitOptions.visitId, visitId))
    .orderBy(visitOptions.startsAt);
  return storyOf(
    row,
    options.map((option) => option.startsAt),
  );
}

/** The visit's page, in the recipient's language. */
export const visitLink = (visitId: string, locale: Locale, mail: MailSettings): string =>
  pageLink(`/visits/${visitId}`, locale, mail);

/** The visit as a calendar event, for the invite (summary and description in `locale`). */
export function calendarVisitOf(
  story: VisitStory,
  locale: Locale,
  mail: MailSettings,
): CalendarVisit {
  const i18n = i18nFor(locale);
  const project = what(story.request, i18n, locale);
  const business = singleLine(story.business.name);
  const link = visitLink(story.id, locale, mail);
  const start = story.startsAt ?? new Date(0);
  return {
    id: story.id,
    sequence: story.sequence,
    start,
    end: story.endsAt ?? start,
    timeZone: story.timeZone,
    summary: i18n._(msg`Site visit: ${project} with ${business}`),
    description: i18n._(msg`See or change the visit: ${link}`),
    location: story.address,
    url: link,
    organizer: { name: business, email: story.business.email },
    attendee: {
      name: singleLine(story.request.name),
      email: story.request.email ?? BRAND.supportEmail,
    },
    cancelled: story.state === "cancelled_by_homeowner" || story.state === "cancelled_by_pro",
    updatedAt: story.updatedAt,
  };
}

/** The host the invites' UIDs are made on. */
const hostOf = (mail: MailSettings): string => new URL(mail.siteUrl).host;

interface Recipient {
  side: VisitSide;
  email: string;
  locale: Locale;
  /** How the other side is named to this one. */
  other: string;
}

function recipients(story: VisitStory): Recipient[] {
  const homeowner: Recipient[] = story.request.email
    ? [
        {
          side: "homeowner",
          email: story.request.email,
          locale: story.request.locale,
          other: singleLine(story.business.name),
        },
      ]
    : [];
  return [
    ...homeowner,
    {
      side: "pro",
      email: story.business.email,
      locale: story.business.locale,
      other: shortName(story.request.name),
    },
  ];
}

/** "Tue, Mar 10, 9:00 AM MDT" in the recipient's language, or "" without a time. */
function timeOf(story: VisitStory, locale: Locale): string {
  return story.startsAt ? formatVisitTime(story.startsAt, story.timeZone, locale) : "";
}

function sideName(side: VisitSide, story: VisitStory): string {
  return side === "homeowner" ? shortName(story.request.name) : singleLine(story.business.name);
}

/** The lines of one change's email for one recipient: subject and body. */
function wording(
  change: VisitChange,
  story: VisitStory,
  to: Recipient,
  i18n: I18n,
): { subject: string; lines: string[] } | null {
  const when = timeOf(story, to.locale);
  const other = to.other;
  const reason = singleLine(story.reason ?? "");
  if (change === "booked") {
    return {
      subject: i18n._(msg`Visit booked: ${when}`),
      lines: [
        to.side === "homeowner"
          ? i18n._(msg`Your visit with ${other} is booked for ${when}.`)
          : i18n._(msg`${other} booked a visit with you for ${when}.`),
      ],
    };
  }
  if (change === "proposed") {
    if (to.side !== "homeowner") return null;
    return {
      subject: i18n._(msg`${other} proposed times for a visit`),
      lines: [
        i18n._(msg`${other} proposed these times for a visit. Pick the one that suits you:`),
        ...story.options.map((start) => `- ${formatVisitTime(start, story.timeZone, to.locale)}`),
      ],
    };
  }
  if ("rescheduledBy" in change) {
    const by = change.rescheduledBy === to.side ? null : sideName(change.rescheduledBy, story);
    return {
      subject: i18n._(msg`Visit moved to ${when}`),
      lines: [
        by
          ? i18n._(msg`${by} moved your visit to ${when}.`)
          : i18n._(msg`You moved your visit with ${other} to ${when}.`),
        ...(reason ? [i18n._(msg`Reason: ${reason}`)] : []),
      ],
    };
  }
  if ("cancelledBy" in change) {
    const by = change.cancelledBy === to.side ? null : sideName(change.cancelledBy, story);
    return {
      subject: i18n._(msg`Visit cancelled: ${when}`),
      lines: [
        by
          ? i18n._(msg`${by} cancelled your visit of ${when}.`)
          : i18n._(msg`You cancelled your visit with ${other} of ${when}.`),
        ...(reason ? [i18n._(msg`Reason: ${reason}`)] : []),
      ],
    };
  }
  if (change.markedBy === to.side) return null;
  const by = sideName(change.markedBy, story);
  return change.outcome === "done"
    ? {
        subject: i18n._(msg`Visit marked done: ${when}`),
        lines: [i18n._(msg`${by} marked your visit of ${when} as done.`)],
      }
    : {
        subject: i18n._(msg`Visit marked as a no-show: ${when}`),
        lines: [
          i18n._(msg`${by} says you were not there for the visit of ${when}.`),
          i18n._(msg`If that is wrong, write to us at ${BRAND.supportEmail}.`),
        ],
      };
}

/** Whether the change's emails carry the invite, and with which method. */
function inviteMethod(change: VisitChange): "REQUEST" | "CANCEL" | null {
  if (change === "booked") return "REQUEST";
  if (change === "proposed") return null;
  if ("rescheduledBy" in change) return "REQUEST";
  if ("cancelledBy" in change) return "CANCEL";
  return null;
}

/** The change's emails, one per recipient who is told. */
export function composeVisitEmails(
  change: VisitChange,
  story: VisitStory,
  mail: MailSettings,
): EmailMessage[] {
  const method = inviteMethod(change);
  return recipients(story).flatMap((to) => {
    const i18n = i18nFor(to.locale);
    const words = wording(change, story, to, i18n);
    if (!words) return [];
    const link = visitLink(story.id, to.locale, mail);
    const invite = method
      ? visitInvite(calendarVisitOf(story, to.locale, mail), hostOf(mail))
      : undefined;
    const message: EmailMessage = {
      to: to.email,
      from: mail.from,
      subject: words.subject,
      text: [
        ...words.lines,
        ...(story.address && method === "REQUEST" ? ["", singleLine(story.address)] : []),
        "",
        i18n._(msg`See or change the visit: ${link}`),
      ].join("\n"),
      ...(method && invite ? { calendar: { method, content: invite } } : {}),
    };
    return [message];
  });
}

/** Writes the change's emails to the outbox, in the change's transaction. */
export async function queueVisitEmails(
  tx: Transaction,
  visitId: string,
  change: VisitChange,
  delivery: Delivery,
): Promise<void> {
  const story = await visitStory(tx, visitId);
  if (!story) return;
  const emails = composeVisitEmails(change, story, delivery.mail);
  if (emails.length === 0) return;
  await tx.insert(outboxJobs).values(
    emails.map((payload) => ({
      leadId: story.leadId,
      kind: "visit_email" as const,
      status: delivery.emailStatus,
      payload,
    })),
  );
}
