/** How a request's page in the console names states, reasons and deliveries. */
export { DECLINE_REASON_LABELS } from "~/features/leads";
import type { OutboxKind, OutboxStatus, ProState } from "../../../database/enums";

/** A pro's part, as the operator reads it (the pro's inbox words). */
export const PRO_STATE_LABELS: Record<ProState, string> = {
  sent: "Sent, not opened",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  quoted: "Quoted",
  hired: "Hired",
  not_chosen: "Not chosen",
  no_answer: "No answer in time",
  removed: "Removed by the homeowner",
};

export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  business_email: "Email to the business inbox",
  confirmation_email: "Confirmation to the homeowner",
  webhook: "CRM webhook",
  pro_request_email: "Request email to a pro",
  quote_email: "Quote email to the homeowner",
  not_chosen_email: "Not-chosen email to a pro",
  claim_code_email: "Claim code email",
  pro_unavailable_email: "Pro unavailable email to the homeowner",
  message_email: "Unread message email",
  answer_reminder_email: "Answer reminder to a pro",
  answer_deadline: "Answer deadline (task)",
  no_answer_email: "No-answer email to the homeowner",
  request_closed_email: "Request-closed email to a pro",
  draft_expiry_email: "Draft expiry email to the homeowner",
  inactive_paused_email: "Inactivity pause email to a pro",
  visit_email: "Visit email (booked, moved, cancelled, marked)",
  visit_reminder_email: "Visit reminder (24 h and 2 h before)",
  visit_notice: "Visit notice: tells both sides once the visit is still (task)",
  visit_lapse: "Proposed visit times passed unpicked (task)",
  hired_email: "Hired email to a pro",
  request_sent_email: "Request-sent email to the homeowner (names the pros)",
  pro_declined_email: "Pro-declined email to the homeowner",
  business_suspended_email: "Suspension email to a pro",
};

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: "Pending",
  processing: "Sending",
  sent: "Sent",
  failed: "Failed",
  held: "Held (no SMTP configured)",
  resolved: "Resolved by hand",
};
