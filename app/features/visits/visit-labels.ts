/**
 * A visit's state in words (issue 34), for pages and emails alike: the
 * descriptors are translated where they are shown. Also the visit forms'
 * limits, which the browser needs too.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { VisitCause, VisitState } from "../../../database/enums";

export const VISIT_STATE_LABELS: Record<VisitState, MessageDescriptor> = {
  proposed: msg({ message: "Times proposed", context: "visit state" }),
  booked: msg({ message: "Booked", context: "visit state" }),
  rescheduled: msg({ message: "Moved", context: "visit state" }),
  cancelled_by_homeowner: msg({ message: "Cancelled by the homeowner", context: "visit state" }),
  cancelled_by_pro: msg({ message: "Cancelled by the pro", context: "visit state" }),
  done: msg({ message: "Done", context: "visit state" }),
  no_show_homeowner: msg({
    message: "No-show: the homeowner was not there",
    context: "visit state",
  }),
  no_show_pro: msg({ message: "No-show: the pro did not come", context: "visit state" }),
};

/** Why the site closed a visit (no one cancelled it themselves), for its page. */
export const VISIT_CAUSE_LABELS: Record<VisitCause, MessageDescriptor> = {
  request_closed: msg`Cancelled: the request was closed.`,
  pro_removed: msg`Cancelled: the pro was removed from the request.`,
  other_hired: msg`Cancelled: another pro was hired.`,
  pro_suspended: msg`Cancelled: the business is no longer available.`,
  times_passed: msg`Cancelled: none of the proposed times was picked before they passed.`,
};

/** A booking (or a pick of a proposed time) without the address of the work. */
export const ADDRESS_NEEDED = msg`Enter the address of the work, so the pro can find it.`;

/** The most an address for the visit may be (visits.server.ts keeps this much). */
export const ADDRESS_MAX = 300;
/** The most a reason may be (visits.server.ts MAX_REASON_LENGTH). */
export const REASON_MAX = 500;
