/**
 * A pro's side of a request sent to a business they own: the part locked
 * with its request, and the pro's steps on it (view, accept, decline). As in
 * requests.server.ts, each change is one transaction that locks the request's
 * row, and a pro reaches only the parts sent to a business they own.
 */
import { and, eq } from "drizzle-orm";
import { requestLinkSecret } from "~/features/leads/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import {
  contractors,
  leads,
  outboxJobs,
  requestPros,
  threads,
  type DeclineReason,
  type ProState,
} from "../../../database/schema";
import { homeownerEmail, homeownerLocale } from "./messages.server";
import { composeProDeclinedEmail } from "./answer-window-emails.server";
import { clockOf, type Delivery } from "./delivery";
import { freedPlaceOf } from "./freed-place.server";
import { checkIds, NotFound } from "./requests.server";
import { stepPro } from "./states";
import { refuseIfSuspended } from "./unavailable.server";

/**
 * The part of a request sent to a business the user owns, locked with its
 * request (the request first, in the same order as the homeowner's steps, so
 * the two never deadlock), with the request's country; NotFound otherwise.
 */
export async function lockOwnPart(
  tx: Transaction,
  requestId: string,
  contractorId: string,
  userId: string,
) {
  checkIds(requestId, contractorId);
  const [request] = await tx
    .select({
      id: leads.id,
      status: leads.status,
      country: leads.country,
      name: leads.name,
      userId: leads.userId,
      // Where, and in which language, the emails a pro's step sends the homeowner go (one rule).
      email: homeownerEmail,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
      locale: homeownerLocale,
    })
    .from(leads)
    .where(eq(leads.id, requestId))
    // As lockOwnRequest (requests.server.ts): rows that refer to the request are not kept waiting.
    .for("no key update");
  const [part] = await tx
    .select({ state: requestPros.state, businessName: contractors.name })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(
      and(
        eq(requestPros.leadId, requestId),
        eq(requestPros.contractorId, contractorId),
        eq(contractors.ownerId, userId),
      ),
    )
    .for("update", { of: requestPros });
  if (!request || !part) throw new NotFound();
  return { state: part.state, businessName: part.businessName, request };
}

/** What a pro can do to a request sent to their business (a quote has its own module). */
export type ProAction =
  { event: "view" } | { event: "accept" } | { event: "decline"; reason: DeclineReason };

/**
 * A pro's step on a request sent to a business they own. Returns the new
 * state. A suspended business may still open (view) or decline what it was
 * sent, never accept it (ProSuspended). Accepting opens the request's thread
 * with the business, in the same transaction. Declining frees the
 * homeowner's place, and they are told in the same transaction (issue 43):
 * a decline takes the step's `delivery`.
 */
export async function proStep(
  db: Database,
  userId: string,
  requestId: string,
  contractorId: string,
  action: Exclude<ProAction, { event: "decline" }>,
): Promise<ProState>;
export async function proStep(
  db: Database,
  userId: string,
  requestId: string,
  contractorId: string,
  action: ProAction,
  delivery: Delivery,
): Promise<ProState>;
export async function proStep(
  db: Database,
  userId: string,
  requestId: string,
  contractorId: string,
  action: ProAction,
  delivery?: Delivery,
): Promise<ProState> {
  if (action.event === "decline" && !delivery) {
    throw new Error("a decline tells the homeowner: pass the step's delivery");
  }
  const secret = action.event === "decline" ? await requestLinkSecret(db) : "";
  return db.transaction(async (tx) => {
    const part = await lockOwnPart(tx, requestId, contractorId, userId);
    if (action.event === "accept") await refuseIfSuspended(tx, contractorId);
    const next = stepPro(part.state, action.event);
    const now = delivery ? clockOf(delivery)() : new Date();
    await tx
      .update(requestPros)
      .set({
        state: next,
        updatedAt: now,
        ...(action.event === "view" && part.state === "sent" ? { viewedAt: now } : {}),
        ...(action.event === "accept" ? { acceptedAt: now } : {}),
        // The pro's answer: their response time (ranking, their figures on /pro).
        ...(action.event === "accept" || action.event === "decline" ? { respondedAt: now } : {}),
        ...(action.event === "decline" ? { declineReason: action.reason } : {}),
      })
      .where(and(eq(requestPros.leadId, requestId), eq(requestPros.contractorId, contractorId)));
    // Accepting opens the conversation between the homeowner and this business (issue 22).
    if (action.event === "accept") {
      await tx.insert(threads).values({ leadId: requestId, contractorId }).onConflictDoNothing();
    }
    const email = part.request.email?.trim();
    if (action.event === "decline" && delivery && email) {
      const place = await freedPlaceOf(tx, { leadId: requestId, contractorId });
      await tx.insert(outboxJobs).values({
        leadId: requestId,
        kind: "pro_declined_email",
        status: delivery.emailStatus,
        payload: composeProDeclinedEmail(
          { ...part.request, email },
          { name: part.businessName },
          { ...place, room: part.request.status === "sent" && place.room },
          delivery.mail,
          { secret, now },
        ),
      });
    }
    return next;
  });
}
