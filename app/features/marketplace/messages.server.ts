/**
 * The marketplace's emails, composed when the step is taken and kept in the
 * outbox with it: a business hears of each request sent to it (without the
 * homeowner's phone or email: those come only once the pro accepts), a
 * homeowner of each quote, and of a chosen business an operator suspended.
 *
 * Each is written in its recipient's language, with links to the pages in
 * it: a business's (contractors.locale), a homeowner's (homeownerLocale).
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { sql } from "drizzle-orm";
import { serviceLabel } from "~/features/content/index.server";
import { leadPlaceLabel } from "~/features/leads";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { shortDay } from "~/lib/dates";
import { i18nFor } from "~/lib/i18n.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { BRAND } from "~/site";
import { leads, users, type Currency } from "../../../database/schema";
import { ANSWER_WINDOW_HOURS } from "./limits";
import { formatPrice } from "./price";

/**
 * The language a homeowner reads their emails in, as a column of a query on
 * leads: their account's once one has the request, else the request's own
 * (leads.locale, the language it was sent in).
 */
export const homeownerLocale = sql<Locale>`coalesce((select ${users.locale} from ${users} where ${users.id} = ${leads.userId}), ${leads.locale})`;

/** Where a homeowner's emails go, as a column on leads: the request's address, else their account's. */
export const homeownerEmail = sql<
  string | null
>`coalesce(${leads.email}, (select ${users.email} from ${users} where ${users.id} = ${leads.userId}))`;

/** What the emails say about a request. */
export interface RequestSummary {
  id: string;
  name: string;
  service: string | null;
  citySlug: string | null;
  postalCode: string | null;
}

/** "Jordan L.": enough for a pro to recognise a request, not to reach the person. */
export function shortName(name: string): string {
  const [first = "", ...rest] = singleLine(name).split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/**
 * "Roof Repair in Denver, CO 80202", "Roof Repair (80203)" when only the
 * ZIP or postal code is known (never "in 80203", which reads badly in every
 * language), "a project", in the recipient's language.
 */
export function what(request: RequestSummary, i18n: I18n, locale: Locale): string {
  const place = leadPlaceLabel(request);
  const code = request.postalCode;
  const service = request.service ? serviceLabel(request.service, locale) : null;
  if (!request.citySlug && code) {
    return service ? i18n._(msg`${service} (${code})`) : i18n._(msg`a project (${code})`);
  }
  if (!service) return place ? i18n._(msg`a project in ${place}`) : i18n._(msg`a project`);
  return place ? i18n._(msg`${service} in ${place}`) : service;
}

/** A page of ours in the recipient's language, as a full address. */
export function pageLink(path: string, locale: Locale, mail: MailSettings): string {
  return new URL(localizePath(path, locale), mail.siteUrl).toString();
}

/** The request on the business's side of the site. */
export function proLink(
  request: RequestSummary,
  business: { id: string },
  locale: Locale,
  mail: MailSettings,
): string {
  return pageLink(`/pro/requests/${request.id}?business=${business.id}`, locale, mail);
}

/** A business that receives an email: where, and in which language. */
export interface BusinessRecipient {
  id: string;
  name: string;
  email: string;
  locale: Locale;
}

export function composeProRequestEmail(
  request: RequestSummary,
  business: BusinessRecipient,
  mail: MailSettings,
): EmailMessage {
  const { locale } = business;
  const i18n = i18nFor(locale);
  const link = proLink(request, business, locale, mail);
  const project = what(request, i18n, locale);
  const homeowner = shortName(request.name);
  const name = business.name;
  const brand = BRAND.name;
  const hours = ANSWER_WINDOW_HOURS;
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`New request: ${project}`),
    text: [
      i18n._(msg`${homeowner} chose ${name} for ${project} on ${brand}.`),
      "",
      i18n._(msg`Read the request and accept or decline it: ${link}`),
      "",
      i18n._(
        msg`Please accept or decline within ${hours} hours; after that the request closes for your business. Declining costs nothing.`,
      ),
      i18n._(msg`Once you accept, you see the ways the homeowner allowed you to reach them.`),
    ].join("\n"),
  };
}

/**
 * A homeowner hears of a quote (new or changed), in their language
 * (`request.locale`: homeownerLocale).
 */
export function composeQuoteEmail(
  request: RequestSummary & { email: string; locale: Locale },
  business: { name: string },
  quote: { currency: Currency; minCents: number; maxCents: number; validUntil: string },
  changed: boolean,
  mail: MailSettings,
  now: Date,
): EmailMessage {
  const { locale } = request;
  const i18n = i18nFor(locale);
  const link = pageLink(`/dashboard/projects/${request.id}`, locale, mail);
  const name = business.name;
  const project = what(request, i18n, locale);
  const price = formatPrice(quote.currency, quote.minCents, quote.maxCents, locale);
  // "Dec 31", or "Jan 30, 2027" when the quote holds into another year: never the ISO day.
  const until = shortDay(quote.validUntil, locale, now);
  return {
    to: request.email,
    from: mail.from,
    subject: changed
      ? i18n._(msg`${name} changed its quote for ${project}`)
      : i18n._(msg`${name} sent you a quote for ${project}`),
    text: [
      changed
        ? i18n._(msg`${name} changed its quote ${price} for ${project}, valid until ${until}.`)
        : i18n._(msg`${name} quoted ${price} for ${project}, valid until ${until}.`),
      "",
      i18n._(msg`Compare the quotes and choose a pro: ${link}`),
    ].join("\n"),
  };
}

