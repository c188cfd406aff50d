/**
 * How lead choices read, on forms, in emails and on the dashboard: as
 * messages (decision 030), said in the reader's language where shown. The
 * plain English maps below them are for what stays English (the operator's
 * console, the business inbox's email, the export); tests/unit/leads-i18n.test.ts
 * checks the two agree.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
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
export const DECLINE_REASON_MESSAGES: Record<DeclineReason, MessageDescriptor> = {
  outside_area: msg`Outside my area`,
  not_my_trade: msg`Not my trade`,
  fully_booked: msg`Fully booked`,
  other: msg`Other`,
};

export const CONTACT_MESSAGES: Record<ContactMethod, MessageDescriptor> = {
  phone: msg`Phone call`,
  text: msg`Text message`,
  email: msg`Email`,
  messages: msg`Messages on TradeMatch only`,
};

export const CALLBACK_WINDOW_MESSAGES: Record<CallbackWindow, MessageDescriptor> = {
  morning: msg`Morning (8 am – noon)`,
  afternoon: msg`Afternoon (noon – 5 pm)`,
  evening: msg`Evening (5 – 8 pm)`,
};

/** A contractor listing's request that names no contractor or action on the page. */
export const LISTING_REQUEST_ERROR: MessageDescriptor = msg`That request did not name a contractor on this page.`;

/** DECLINE_REASON_MESSAGES in English. */
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  outside_area: "Outside my area",
  not_my_trade: "Not my trade",
  fully_booked: "Fully booked",
  other: "Other",
};

/** CONTACT_MESSAGES in English. */
export const CONTACT_LABELS: Record<ContactMethod, string> = {
  phone: "Phone call",
  text: "Text message",
  email: "Email",
  messages: "Messages on TradeMatch only",
};

/** CALLBACK_WINDOW_MESSAGES in English. */
export const CALLBACK_WINDOW_LABELS: Record<CallbackWindow, string> = {
  morning: "Morning (8 am – noon)",
  afternoon: "Afternoon (noon – 5 pm)",
  evening: "Evening (5 – 8 pm)",
};

/** LISTING_REQUEST_ERROR in English. */
export const LISTING_REQUEST_MESSAGE = "That request did not name a contractor on this page.";
