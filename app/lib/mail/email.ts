/**
 * An email as the outbox stores and sends it, and the settings every
 * composer needs. Each feature writes its own emails (leads, marketplace,
 * contractors, conversations) on top of these; the outbox knows no feature.
 */

export interface EmailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Extra headers (a notification's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * An iCalendar invite (a visit's booking, move or cancellation), sent as the
   * message's text/calendar part with this METHOD (RFC 6047, iMIP); `content`
   * is the whole VCALENDAR with the same METHOD.
   */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
}

export interface MailSettings {
  from: string;
  businessInbox: string;
  siteUrl: string;
}

/** "j***@example.com", "***-0147", "J. R.": for logs, which never hold personal data. */
export function maskEmail(email: string): string {
  const [user = "", domain = ""] = email.split("@");
  return `${user.charAt(0)}***@${domain}`;
}

/** The bare address of a sender: "no-reply@host" of "TradeMatch <no-reply@host>". */
export function bareAddress(sender: string): string {
  const angled = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(sender);
  return (angled?.[1] ?? sender).trim();
}