/** A business the homeowner did not hire (or whose request was cancelled) is told, briefly. */
export function composeNotChosenEmail(
  request: RequestSummary,
  business: BusinessRecipient,
  mail: MailSettings,
): EmailMessage {
  const { locale } = business;
  const i18n = i18nFor(locale);
  const link = proLink(request, business, locale, mail);
  const project = what(request, i18n, locale);
  const homeowner = shortName(request.name);
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`Not chosen: ${project}`),
    text: [
      i18n._(msg`${homeowner} has chosen another option for ${project}. Thank you for answering.`),
      "",
      i18n._(msg`The request stays in your inbox as "not chosen": ${link}`),
    ].join("\n"),
  };
}

/**
 * A business whose part the homeowner closed: the whole request ("Not going
 * ahead") or this business alone ("Remove this pro"). Its contact details
 * are no longer shared (contact-rule.ts).
 */
export function composeRequestClosedEmail(
  request: RequestSummary,
  business: BusinessRecipient,
  how: "closed" | "removed",
  mail: MailSettings,
): EmailMessage {
  const { locale } = business;
  const i18n = i18nFor(locale);
  const link = proLink(request, business, locale, mail);
  const project = what(request, i18n, locale);
  const homeowner = shortName(request.name);
  const name = business.name;
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`Closed: ${project}`),
    text: [
      how === "closed"
        ? i18n._(msg`${homeowner} is not going ahead with ${project}, so the request is closed.`)
        : i18n._(msg`${homeowner} has closed the request for ${project} with ${name}.`),
      i18n._(msg`Their contact details are no longer shared with you. Thank you for your time.`),
      "",
      i18n._(msg`The request stays in your inbox as closed: ${link}`),
    ].join("\n"),
  };
}

/** Where the homeowner follows a request: the dashboard once an account has it, else the browser's page. */
export function homeownerLink(
  request: { id: string; userId: string | null },
  locale: Locale,
  mail: MailSettings,
  tail = "",
): string {
  const base = request.userId ? `/dashboard/projects/${request.id}` : `/requests/${request.id}`;
  return pageLink(`${base}${tail}`, locale, mail);
}

/** Where the request stands once the suspended business is gone from it. */
export interface UnavailableSituation {
  /** The business was the one hired (the request is scheduled or in progress). */
  hired: boolean;
  /** The request's other pros still waiting to answer or be chosen. */
  othersWaiting: number;
  /** How many more pros the homeowner may still choose for it. */
  room: number;
}

/**
 * A homeowner whose request is still open with a business an operator
 * suspended: told, plainly, that the business is gone, that the request
 * stays open, and where to go on (issue 21). In their language
 * (`request.locale`: homeownerLocale).
 */
export function composeProUnavailableEmail(
  request: RequestSummary & { email: string; userId: string | null; locale: Locale },
  business: { name: string },
  situation: UnavailableSituation,
  mail: MailSettings,
): EmailMessage {
  const { locale } = request;
  const i18n = i18nFor(locale);
  const projectLink = homeownerLink(request, locale, mail);
  const first = singleLine(request.name).split(/\s+/)[0] ?? "";
  const name = business.name;
  const subjectName = singleLine(business.name);
  const brand = BRAND.name;
  const support = BRAND.supportEmail;
  const project = what(request, i18n, locale);
  const opening = situation.hired
    ? i18n._(
        msg`${name}, the pro you hired for ${project}, is no longer available on ${brand}. We're sorry for the change of plan.`,
      )
    : i18n._(
        msg`${name} is no longer available on ${brand}, so it can't take on your request. We're sorry for the change of plan.`,
      );
  const chooseLink = homeownerLink(request, locale, mail, "/pros");
  const next = situation.hired
    ? [
        i18n._(
          msg`Your project stays open on your project page, where you can follow it or cancel it: ${projectLink}`,
        ),
      ]
    : [
        situation.othersWaiting > 0
          ? i18n._(msg`Your request for ${project} is still open with the other pros you chose.`)
          : i18n._(msg`Your request for ${project} is still open.`),
        ...(situation.room > 0
          ? ["", i18n._(msg`You can choose another pro for it: ${chooseLink}`)]
          : []),
        "",
        i18n._(msg`See your request: ${projectLink}`),
      ];
  return {
    to: request.email,
    from: mail.from,
    subject: i18n._(msg`${subjectName} is no longer available on ${brand}`),
    text: [
      first ? i18n._(msg`Hello ${first},`) : i18n._(msg`Hello,`),
      "",
      opening,
      "",
      ...next,
      "",
      i18n._(msg`Questions? Write to us at ${support}.`),
    ].join("\n"),
  };
}
