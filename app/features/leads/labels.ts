/** How lead choices read, on forms, in emails and on the dashboard. */
import type { CallbackWindow, ContactMethod } from "../../../database/enums";

export const CONTACT_LABELS: Record<ContactMethod, string> = {
  phone: "Phone call",
  text: "Text message",
  email: "Email",
  messages: "Messages on TradeMatch only",
};

export const CALLBACK_WINDOW_LABELS: Record<CallbackWindow, string> = {
  morning: "Morning (8 am – noon)",
  afternoon: "Afternoon (noon – 5 pm)",
  evening: "Evening (5 – 8 pm)",
};

/** A contractor listing's request that names no contractor or action on the page. */
export const LISTING_REQUEST_MESSAGE = "That request did not name a contractor on this page.";
