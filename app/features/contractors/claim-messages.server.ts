/**
 * A claim's limits and words, in the language of the page where the claim is
 * made: its notices, the refusals that count (seconds to wait, tries left),
 * the business email as shown masked, and the email that carries the code.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { type EmailMessage, type MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { i18nFor, translate } from "~/lib/i18n.server";
import { localizePath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/lib/locales";
import { BRAND } from "~/site";

export const CLAIM_CODE_TTL_MS = 15 * 60 * 1000;
export const CLAIM_MAX_TRIES = 5;
/** A new code at most this often, per person and business. */
export const CLAIM_RESEND_MS = 60 * 1000;

const CLAIM_NOTICES = {
  owned: msg`This business is already managed by its owner. If you think that's wrong, contact us.`,
  yours: msg`You already manage this business.`,
  expired: msg`This code has expired. Send a new code.`,
  noCode: msg`Please send a code to the business email first.`,
  format: msg`Please enter the 6-digit code from the email.`,
  noEmail: msg`This listing has no business email, so we can't check that it is yours. Please contact us.`,
} as const satisfies Record<string, MessageDescriptor>;

export type ClaimNotice = keyof typeof CLAIM_NOTICES;

/** A claim's message in a language. */
export function claimMessage(key: ClaimNotice, locale: Locale): string {
  return translate(locale, CLAIM_NOTICES[key]);
}

/** Each message in every language (the catalogues are loaded: this module imports them). */
export const CLAIM_MESSAGES_IN = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.fromEntries(
      Object.keys(CLAIM_NOTICES).map((key) => [key, claimMessage(key as ClaimNotice, locale)]),
    ),
  ]),
) as Record<Locale, Record<ClaimNotice, string>>;

/** The messages in English. */
export const CLAIM_MESSAGES = CLAIM_MESSAGES_IN[DEFAULT_LOCALE];

export function tooSoon(seconds: number, locale: Locale): string {
  return translate(
    locale,
    msg`We sent a code less than a minute ago. You can ask for a new one in ${plural(seconds, {
      one: "# second",
      other: "# seconds",
    })}.`,
  );
}

export function wrongCode(left: number, locale: Locale): string {
  if (left === 0) {
    return translate(
      locale,
      msg`That code is not right, and that was the last try. Send a new code.`,
    );
  }
  return translate(
    locale,
    msg`That code is not right. You have ${plural(left, { one: "# try", other: "# tries" })} left.`,
  );
}

/** "b•••@example.com": enough to recognise the address, not to learn it. */
export function maskBusinessEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.charAt(0)}•••${email.slice(at)}`;
}

/** The code's email, in the language of the page where it was asked for (its link too). */
export function composeClaimCodeEmail(
  business: { name: string; email: string; slug: string },
  code: string,
  mail: MailSettings,
  locale: Locale = DEFAULT_LOCALE,
): EmailMessage {
  const i18n = i18nFor(locale);
  const name = singleLine(business.name);
  const brand = BRAND.name;
  const link = new URL(
    localizePath(`/pros/${business.slug}/claim`, locale),
    mail.siteUrl,
  ).toString();
  const tries = CLAIM_MAX_TRIES;
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`Your code to manage ${name} on ${brand}`),
    text: [
      i18n._(msg`Here is your code to manage the listing of ${name} on ${brand}:`),
      "",
      code,
      "",
      i18n._(msg`Enter it on the page where you asked for it: ${link}`),
      i18n._(
        msg`It works for 15 minutes and for ${plural(tries, { one: "# try", other: "# tries" })}.`,
      ),
      "",
      i18n._(
        msg`Someone signed in to ${brand} asked for it. If it wasn't you, ignore this email: nothing changes without the code.`,
      ),
    ].join("\n"),
  };
}
