import type { MailSettings } from "~/lib/mail/email";

/** How the step's emails go: composed now, sent by the outbox ("held" without SMTP). */
export interface Delivery {
  mail: MailSettings;
  emailStatus: "pending" | "held";
  /** The time a step happens at (tests move it); the wall clock when absent. */
  now?: () => Date;
  /**
   * Told, once the step has committed, the businesses whose public pages it
   * changed (a weekly limit reached, an answer rate moved), so that every
   * instance drops those pages (decision 041). Never throws.
   */
  stale?: (businessIds: readonly string[]) => Promise<void>;
  /**
   * How long a visit must stay unchanged before its sides are emailed
   * (visit-notices.server.ts); its default when absent. The browser tests
   * set it to 0 (VISIT_EMAIL_QUIET_S).
   */
  visitQuietMs?: number;
}

/** The step's clock: the delivery's, or the wall clock. */
export const clockOf = (delivery: Pick<Delivery, "now">): (() => Date) =>
  delivery.now ?? (() => new Date());
