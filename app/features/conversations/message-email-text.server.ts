/**
 * The unread-message email's words, in its reader's language: whom it is
 * for, what it says, and its links (the thread, the one-click unsubscribe,
 * the email settings). message-email.server.ts decides when it is sent.
 */
import { msg, plural } from "@lingui/core/macro";
import { serviceLabel } from "~/features/content/index.server";
import type { EmailMessage } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { shortName } from "~/features/marketplace/index.server";
import { EMAIL_SETTINGS_PATH, UNREAD_EMAIL_DELAY_S } from "~/features/notifications";
import { unsubscribeHeaders } from "~/features/notifications/index.server";
import { i18nFor } from "~/lib/i18n.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { BRAND } from "~/site";
import type { ThreadSide } from "../../../database/schema";
import { waitMessage } from "./limits";

/** An outbox job of kind "message_email": whom to tell, and how this site sends mail. */
export interface MessageEmailJob {
  threadId: string;
  /** The side the email goes to (the one that has not read). */
  side: ThreadSide;
  from: string;
  siteUrl: string;
}

export interface MessageEmailRecipient {
  side: ThreadSide;
  to: string;
  /** The language the email is written in (the reader's). */
  locale: Locale;
  leadId: string;
  contractorId: string;
  homeownerName: string;
  businessName: string;
  service: string | null;
  /** The homeowner's request has an account (the dashboard), or a browser (/requests/:id). */
  leadHasAccount: boolean;
  /** The recipient's account: who the unsubscribe link turns these emails off for. */
  userId: string | null;
}

/** The one-click link for this recipient; none without an account (nothing to turn off). */
export interface MessageEmailLinks {
  unsubscribe: string | null;
}

/** An address of ours on the site, in the reader's language ("/fr/…"). */
function siteLink(pathOrUrl: string, siteUrl: string, locale: Locale): string {
  const url = new URL(pathOrUrl, siteUrl);
  url.pathname = localizePath(url.pathname, locale);
  return url.href;
}

export function composeMessageEmail(
  job: MessageEmailJob,
  recipient: MessageEmailRecipient,
  unread: number,
  links: MessageEmailLinks = { unsubscribe: null },
): EmailMessage {
  const { locale } = recipient;
  const i18n = i18nFor(locale);
  const what = recipient.service
    ? serviceLabel(recipient.service, locale)
    : i18n._(msg`your request`);
  const business = singleLine(recipient.businessName);
  const homeowner = recipient.side === "homeowner";
  const path = homeowner
    ? recipient.leadHasAccount
      ? `/dashboard/projects/${recipient.leadId}`
      : `/requests/${recipient.leadId}`
    : `/pro/requests/${recipient.leadId}?business=${recipient.contractorId}`;
  const link = siteLink(path, job.siteUrl, locale);
  const from = homeowner ? business : shortName(recipient.homeownerName);
  const first = homeowner ? singleLine(recipient.homeownerName).split(/\s+/)[0] : "";
  const brand = BRAND.name;
  const delay = i18n._(waitMessage(UNREAD_EMAIL_DELAY_S));
  const unsubscribe = links.unsubscribe ? siteLink(links.unsubscribe, job.siteUrl, locale) : null;
  const settings = siteLink(EMAIL_SETTINGS_PATH, job.siteUrl, locale);
  return {
    to: recipient.to,
    from: job.from,
    subject: i18n._(
      msg`${from} sent you ${plural(unread, { one: "a message", other: "# messages" })} on ${brand}`,
    ),
    text: [
      first ? i18n._(msg`Hello ${first},`) : i18n._(msg`Hello,`),
      "",
      homeowner
        ? i18n._(
            msg`${business} sent you ${plural(unread, { one: "a message", other: "# messages" })} about ${what}, waiting unread.`,
          )
        : i18n._(
            msg`${from} sent ${business} ${plural(unread, { one: "a message", other: "# messages" })} about ${what}, waiting unread.`,
          ),
      "",
      i18n._(msg`Read and reply: ${link}`),
      "",
      i18n._(
        msg`We email you when a message has waited unread for ${delay}, at most once an hour for each conversation.`,
      ),
      ...(unsubscribe
        ? [
            "",
            i18n._(msg`Stop these emails: ${unsubscribe}`),
            i18n._(msg`Choose the emails you get: ${settings}`),
          ]
        : []),
    ].join("\n"),
    ...(unsubscribe ? { headers: unsubscribeHeaders(unsubscribe) } : {}),
  };
}
