/**
 * The business an operator suspends is told (issue 43): it must act (put
 * right what the reason says, or ask us), and until now it learnt of it only
 * by signing in. In its own language (contractors.locale); the reason is the
 * operator's words, quoted as written (the console is in English).
 */
import { msg } from "@lingui/core/macro";
import { pageLink } from "~/features/marketplace/index.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { BRAND } from "~/site";

export function composeBusinessSuspendedEmail(
  business: { name: string; email: string; locale: Locale },
  reason: string,
  mail: MailSettings,
): EmailMessage {
  const { locale } = business;
  const i18n = i18nFor(locale);
  const name = business.name;
  const subjectName = singleLine(business.name);
  const brand = BRAND.name;
  const support = BRAND.supportEmail;
  const why = singleLine(reason);
  const link = pageLink("/pro/profile", locale, mail);
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`${subjectName} is suspended on ${brand}`),
    text: [
      i18n._(
        msg`We have suspended ${name} on ${brand}: it is off the listings, and homeowners can't choose or hire it for now. The homeowners whose requests were open with it have been told.`,
      ),
      "",
      i18n._(msg`Our reason: ${why}`),
      "",
      i18n._(
        msg`To put it right or ask about it, reply to this email or write to ${support}. Your profile: ${link}`,
      ),
    ].join("\n"),
  };
}
