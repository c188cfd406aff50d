/** A project as its homeowner sees it (project.server.ts reads it). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { BRAND } from "~/site";
import { ANSWER_WINDOW_HOURS, MAX_PROS_PER_REQUEST } from "./limits";
import type { Currency, LeadStatus } from "../../../database/enums";

/** What the homeowner is told of a business an operator suspended (page, email, refusals). */
export function unavailableSentence(businessName: string): MessageDescriptor {
  const brand = BRAND.name;
  return msg`${businessName} is no longer available on ${brand}.`;
}

/** What the homeowner is told of a pro that did not answer in time (page and email). */
export function noAnswerSentence(businessName: string): MessageDescriptor {
  const hours = ANSWER_WINDOW_HOURS;
  return msg`${businessName} didn't answer your request within ${hours} hours, so its place is free.`;
}

/** A pro's part as the homeowner sees it. */
export type PartView =
  | "sent"
  | "viewed"
  | "not_available"
  | "accepted"
  | "quoted"
  | "hired"
  | "not_chosen"
  | "no_answer"
  | "removed";

/** Each business's part, as the homeowner's table labels it (context: apart from other "Sent"s). */
export const PART_LABELS: Record<PartView, MessageDescriptor> = {
  sent: msg({ message: "Sent", context: "pro's part" }),
  viewed: msg({ message: "Viewed", context: "pro's part" }),
  not_available: msg({ message: "Not available", context: "pro's part" }),
  accepted: msg({ message: "Accepted", context: "pro's part" }),
  quoted: msg({ message: "Quoted", context: "pro's part" }),
  hired: msg({ message: "Hired", context: "pro's part" }),
  not_chosen: msg({ message: "Not chosen", context: "pro's part" }),
  no_answer: msg({ message: "No answer in time", context: "pro's part" }),
  removed: msg({ message: "Removed", context: "pro's part" }),
};

export interface QuoteView {
  currency: Currency;
  minCents: number;
  maxCents: number;
  included: string;
  startFrom: string;
  startTo: string;
  validUntil: string;
  message: string;
}

export interface ProjectPart {
  contractorId: string;
  name: string;
  slug: string;
  isSample: boolean;
  /**
   * The business's rating and count: its published verified reviews (0 and
   * 0 before the first), or a sample listing's sample figures.
   */
  rating: number;
  reviewCount: number;
  licenceRegion: string | null;
  state: PartView;
  /**
   * Suspended by an operator (read from the business at every view, so a
   * restored business shows normally again): no profile link, no Hire.
   */
  unavailable: boolean;
  quote: QuoteView | null;
}

export interface ProjectView {
  id: string;
  title: string;
  service: string | null;
  place: string | null;
  /** The request's city, whose zone is the job's. */
  citySlug: string | null;
  details: string | null;
  status: LeadStatus;
  progress: number;
  createdAt: string;
  hiredId: string | null;
  /** The hired business while nothing is scheduled with it yet: the badge says "Hired: {pro}". */
  hiredBy: string | null;
  parts: ProjectPart[];
}

/** The parts that hold one of the homeowner's places (answer-window.ts `holdsPlace`, as the homeowner sees them). */
const HOLDING: readonly PartView[] = ["sent", "viewed", "accepted", "quoted", "hired"];

/**
 * Whether the homeowner may still choose pros for the project: it is not
 * sent to anyone hired yet, and fewer than MAX_PROS_PER_REQUEST of its pros
 * hold a place (a suspended business, a decline, no answer in time or a
 * removal frees one, as sendToPros counts).
 */
export function canChooseMore(project: Pick<ProjectView, "status" | "parts">): boolean {
  const holding = project.parts.filter(
    (part) => !part.unavailable && HOLDING.includes(part.state),
  ).length;
  return (
    (project.status === "draft" || project.status === "sent") && holding < MAX_PROS_PER_REQUEST
  );
}
