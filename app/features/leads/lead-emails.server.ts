/**
 * What the outbox delivers for a lead: the email to the business inbox, the
 * confirmation to the person, and the CRM webhook body. Composed when the lead
 * is taken and stored with the job, so a delivery sends what was promised.
 * The confirmation is in the homeowner's language (the one rule of
 * homeowner-reader.server.ts); the business inbox's email is the
 * operator's, in English.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { serviceLabel } from "~/features/content/index.server";
import { i18nFor } from "~/lib/i18n.server";
import { localizePath } from "~/lib/locale-path";
import { formatterCache, type Locale } from "~/lib/locales";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { multiLine, singleLine } from "~/lib/plain-text";
import { BRAND, isCategorySlug, isServiceSlug } from "~/site";
import type { ContactMethod } from "../../../database/enums";
import { CALLBACK_WINDOW_LABELS, CONTACT_LABELS, SOURCE_LABELS } from "./labels";
import { leadPlaceLabel, type LeadRow } from "./lead-row";
import { formatPhone } from "./phone";
import { homeownerRequestLink, REQUEST_LINK_DAYS, type LinkSigning } from "./request-link.server";

function lines(rows: [string, string | null | undefined][]): string {
  return rows
    .filter((row): row is [string, string] => Boolean(row[1]))
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

/** The operator's language: the business inbox's email and the webhook stay English. */
const OPERATOR_LOCALE: Locale = "en";

/** The language a lead's homeowner wrote in, for the operator (not said for English). */
const LANGUAGE_NAMES: Record<Locale, string | undefined> = {
  en: undefined,
  es: "Spanish (es)",
  fr: "French (fr)",
};

function requestSummary(lead: LeadRow): string {
  return lines([
    ["Service", lead.service ? serviceLabel(lead.service, OPERATOR_LOCALE) : undefined],
    ["Place", leadPlaceLabel(lead)],
    [
      "Preferred contact",
      lead.preferredContact ? CONTACT_LABELS[lead.preferredContact] : undefined,
    ],
    [
      "Best time to call",
      lead.preferredTime ? CALLBACK_WINDOW_LABELS[lead.preferredTime] : undefined,
    ],
  ]);
}

export function composeBusinessEmail(lead: LeadRow, mail: MailSettings): EmailMessage {
  const what = lead.source === "callback" ? "Call-back request" : "New quote request";
  const service = lead.service ? `: ${serviceLabel(lead.service, OPERATOR_LOCALE)}` : "";
  const place = leadPlaceLabel(lead);
  return {
    to: mail.businessInbox,
    from: mail.from,
    replyTo: lead.email ?? undefined,
    subject: `${what}${service}${place ? ` in ${place}` : ""}`,
    text: [
      `${what} from the ${SOURCE_LABELS[lead.source]}.`,
      "",
      lines([
        // What a stranger typed: without control characters (stored rows may predate the check).
        ["Name", singleLine(lead.name)],
        ["Email", lead.email],
        ["Phone", lead.phone ? formatPhone(lead.phone, OPERATOR_LOCALE) : undefined],
        ["Language", LANGUAGE_NAMES[lead.locale]],
      ]),
      requestSummary(lead),
      "",
      lead.details ? `Details:\n${multiLine(lead.details)}\n` : "",
      `Consent given ${lead.consentAt.toISOString()}: "${lead.consentText}"`,
      `Lead ${lead.id}, received ${lead.createdAt.toISOString()}.`,
    ].join("\n"),
  };
}

const longDate = formatterCache(
  (tag) => new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }),
);

/**
 * What the homeowner allowed when sending, as the confirmation says it: the
 * channels the pros they choose will see once they accept (the contact rule,
 * marketplace/contact-rule.ts), never more than they chose (issue 43).
 */
function allowedSentence(method: ContactMethod | null, i18n: I18n): string {
  const brand = BRAND.name;
  switch (method) {
    case "phone":
      return i18n._(
        msg`You asked to be contacted by phone call. The pros you choose see your phone number, not your email address, once they accept your request.`,
      );
    case "text":
      return i18n._(
        msg`You asked to be contacted by text message. The pros you choose see your phone number, not your email address, once they accept your request.`,
      );
    case "email":
      return i18n._(
        msg`You asked to be contacted by email. The pros you choose see your email address, not your phone number, once they accept your request.`,
      );
    case "messages":
      return i18n._(
        msg`You asked to be contacted through Messages on ${brand} only. The pros you choose never see your phone number or email address.`,
      );
    case null:
      return i18n._(
        msg`The pros you choose see your phone number and email address once they accept your request.`,
      );
  }
}

