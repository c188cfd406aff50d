/**
 * A business an operator suspends (issue 21), as its homeowners meet it:
 * each homeowner whose request is still open with it is told by email, in
 * the suspension's own transaction; the project page shows the pro as no
 * longer available (project.server.ts reads contractors.suspended_at at read
 * time, so a restored business shows normally again); hiring it, choosing
 * it, and its own accepting or quoting are refused with a sentence.
 *
 * "Still open with it" means exactly: the business's part is sent, viewed,
 * accepted, quoted or hired, on a request that is sent, scheduled or in
 * progress. By the state table (states.ts) that is a part still waiting for
 * the homeowner's choice on a sent request, or the hired part of a request
 * whose work is scheduled or under way. Drafts (no pro yet), completed and
 * cancelled requests, and declined or not-chosen parts are left alone.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  contractors,
  leads,
  outboxJobs,
  requestPros,
  type LeadStatus,
  type ProState,
} from "../../../database/schema";
import type { LinkSigning } from "~/features/leads/index.server";
import type { Transaction } from "~/lib/db.server";
import type { Delivery } from "./delivery";
import { MAX_PROS_PER_REQUEST } from "./limits";
import { composeProUnavailableEmail } from "./homeowner-emails.server";
import { homeownerEmail, homeownerLocale } from "./messages.server";
import { IllegalStep } from "./states";

/** The requests a suspension reaches: open ones (see above). */
export const OPEN_REQUEST_STATES = [
  "sent",
  "scheduled",
  "in_progress",
] as const satisfies readonly LeadStatus[];
/** The parts a suspension reaches: the business is still in the running, or hired. */
export const OPEN_PART_STATES = [
  "sent",
  "viewed",
  "accepted",
  "quoted",
  "hired",
] as const satisfies readonly ProState[];
/** The parts still waiting for the homeowner's choice (another pro may yet quote). */
const WAITING_STATES: readonly ProState[] = ["sent", "viewed", "accepted", "quoted"];

/**
 * The homeowner tried to hire, or choose, a suspended business: 409 with a
 * sentence that names it ("… is no longer available on TradeMatch. It can't
 * be hired.").
 */
export class ProUnavailable extends IllegalStep {
  override name = "ProUnavailable";
}

/** A suspended business's owner tried to accept or quote: 409 with a sentence. */
export class ProSuspended extends IllegalStep {
  override name = "ProSuspended";
  constructor() {
    super(
      msg`Your profile is suspended, so you can't accept or quote on requests. If you think this is a mistake, please contact us.`,
    );
  }
}

/**
 * Whether the business is suspended, read with a share lock: a suspension
 * being written waits for this transaction, and this one for it, so a hire
 * or a quote never slips past a suspension committed meanwhile.
 */
export async function isSuspended(tx: Transaction, contractorId: string): Promise<boolean> {
  const [row] = await tx
    .select({ suspendedAt: contractors.suspendedAt })
    .from(contractors)
    .where(eq(contractors.id, contractorId))
    .for("share");
  return row !== undefined && row.suspendedAt !== null;
}

/** A pro's step that commits them to a request (accept, quote): refused while suspended. */
export async function refuseIfSuspended(tx: Transaction, contractorId: string): Promise<void> {
  if (await isSuspended(tx, contractorId)) throw new ProSuspended();
}

/**
 * Queues one pro_unavailable_email for each homeowner request still open
 * with the business (above), to the request's email; a request without an
 * email gets none (its page still shows the notice). Call it in the
 * suspension's transaction, after setting suspended_at. A request already
 * told about this business (any job of this kind for it, whatever its
 * status) is not told again. Returns how many emails it queued.
 */
export async function tellHomeownersProIsUnavailable(
  tx: Transaction,
  delivery: Delivery,
  contractorId: string,
  /** The links' key (leads: requestLinkSecret) and the suspension's time. */
  signing: LinkSigning,
): Promise<{ told: number }> {
  const open = await tx
    .select({
      id: leads.id,
      name: leads.name,
      email: homeownerEmail,
      userId: leads.userId,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
      locale: homeownerLocale,
      state: requestPros.state,
      businessName: contractors.name,
    })
    .from(requestPros)
    .innerJoin(leads, eq(leads.id, requestPros.leadId))
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(
      and(
        eq(requestPros.contractorId, contractorId),
        inArray(requestPros.state, [...OPEN_PART_STATES]),
        inArray(leads.status, [...OPEN_REQUEST_STATES]),
      ),
    )
    .orderBy(leads.createdAt, leads.id);
  const reachable = open.filter((row) => row.email !== null && row.email.trim() !== "");
  if (reachable.length === 0) return { told: 0 };
  const leadIds = reachable.map((row) => row.id);
  const toldBefore = await tx
    .select({ leadId: outboxJobs.leadId })
    .from(outboxJobs)
    .where(
      and(
        eq(outboxJobs.kind, "pro_unavailable_email"),
        inArray(outboxJobs.leadId, leadIds),
        sql`${outboxJobs.payload} ->> 'contractorId' = ${contractorId}`,
      ),
    );
  const already = new Set(toldBefore.map((row) => row.leadId));
  const fresh = reachable.filter((row) => !already.has(row.id));
  if (fresh.length === 0) return { told: 0 };
  // The request's other pros: who is still waiting to quote, and whether there is room for more.
  const others = await tx
    .select({
      leadId: requestPros.leadId,
      contractorId: requestPros.contractorId,
      state: requestPros.state,
      suspendedAt: contractors.suspendedAt,
    })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(
      inArray(
        requestPros.leadId,
        fresh.map((row) => row.id),
      ),
    );
  await tx.insert(outboxJobs).values(
    fresh.map((row) => {
      const parts = others.filter((part) => part.leadId === row.id);
      const waiting = parts.filter(
        (part) =>
          part.contractorId !== contractorId &&
          part.suspendedAt === null &&
          WAITING_STATES.includes(part.state),
      ).length;
      const message = composeProUnavailableEmail(
        { ...row, email: row.email ?? "" },
        { name: row.businessName },
        {
          hired: row.state === "hired",
          othersWaiting: waiting,
          room: row.state === "hired" ? 0 : Math.max(0, MAX_PROS_PER_REQUEST - parts.length),
        },
        delivery.mail,
        signing,
      );
      return {
        leadId: row.id,
        kind: "pro_unavailable_email" as const,
        status: delivery.emailStatus,
        // The business it is about, so that a second call does not tell the homeowner twice.
        payload: { ...message, contractorId },
      };
    }),
  );
  return { told: fresh.length };
}
