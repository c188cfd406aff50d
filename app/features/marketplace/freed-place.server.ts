/**
 * Where a request stands for its homeowner once one pro's place is free (it
 * did not answer in time, or declined): whether its other pros still wait,
 * and whether the homeowner may choose another, by the count sendToPros
 * keeps (answer-window.ts `holdsPlace`; a suspended business holds none).
 */
import { eq } from "drizzle-orm";
import type { Transaction } from "~/lib/db.server";
import { contractors, requestPros } from "../../../database/schema";
import { holdsPlace } from "./answer-window";
import type { FreedPlace } from "./answer-window-emails.server";
import { MAX_PROS_PER_REQUEST } from "./limits";

/** The request's other parts than this business's: who still waits, and whether a place is free. */
export async function freedPlaceOf(
  tx: Transaction,
  part: { leadId: string; contractorId: string },
): Promise<FreedPlace> {
  const parts = await tx
    .select({
      contractorId: requestPros.contractorId,
      state: requestPros.state,
      suspendedAt: contractors.suspendedAt,
    })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(eq(requestPros.leadId, part.leadId));
  const others = parts.filter((row) => row.contractorId !== part.contractorId);
  const live = others.filter((row) => row.suspendedAt === null);
  return {
    othersWaiting: live.filter((row) =>
      (["sent", "viewed", "accepted", "quoted"] as const).some((state) => state === row.state),
    ).length,
    room: live.filter((row) => holdsPlace(row.state)).length < MAX_PROS_PER_REQUEST,
  };
}
