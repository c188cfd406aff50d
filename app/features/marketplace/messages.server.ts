/**
 * The marketplace's emails to businesses, composed when the step is taken
 * and kept in the outbox with it: a business hears of each request sent to
 * it (without the homeowner's phone or email: those come only once the pro
 * accepts), of being hired, not chosen, or closed. What every email shares
 * is here too; the homeowner's emails are homeowner-emails.server.ts.
 *
 * Each is written in its recipient's language, with links to the pages in
 * it: a business's (contractors.locale), a homeowner's (homeownerLocale).
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { serviceLabel } from "~/features/content/index.server";
import { leadPlaceLabel } from "~/features/leads";
import {
  homeownerEmail,
  homeownerLocale,
  homeownerRequestLink,
  type LinkSigning,
  type RequestLinkTarget,
} from "~/features/leads/index.server";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { i18nFor } from "~/lib/i18n.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { BRAND } from "~/site";
import { ANSWER_WINDOW_HOURS } from "./limits";

/** The one rule for a homeowner's language and address (leads: homeowner-reader.server.ts). */
export { homeownerEmail, homeownerLocale };

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
 * A business the homeowner did not hire is told, briefly, by whether it had
 * answered (issue 43): a pro that accepted or quoted is thanked for its
 * answer; one that never answered is only told the request is closed for
 * it, with nothing left to do.
 */
export function composeNotChosenEmail(
  request: RequestSummary,
  business: BusinessRecipient,
  answered: boolean,
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
      answered
        ? i18n._(
            msg`${homeowner} has chosen another option for ${project}. Thank you for answering.`,
          )
        : i18n._(
            msg`${homeowner} has hired another pro for ${project}, so the request is closed for your business. There is nothing more to do.`,
          ),
      "",
      i18n._(msg`The request stays in your inbox as "not chosen": ${link}`),
    ].join("\n"),
  };
}

/**
 * The business the homeowner hired (issue 43): it must now arrange the work
 * with them, so it is told at once, with the request's page, where the
 * homeowner's contact details show as they allowed (contact-rule.ts; the
 * email itself carries none of them).
 */
export function composeHiredEmail(
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
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`Hired: ${project}`),
    text: [
      i18n._(msg`${homeowner} hired ${name} for ${project} on ${brand}.`),
      "",
      i18n._(
        msg`Agree the start with them and book a site visit if you need one; the request's page shows how they allowed you to reach them: ${link}`,
      ),
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

/**
 * Where the homeowner follows a request, in their language: the account's
 * page once an account has it, else a signed link that opens it in any
 * browser (leads: request-link.server.ts). `target` "pros": its choice.
 */
export function homeownerLink(
  request: { id: string; userId: string | null },
  locale: Locale,
  mail: MailSettings,
  signing: LinkSigning,
  target: RequestLinkTarget = "request",
): string {
  return homeownerRequestLink(request, locale, mail, signing, target);
}
