import type { MailSettings } from "~/features/leads/messages.server";

/** How the step's emails go: composed now, sent by the outbox ("held" without SMTP). */
export interface Delivery {
  mail: MailSettings;
  emailStatus: "pending" | "held";
}
