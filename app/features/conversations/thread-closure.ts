/**
 * When a conversation is closed (issues 42 and 43): the homeowner closed the
 * request ("Not going ahead"), hired another pro, or removed this one. The
 * pro's part is then over, and so is the conversation: both sides still read
 * it, neither writes (a removed pro's messages would reach a homeowner who
 * chose to end it; a homeowner's would reach a pro that cannot answer), and
 * no unread-message email goes out. A sentence says why, on each side.
 *
 * Plain data, no server code: the page says it in the browser's language.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { LeadStatus, ProState, ThreadSide } from "../../../database/enums";

export type ThreadClosure = "request_closed" | "other_hired" | "pro_removed" | "no_answer";

/** Why the conversation of this part is closed, or null while it is open. */
export function closureOf(part: {
  state: ProState | null;
  requestStatus: LeadStatus;
}): ThreadClosure | null {
  if (part.requestStatus === "cancelled") return "request_closed";
  switch (part.state) {
    case "not_chosen":
      return "other_hired";
    case "removed":
      return "pro_removed";
    case "no_answer":
      return "no_answer";
    default:
      return null;
  }
}

/** The sentence each side reads, `{otherName}` being the other side as the page names it. */
export function closureSentence(
  closure: ThreadClosure,
  side: ThreadSide,
  otherName: string,
): MessageDescriptor {
  if (side === "homeowner") {
    switch (closure) {
      case "request_closed":
        return msg`You closed this request, so this conversation is closed. You can still read it.`;
      case "other_hired":
        return msg`You hired another pro, so this conversation with ${otherName} is closed. You can still read it.`;
      case "pro_removed":
        return msg`You removed ${otherName} from this request, so this conversation is closed. You can still read it.`;
      case "no_answer":
        return msg`${otherName} did not answer in time, so this conversation is closed.`;
    }
  }
  switch (closure) {
    case "request_closed":
      return msg`${otherName} is not going ahead with this request, so this conversation is closed. You can still read it.`;
    case "other_hired":
      return msg`${otherName} hired another pro, so this conversation is closed. You can still read it.`;
    case "pro_removed":
      return msg`${otherName} closed the request with your business, so this conversation is closed. You can still read it.`;
    case "no_answer":
      return msg`This request closed for your business when it was not answered in time, so this conversation is closed.`;
  }
}
