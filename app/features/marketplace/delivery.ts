import type { MailSettings } from "~/lib/mail/email";

/** How the step's emails go: composed now, sent by the outbox ("held" without SMTP). */
export interface Delivery {
  mail: MailSettings;
  emailStatus: "pending" | "held";
}
