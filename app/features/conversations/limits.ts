/**
 * The conversations' limits and the sentences that name them, free of
 * server code so that the pages' forms can show them too.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { formatterCache, type Locale } from "~/lib/locales";

/** The longest message, in characters (database/conversation-schema.ts checks the same). */
export const MESSAGE_MAX_CHARS = 5000;

/** Photos one message may carry (each re-encoded like a request's). */
export const MESSAGE_MAX_PHOTOS = 5;

/** Messages one person may send, across all their threads, in a window. */
export const MESSAGE_RATE = { max: 20, windowS: 10 * 60 } as const;

/** Messages a thread shows at once; older ones come a page at a time. */
export const THREAD_PAGE_SIZE = 50;

/** The Messages list's preview of a thread's last message, in characters. */
export const PREVIEW_CHARS = 120;

/** The longest reason a person may give for reporting a message. */
export const REPORT_REASON_MAX_CHARS = 500;

/** At most one unread-message email per thread and side in this time. */
export const UNREAD_EMAIL_GAP_S = 60 * 60;

const numbers = formatterCache((tag) => new Intl.NumberFormat(tag));

/** A count as the reader writes it: "5,000"; "5 000" in French. */
export const figure = (n: number, locale: Locale): string => numbers(locale).format(n);

/** "5 minutes", "1 minute", "40 seconds": how long to wait, as a message. */
export function waitMessage(seconds: number): MessageDescriptor {
  if (seconds < 60) return msg`${plural(seconds, { one: "# second", other: "# seconds" })}`;
  const minutes = Math.ceil(seconds / 60);
  return msg`${plural(minutes, { one: "# minute", other: "# minutes" })}`;
}

/*
 * The sentences below in English, as the tests and the operator console read
 * them. People read them in their page's language: messageErrors
 * (post.server.ts), reportErrors (reports.server.ts), shareErrors and
 * removedText (view.server.ts), photosOnlyText (list.server.ts), written
 * there so that their translations stay on the server;
 * tests/unit/talk-i18n.test.ts checks that their English is this.
 */

/** What is shown instead of a message an operator removed. */
export const REMOVED_TEXT = "This message was removed.";

/** The Messages list's preview of a message of photos only. */
export const PHOTOS_ONLY_TEXT = "Sent photos.";

const count = (n: number) => figure(n, "en");

/** "5 minutes", "1 minute", "40 seconds": how long to wait, in English (waitMessage in a language). */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `${String(seconds)} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${String(minutes)} minute${minutes === 1 ? "" : "s"}`;
}

export const MESSAGE_ERRORS = {
  empty: "Write a message or add a photo.",
  tooLong: (typed: number) =>
    `Keep your message to ${count(MESSAGE_MAX_CHARS)} characters or fewer (you typed ${count(typed)}).`,
  tooManyPhotos: `You can add up to ${String(MESSAGE_MAX_PHOTOS)} photos to a message.`,
  suspended:
    "Your profile is suspended, so you can't send messages. If you think this is a mistake, please contact us.",
  rateLimited: (retryAfterS: number) =>
    `You've sent ${String(MESSAGE_RATE.max)} messages in the last ${waitWords(MESSAGE_RATE.windowS)}. Please wait ${waitWords(retryAfterS)} before sending another.`,
} as const;

export const REPORT_ERRORS = {
  reason: "Say briefly what is wrong with this message.",
  reasonLong: (typed: number) =>
    `Keep the reason to ${count(REPORT_REASON_MAX_CHARS)} characters or fewer (you typed ${count(typed)}).`,
  own: "You can't report your own message.",
  already: "You have already reported this message. An operator will look at it.",
} as const;

export const SHARE_ERRORS = {
  notHomeowner: "Only the homeowner can share their contact details in this conversation.",
} as const;

/** The console's (English only). */
export const DECISION_ERRORS = {
  decided: "This report has already been decided.",
} as const;
