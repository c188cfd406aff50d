/**
 * The marketplace's emails, composed when the step is taken and kept in the
 * outbox with it: a business hears of each request sent to it (without the
 * homeowner's phone or email: those come only once the pro accepts), a
 * homeowner of each quote, and of a chosen business an operator suspended.
 */
import { DEFAULT_LOCALE } from "~/lib/locales";
import { serviceLabel } from "~/features/content/service-label.server";
import { placeLabel, type EmailMessage, type MailSettings } from "~/features/leads/messages.server";
import { singleLine } from "~/features/leads/plain-text";
import { BRAND } from "~/site";
import type { Currency } from "../../../database/schema";
import { formatPrice } from "./price";

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

function what(request: RequestSummary): string {
  const service = request.service ? serviceLabel(request.service, DEFAULT_LOCALE) : "a project";
  const place = placeLabel(request);
  return place ? `${service} in ${place}` : service;
}

/** The request on the business's side of the site. */
function proLink(request: RequestSummary, business: { id: string }, mail: MailSettings): string {
  return new URL(`/pro/requests/${request.id}?business=${business.id}`, mail.siteUrl).toString();
}

export function composeProRequestEmail(
  request: RequestSummary,
  business: { id: string; name: string; email: string },
  mail: MailSettings,
): EmailMessage {
  const link = proLink(request, business, mail);
  return {
    to: business.email,
    from: mail.from,
    subject: `New request: ${what(request)}`,
    text: [
      `${shortName(request.name)} chose ${business.name} for ${what(request)} on ${BRAND.name}.`,
      "",
      `Read the request and accept or decline it: ${link}`,
      "",
      "Their phone and email are shown once you accept. Declining costs nothing.",
    ].join("\n"),
  };
}

export function composeQuoteEmail(
  request: RequestSummary & { email: string },
  business: { name: string },
  quote: { currency: Currency; minCents: number; maxCents: number; validUntil: string },
  changed: boolean,
  mail: MailSettings,
): EmailMessage {
  const link = new URL(`/dashboard/projects/${request.id}`, mail.siteUrl);
  return {
    to: request.email,
    from: mail.from,
    subject: `${business.name} ${changed ? "changed its" : "sent you a"} quote for ${what(request)}`,
    text: [
      `${business.name} ${changed ? "changed its quote" : "quoted"} ${formatPrice(quote.currency, quote.minCents, quote.maxCents)} for ${what(request)}, valid until ${quote.validUntil}.`,
      "",
      `Compare the quotes and choose a pro: ${link}`,
    ].join("\n"),
  };
}

/** A business the homeowner did not hire (or whose request was cancelled) is told, briefly. */
export function composeNotChosenEmail(
  request: RequestSummary,
  business: { id: string; name: string; email: string },
  mail: MailSettings,
): EmailMessage {
  const link = proLink(request, business, mail);
  return {
    to: business.email,
    from: mail.from,
    subject: `Not chosen: ${what(request)}`,
    text: [
      `${shortName(request.name)} has chosen another option for ${what(request)}. Thank you for answering.`,
      "",
      `The request stays in your inbox as "not chosen": ${link}`,
    ].join("\n"),
  };
}

/** Where the homeowner follows a request: the dashboard once an account has it, else the browser's page. */
function homeownerLink(
  request: { id: string; userId: string | null },
  mail: MailSettings,
  tail = "",
): string {
  const base = request.userId ? `/dashboard/projects/${request.id}` : `/requests/${request.id}`;
  return new URL(`${base}${tail}`, mail.siteUrl).toString();
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
 * stays open, and where to go on (issue 21).
 */
export function composeProUnavailableEmail(
  request: RequestSummary & { email: string; userId: string | null },
  business: { name: string },
  situation: UnavailableSituation,
  mail: MailSettings,
): EmailMessage {
  const project = homeownerLink(request, mail);
  const first = singleLine(request.name).split(/\s+/)[0] ?? "";
  const opening = situation.hired
    ? `${business.name}, the pro you hired for ${what(request)}, is no longer available on ${BRAND.name}. We're sorry for the change of plan.`
    : `${business.name} is no longer available on ${BRAND.name}, so it can't take on your request. We're sorry for the change of plan.`;
  const next = situation.hired
    ? [
        `Your project stays open on your project page, where you can follow it or cancel it: ${project}`,
      ]
    : [
        situation.othersWaiting > 0
          ? `Your request for ${what(request)} is still open with the other pros you chose.`
          : `Your request for ${what(request)} is still open.`,
        ...(situation.room > 0
          ? ["", `You can choose another pro for it: ${homeownerLink(request, mail, "/pros")}`]
          : []),
        "",
        `See your request: ${project}`,
      ];
  return {
    to: request.email,
    from: mail.from,
    subject: `${singleLine(business.name)} is no longer available on ${BRAND.name}`,
    text: [
      first ? `Hello ${first},` : "Hello,",
      "",
      opening,
      "",
      ...next,
      "",
      `Questions? Write to us at ${BRAND.supportEmail}.`,
    ].join("\n"),
  };
}
