/** How lead choices read, on forms, in emails and on the dashboard. */
import type {
  CallbackWindow,
  ContactMethod,
  DeclineReason,
  LeadSource,
} from "../../../database/enums";

/** Where a request came from, as a sentence says it ("… from the home page quote form"). */
export const SOURCE_LABELS: Record<LeadSource, string> = {
  home: "home page quote form",
  city: "city page consultation form",
  listing: "contractor listing",
  callback: "call-back request",
  dashboard: "dashboard new project",
};

/** Why a pro declines a request (the pro's words; the homeowner sees "not available"). */
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  outside_area: "Outside my area",
  not_my_trade: "Not my trade",
  fully_booked: "Fully booked",
  other: "Other",
};

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
