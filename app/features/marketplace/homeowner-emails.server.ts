/**
 * The marketplace's emails to a homeowner, each in their language by the one
 * rule (`request.locale`: homeownerLocale) and each with the way back to the
 * request (`homeownerLink`: the account's page, or a signed link that opens
 * it in any browser): their request went to the pros they chose, a quote
 * came, a pro can't take it on, a chosen business is no longer available.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { REQUEST_LINK_DAYS, type LinkSigning } from "~/features/leads/index.server";
import { shortDay } from "~/lib/dates";
import { i18nFor, translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { BRAND } from "~/site";
import type { Currency } from "../../../database/schema";
import { ANSWER_WINDOW_HOURS } from "./limits";
import { homeownerLink, what, type RequestSummary } from "./messages.server";
import { formatPrice } from "./price";

/** A homeowner an email goes to: the request, its address, its account (if any), their language. */
export type HomeownerRecipient = RequestSummary & {
  email: string;
  userId: string | null;
  locale: Locale;
};

/** "A", "A and B", "A, B and C" (in the language's words). */
export function listOf(names: readonly string[], locale: Locale): string {
  if (names.length <= 1) return names[0] ?? "";
  const first = names.slice(0, -1).join(", ");
  const last = names.at(-1) ?? "";
  return translate(locale, msg`${first} and ${last}`);
}

/** Beside a link that opens a request held by no account (the confirmation says the same). */
export function browserLinkSentence(i18n: I18n): string {
  const days = REQUEST_LINK_DAYS;
  return i18n._(
    msg`This link opens your request in any browser for ${days} days: keep this email to come back to it.`,
  );
}

/**
 * The homeowner's request went to the pros they chose (issue 43): it names
 * each (the names are the businesses' as listed, never the homeowner's own
 * words), says what happens next, and links back to the request, so that a
 * homeowner who sent it without an account can find it again.
 */
export function composeRequestSentEmail(
  request: HomeownerRecipient,
  businesses: readonly { name: string }[],
  mail: MailSettings,
  signing: LinkSigning,
): EmailMessage {
  const { locale } = request;
  const i18n = i18nFor(locale);
  const link = homeownerLink(request, locale, mail, signing);
  const project = what(request, i18n, locale);
  const names = listOf(
    businesses.map((business) => singleLine(business.name)),
    locale,
  );
  const hours = ANSWER_WINDOW_HOURS;
  const brand = BRAND.name;
  return {
    to: request.email,
    from: mail.from,
    subject: i18n._(msg`Your request was sent to ${names}`),
    text: [
      i18n._(msg`Hello,`),
      "",
      i18n._(msg`Your request for ${project} was sent to ${names} on ${brand}.`),
      i18n._(
        msg`Each has ${hours} hours to accept or decline it. We'll email you when a quote comes, and if a pro can't take it on.`,
      ),
      "",
      i18n._(msg`Follow your request here: ${link}`),
      ...(request.userId ? [] : [browserLinkSentence(i18n)]),
    ].join("\n"),
  };
}

/**
 * A homeowner hears of a quote (new or changed), in their language
 * (`request.locale`: homeownerLocale), with the way back to compare it.
 */
export function composeQuoteEmail(
  request: HomeownerRecipient,
  business: { name: string },
  quote: { currency: Currency; minCents: number; maxCents: number; validUntil: string },
  changed: boolean,
  mail: MailSettings,
  signing: LinkSigning,
  now: Date,
): EmailMessage {
  const { locale } = request;
  const i18n = i18nFor(locale);
  const link = homeownerLink(request, locale, mail, signing);
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
  request: HomeownerRecipient,
  business: { name: string },
  situation: UnavailableSituation,
  mail: MailSettings,
  signing: LinkSigning,
): EmailMessage {
  const { locale } = request;
  const i18n = i18nFor(locale);
  const projectLink = homeownerLink(request, locale, mail, signing);
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
  const chooseLink = homeownerLink(request, locale, mail, signing, "pros");
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
