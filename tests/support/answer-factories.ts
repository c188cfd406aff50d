/** Parts of requests written as they are, with their times, for the answer figures' tests. */
import type { Database } from "~/lib/db.server";
import { requestPros, type ProState } from "../../database/schema";
import { createRequest } from "./marketplace-factories";

const HOUR_MS = 3_600_000;

export interface Part {
  /** How long before `now` the request reached the business, in ms. */
  arrived: number;
  state: ProState;
  /** After arrival, in ms; absent: not answered. */
  answeredAfter?: number;
  /** After arrival, in ms; null: a part from before the rule (no answer_by); absent: 48 h. */
  deadlineAfter?: number | null;
}

/** One sent request with a part for each of these businesses, written as they are. */
export async function sendParts(
  db: Database,
  now: Date,
  homeownerId: string,
  parts: { contractorId: string; part: Part }[],
): Promise<string> {
  const leadId = await createRequest(
    db,
    { userId: homeownerId, clientAddress: "203.0.113.9", userAgent: "test" },
    { status: "sent" },
  );
  for (const { contractorId, part } of parts) {
    const consentAt = new Date(now.getTime() - part.arrived);
    const after = (ms: number | null | undefined) =>
      ms === null || ms === undefined ? null : new Date(consentAt.getTime() + ms);
    await db.insert(requestPros).values({
      leadId,
      contractorId,
      state: part.state,
      declineReason: part.state === "declined" ? "fully_booked" : null,
      consentText: "I agree…",
      consentVersion: "test",
      consentAt,
      clientAddress: "203.0.113.9",
      userAgent: "test",
      respondedAt: after(part.answeredAfter),
      acceptedAt: part.state === "accepted" ? after(part.answeredAfter) : null,
      answerBy: part.deadlineAfter === undefined ? after(48 * HOUR_MS) : after(part.deadlineAfter),
    });
  }
  return leadId;
}
