/**
 * The answer window's emails (issue 33): the pro's reminder half-way, and
 * the homeowner's notice when a pro did not answer in time, composed when
 * their job comes due (answer-deadline.server.ts), or declined, composed
 * with the decline (pro-steps.server.ts); each in the recipient's language.
 * Times are said as durations ("within 24 hours"), which read the same in
 * every time zone.
 */
import { msg } from "@lingui/core/macro";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { i18nFor } from "~/lib/i18n.server";
import { singleLine } from "~/lib/plain-text";
import type { LinkSigning } from "~/features/leads/index.server";
import { BRAND } from "~/site";
import { ANSWER_REMINDER_HOURS, ANSWER_WINDOW_HOURS } from "./limits";
import type { HomeownerRecipient } from "./homeowner-emails.server";
import {
  homeownerLink,
  proLink,
  shortName,
  what,
  type BusinessRecipient,
  type RequestSummary,
} from "./messages.server";
import { noAnswerSentence } from "./project-view";

/** The pro has not answered a request that reached it ANSWER_REMINDER_HOURS ago. */
export function composeAnswerReminderEmail(
  request: RequestSummary,
  business: BusinessRecipient,
  mail: MailSettings,
): EmailMessage {
  const { locale } = business;
  const i18n = i18nFor(locale);
  const link = proLink(request, business, locale, mail);
  const project = what(request, i18n, locale);
  const homeowner = shortName(request.name);
  const left = ANSWER_WINDOW_HOURS - ANSWER_REMINDER_HOURS;
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`Reminder: ${homeowner} is waiting for your answer`),
    text: [
      i18n._(msg`${homeowner} chose you for ${project} and is waiting for your answer.`),
      "",
      i18n._(
        msg`Please accept or decline within ${left} hours. After that the request closes for you and the homeowner can choose another pro.`,
      ),
      "",
      i18n._(msg`Answer here: ${link}`),
    ].join("\n"),
  };
}

/** Where the request stands once the pro's place is free. */
export interface FreedPlace {
  /** The request's other pros still waiting to answer or be chosen. */
  othersWaiting: number;
  /** Whether the homeowner may choose another pro now. */
  room: boolean;
}

/** What a homeowner is told once a pro's place is free, whatever freed it. */
function freedPlaceEmail(
  request: HomeownerRecipient,
  subject: string,
  opening: string,
  situation: FreedPlace,
  mail: MailSettings,
  signing: LinkSigning,
): EmailMessage {
  const { locale } = request;
  const i18n = i18nFor(locale);
  const first = singleLine(request.name).split(/\s+/)[0] ?? "";
  const project = what(request, i18n, locale);
  const support = BRAND.supportEmail;
  const chooseLink = homeownerLink(request, locale, mail, signing, "pros");
  const projectLink = homeownerLink(request, locale, mail, signing);
  return {
    to: request.email,
    from: mail.from,
    subject,
    text: [
      first ? i18n._(msg`Hello ${first},`) : i18n._(msg`Hello,`),
      "",
      opening,
      "",
      situation.othersWaiting > 0
        ? i18n._(msg`Your request for ${project} is still open with the other pros you chose.`)
        : i18n._(msg`Your request for ${project} is still open.`),
      ...(situation.room
        ? ["", i18n._(msg`You can choose another pro in its place: ${chooseLink}`)]
        : []),
      "",
      i18n._(msg`See your request: ${projectLink}`),
      "",
      i18n._(msg`Questions? Write to us at ${support}.`),
    ].join("\n"),
  };
}

/** The homeowner: a pro did not answer in time; its place is free. */
export function composeNoAnswerEmail(
  request: HomeownerRecipient,
  business: { name: string },
  situation: FreedPlace,
  mail: MailSettings,
  signing: LinkSigning,
): EmailMessage {
  const i18n = i18nFor(request.locale);
  const subjectName = singleLine(business.name);
  const hours = ANSWER_WINDOW_HOURS;
  return freedPlaceEmail(
    request,
    i18n._(msg`${subjectName} didn't answer within ${hours} hours`),
    i18n._(noAnswerSentence(business.name)),
    situation,
    mail,
    signing,
  );
}

/**
 * The homeowner: a pro declined (issue 43). Whatever its reason, the
 * homeowner reads "can't take it on", as on the project page ("not
 * available"); its place is free for another pro.
 */
export function composeProDeclinedEmail(
  request: HomeownerRecipient,
  business: { name: string },
  situation: FreedPlace,
  mail: MailSettings,
  signing: LinkSigning,
): EmailMessage {
  const i18n = i18nFor(request.locale);
  const subjectName = singleLine(business.name);
  const name = business.name;
  return freedPlaceEmail(
    request,
    i18n._(msg`${subjectName} can't take on your request`),
    i18n._(msg`${name} can't take on your request, so its place is free.`),
    situation,
    mail,
    signing,
  );
}
