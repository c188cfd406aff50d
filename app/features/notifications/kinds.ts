/**
 * The notification emails: the ones a person may turn off (their settings
 * page, or the one-click unsubscribe link each of them carries). Free of
 * server code so that the pages can list them.
 *
 * Every email the outbox sends, and which it is:
 * - message_email: a notification (someone wrote in a conversation). Turned
 *   off per person; carries the unsubscribe link and List-Unsubscribe headers.
 * - quote_email, not_chosen_email, pro_unavailable_email: notifications too
 *   (another person's activity), to join this list once their composer adds
 *   the link and their sender checks email_opt_outs (a kind listed here that
 *   is still sent would be a switch that does nothing).
 * - no_answer_email, pro_declined_email, request_closed_email, hired_email:
 *   notifications as well (a pro did not answer in time or declined; the
 *   homeowner closed the request, removed the business or hired it),
 *   waiting for the same link.
 * - request_sent_email: transactional (confirms where the person's own
 *   request went, with the way back to it).
 * - business_suspended_email: a service message about the business's own
 *   account (an operator suspended it).
 * - answer_reminder_email: transactional (a request addressed to that
 *   business, half-way to its deadline), like pro_request_email.
 * - draft_expiry_email, inactive_paused_email: service messages about the
 *   person's own data and account (a draft about to go, a business paused).
 * - visit_email, visit_reminder_email: transactional (a visit the person
 *   booked or was booked for: its time, its changes and its invite).
 * - answer_deadline: a task, not an email.
 * - confirmation_email: transactional (confirms the person's own request).
 * - claim_code_email: transactional (the code the person asked for).
 * - pro_request_email: transactional (a request addressed to that business,
 *   which it must answer; it goes to the business's listed address, which may
 *   belong to no account).
 * - business_email, webhook: to the site's own inbox and CRM, not a person.
 */
import { msg, plural } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OutboxKind } from "../../../database/enums";

export const NOTIFICATION_KINDS = ["message_email"] as const satisfies readonly OutboxKind[];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return NOTIFICATION_KINDS.some((kind) => kind === value);
}

/** How the settings page and the unsubscribe page name each kind, as messages. */
export interface NotificationLabel {
  /** Its name on the settings page. */
  title: MessageDescriptor;
  /** What it is. */
  what: MessageDescriptor;
  /** The unsubscribe page's question. */
  stop: MessageDescriptor;
  /** The unsubscribe page, once it is off. */
  off: MessageDescriptor;
}

/**
 * How long a message waits unread before its reader is emailed (the
 * message_email notification). Here, not with the conversations' limits:
 * this list names it, and features import only what lies below them
 * (decision 032).
 */
export const UNREAD_EMAIL_DELAY_S = 5 * 60;

/** How long a message waits unread before the email, in minutes (5). */
const unreadMinutes = Math.ceil(UNREAD_EMAIL_DELAY_S / 60);

export const NOTIFICATION_LABELS: Record<NotificationKind, NotificationLabel> = {
  message_email: {
    title: msg`Unread messages`,
    what: msg`An email when a message in one of your conversations has waited unread for ${plural(unreadMinutes, { one: "# minute", other: "# minutes" })} (at most one an hour for each conversation).`,
    stop: msg`Stop emails about unread messages?`,
    off: msg`Unread messages: turned off.`,
  },
};

/** The settings page every notification email links to. */
export const EMAIL_SETTINGS_PATH = "/dashboard/emails";