/** Where, and in which language, the confirmation takes the person back to their request. */
export interface ConfirmationReader {
  /** The homeowner's language by the one rule (homeowner-reader.server.ts). */
  locale: Locale;
  signing: LinkSigning;
}

/**
 * The confirmation to the address the person gave, in their language (the
 * account's, else the page's they sent it from). Anyone can type anyone's
 * address into a form, so it says only what we know in our own words: the
 * service and place as our lists name them, the date, what the person
 * allowed (a choice among our own sentences), the way back to the request,
 * and how to stop. No name, no details, nothing typed: the site cannot be
 * made to send a stranger's text to someone. The link opens the request in
 * any browser (request-link.server.ts) while no account has it.
 */
export function composeConfirmationEmail(
  lead: LeadRow,
  mail: MailSettings,
  reader: ConfirmationReader,
  /** The lead's place as our gazetteer names it (never the typed text), when known. */
  place: string | null = null,
): EmailMessage | null {
  if (!lead.email) return null;
  const { locale } = reader;
  const i18n = i18nFor(locale);
  const service =
    lead.service && (isCategorySlug(lead.service) || isServiceSlug(lead.service))
      ? serviceLabel(lead.service, locale)
      : null;
  const date = longDate(locale).format(lead.createdAt);
  const brand = BRAND.name;
  const supportEmail = BRAND.supportEmail;
  const privacy = `${mail.siteUrl}${localizePath("/privacy", locale)}`;
  let received: string;
  if (service && place) {
    received = i18n._(msg`We received your request for ${service} in ${place} on ${date}.`);
  } else if (service) {
    received = i18n._(msg`We received your request for ${service} on ${date}.`);
  } else if (place) {
    received = i18n._(msg`We received your request in ${place} on ${date}.`);
  } else {
    received = i18n._(msg`We received your request on ${date}.`);
  }
  // A draft (every form's request) goes on to its choice of pros; anything else to its page.
  const draft = lead.status === "draft";
  const link = homeownerRequestLink(lead, locale, mail, reader.signing, draft ? "pros" : "request");
  const days = REQUEST_LINK_DAYS;
  // Texts only matter to someone who let the pros have their phone number.
  const phone = lead.preferredContact !== "email" && lead.preferredContact !== "messages";
  return {
    to: lead.email,
    from: mail.from,
    subject: i18n._(msg`We received your request – ${brand}`),
    text: [
      i18n._(msg`Hello,`),
      "",
      received,
      draft
        ? i18n._(msg`Nobody has it yet. Choose the pros who get it: ${link}`)
        : i18n._(msg`Follow your request here: ${link}`),
      lead.userId
        ? i18n._(msg`You also find it under My Projects when you sign in.`)
        : i18n._(
            msg`This link opens your request in any browser for ${days} days: keep this email to come back to it.`,
          ),
      "",
      allowedSentence(lead.preferredContact, i18n),
      phone
        ? i18n._(
            msg`To stop texts, reply STOP to any text; to stop everything or delete your request, reply to this email or write to ${supportEmail}.`,
          )
        : i18n._(
            msg`To stop everything or delete your request, reply to this email or write to ${supportEmail}.`,
          ),
      i18n._(msg`Privacy: ${privacy}`),
      "",
      i18n._(msg`– The ${brand} team`),
    ].join("\n"),
  };
}

export interface WebhookBody {
  event: "lead.created";
  lead: {
    id: string;
    createdAt: string;
    source: LeadRow["source"];
    name: string;
    email: string | null;
    phone: string | null;
    service: string | null;
    serviceLabel: string | null;
    citySlug: string | null;
    postalCode: string | null;
    country: string | null;
    details: string | null;
    preferredContact: string | null;
    preferredTime: string | null;
    /** The language the homeowner wrote in (en, es, fr). */
    locale: Locale;
    consent: { text: string; at: string };
    contractorId: string | null;
    userId: string | null;
  };
}

export function composeWebhookBody(lead: LeadRow): WebhookBody {
  return {
    event: "lead.created",
    lead: {
      id: lead.id,
      createdAt: lead.createdAt.toISOString(),
      source: lead.source,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      service: lead.service,
      serviceLabel: lead.service ? serviceLabel(lead.service, OPERATOR_LOCALE) : null,
      citySlug: lead.citySlug,
      postalCode: lead.postalCode,
      country: lead.country,
      details: lead.details,
      preferredContact: lead.preferredContact,
      preferredTime: lead.preferredTime,
      locale: lead.locale,
      consent: { text: lead.consentText, at: lead.consentAt.toISOString() },
      contractorId: lead.contractorId,
      userId: lead.userId,
    },
  };
}
