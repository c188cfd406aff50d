/**
 * What the homeowner does with a request once pros have it: hire one of the
 * pros who quoted, mark the work in progress or completed, remove one pro,
 * or close the whole request ("Not going ahead", with a reason) (the rules
 * of requests.server.ts: the request's row locked first, another person's
 * request NotFound). A pro whose part closes this way is told by email
 * (outbox), in the same transaction.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import { BRAND } from "~/site";
import {
  CLOSE_REASONS,
  contractors,
  leads,
  outboxJobs,
  requestPros,
  type ProState,
} from "../../../database/schema";
import {
  composeHiredEmail,
  composeNotChosenEmail,
  composeRequestClosedEmail,
  type RequestSummary,
} from "./messages.server";
import { PROGRESS_REFUSAL } from "./project-progress";
import {
  BadChoice,
  checkIds,
  lockOwnRequest,
  NotFound,
  type Delivery,
  type Owner,
  type Transaction,
} from "./requests.server";
import { clockOf } from "./delivery";
import { partsClosed } from "./part-closing.server";
import { canStepPro, stepPro, stepRequest, type RequestEvent } from "./states";
import { isSuspended, ProUnavailable } from "./unavailable.server";

/**
 * The homeowner hires one of the pros who quoted: the request is scheduled
 * with that business, every other open part is not chosen. Both sides of it
 * are told in the same transaction: the hired business (it must now arrange
 * the work), and each business passed over. A business an operator
 * suspended cannot be hired (ProUnavailable, nothing stored).
 */
export async function hire(
  db: Database,
  userId: string,
  leadId: string,
  contractorId: string,
  delivery: Delivery,
): Promise<void> {
  checkIds(contractorId);
  await db.transaction(async (tx) => {
    const lead = await lockOwnRequest(tx, leadId, { userId });
    const next = stepRequest(lead.status, "hire");
    const [part] = await tx
      .select({
        state: requestPros.state,
        name: contractors.name,
        email: contractors.email,
        locale: contractors.locale,
      })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)))
      .for("update", { of: requestPros });
    // A business the request was not sent to is not one the homeowner can see here.
    if (!part) throw new NotFound();
    if (await isSuspended(tx, contractorId)) {
      const name = part.name;
      const brand = BRAND.name;
      throw new ProUnavailable(msg`${name} is no longer available on ${brand}. It can't be hired.`);
    }
    const hired = stepPro(part.state, "hire");
    const now = clockOf(delivery)();
    await tx
      .update(requestPros)
      .set({ state: hired, updatedAt: now })
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)));
    await passOverOthers(tx, lead, contractorId, now, delivery);
    await tx.update(leads).set({ status: next, contractorId }).where(eq(leads.id, leadId));
    await tx.insert(outboxJobs).values({
      leadId,
      kind: "hired_email",
      status: delivery.emailStatus,
      // In the business's language (contractors.locale).
      payload: composeHiredEmail(
        lead,
        asRecipient({ contractorId, ...part, state: hired }),
        delivery.mail,
      ),
    });
  });
}

/** A business whose part a homeowner's step closes: where to tell it, in its language. */
interface ClosedPart {
  contractorId: string;
  state: ProState;
  name: string;
  email: string;
  locale: Locale;
}

const asRecipient = (part: ClosedPart) => ({
  id: part.contractorId,
  name: part.name,
  email: part.email,
  locale: part.locale,
});

/**
 * Every part still open, except `keep`'s, becomes not chosen. Returns those
 * parts, and the request's other parts as they were (for the caller to tell).
 */
async function passOver(
  tx: Transaction,
  leadId: string,
  keep: string | null,
  now: Date,
): Promise<{ passed: ClosedPart[]; parts: ClosedPart[] }> {
  const parts = await tx
    .select({
      contractorId: requestPros.contractorId,
      state: requestPros.state,
      name: contractors.name,
      email: contractors.email,
      locale: contractors.locale,
    })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(
      and(
        eq(requestPros.leadId, leadId),
        keep === null ? undefined : ne(requestPros.contractorId, keep),
      ),
    );
  const passed = parts.filter((part) => canStepPro(part.state, "pass_over"));
  if (passed.length > 0) {
    await tx
      .update(requestPros)
      .set({ state: "not_chosen", updatedAt: now })
      .where(
        and(
          eq(requestPros.leadId, leadId),
          inArray(
            requestPros.contractorId,
            passed.map((part) => part.contractorId),
          ),
        ),
      );
  }
  return { passed, parts };
}

/** A part that accepted (and may have quoted) before it was passed over. */
const answered = (state: ProState): boolean => state === "accepted" || state === "quoted";

/** Every part still open, except `keep`'s, becomes not chosen; each business is told. */
async function passOverOthers(
  tx: Transaction,
  lead: RequestSummary,
  keep: string | null,
  now: Date,
  delivery: Delivery,
) {
  const { passed } = await passOver(tx, lead.id, keep, now);
  if (passed.length === 0) return;
  const contractorIds = passed.map((part) => part.contractorId);
  await partsClosed(tx, { leadId: lead.id, contractorIds, now, why: "other_hired" }, delivery);
  await tx.insert(outboxJobs).values(
    passed.map((part) => ({
      leadId: lead.id,
      kind: "not_chosen_email" as const,
      status: delivery.emailStatus,
      // In the business's language (contractors.locale), by whether it had answered.
      payload: composeNotChosenEmail(lead, asRecipient(part), answered(part.state), delivery.mail),
    })),
  );
}

/** What the homeowner can do to their request besides sending and hiring. */
export type HomeownerAction =
  | { event: "start"; progress: number }
  | { event: "progress"; progress: number }
  | { event: "complete" };

/**
 * The progress a form sent: a whole number as typed ("40", " 40 "), or NaN
 * (empty, "abc", "12.5", "1e2", "-5"), which homeownerStep refuses.
 */
export function readProgress(raw: FormDataEntryValue | null): number {
  const text = typeof raw === "string" ? raw.trim() : "";
  return /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
}

/** A percentage the project can show: a whole number from 0 to 100. */
export function isProgress(progress: number): boolean {
  return Number.isInteger(progress) && progress >= 0 && progress <= 100;
}

/**
 * The homeowner moves their own request on (in progress, completed). A
 * progress that is not a whole number from 0 to 100 is refused (BadChoice,
 * with the sentence the progress field shows): nothing is stored.
 */
export async function homeownerStep(
  db: Database,
  userId: string,
  leadId: string,
  action: HomeownerAction,
  delivery: Delivery,
): Promise<void> {
  const event: RequestEvent = action.event;
  await db.transaction(async (tx) => {
    // Another person's request is NotFound, a step the state refuses IllegalStep, first.
    const lead = await lockOwnRequest(tx, leadId, { userId });
    const next = stepRequest(lead.status, event);
    if ((action.event === "start" || action.event === "progress") && !isProgress(action.progress)) {
      throw new BadChoice(PROGRESS_REFUSAL);
    }
    const progress = action.event === "complete" ? 100 : action.progress;
    await tx
      .update(leads)
      .set({
        status: next,
        progress,
        ...(action.event === "complete" ? { completedAt: clockOf(delivery)() } : {}),
      })
      .where(eq(leads.id, leadId));
  });
}

/** "Not going ahead" without a reason: refused beside the reasons. */
export const CLOSE_REASON_MISSING = msg`Choose why you're not going ahead.`;

/**
 * "Not going ahead": the homeowner closes their request with a reason. Every
 * pro part still open closes (not chosen), the hired one too if there is
 * one; each business is told, and from now on none sees the homeowner's
 * contact details (contact-rule.ts: a closed request shows them to no one).
 */
export async function closeRequest(
  db: Database,
  owner: Owner,
  leadId: string,
  reason: string,
  delivery: Delivery,
): Promise<void> {
  const why = CLOSE_REASONS.find((known) => known === reason);
  if (!why) throw new BadChoice(CLOSE_REASON_MISSING);
  const closed = await db.transaction(async (tx) => {
    const lead = await lockOwnRequest(tx, leadId, owner);
    const next = stepRequest(lead.status, "cancel");
    const now = clockOf(delivery)();
    await tx
      .update(leads)
      .set({ status: next, closedReason: why, closedAt: now })
      .where(eq(leads.id, leadId));
    const { passed, parts } = await passOver(tx, leadId, null, now);
    const told = [...passed, ...parts.filter((part) => part.state === "hired")];
    const contractorIds = told.map((part) => part.contractorId);
    await partsClosed(tx, { leadId, contractorIds, now, why: "request_closed" }, delivery);
    if (told.length === 0) return contractorIds;
    await tx.insert(outboxJobs).values(
      told.map((part) => ({
        leadId,
        kind: "request_closed_email" as const,
        status: delivery.emailStatus,
        payload: composeRequestClosedEmail(lead, asRecipient(part), "closed", delivery.mail),
      })),
    );
    return contractorIds;
  });
  // A part closed before its answer leaves the business's answer figures (answer-rates.server.ts).
  if (closed.length > 0) await delivery.stale?.(closed);
}

/**
 * "Remove this pro": the homeowner closes one business's part while the
 * request is still open (sent): it frees the place for another pro, the
 * business is told, and it no longer sees the homeowner's contact details.
 * A part already closed or hired is refused by the state table.
 */
export async function removePro(
  db: Database,
  owner: Owner,
  leadId: string,
  contractorId: string,
  delivery: Delivery,
): Promise<void> {
  checkIds(contractorId);
  await db.transaction(async (tx) => {
    const lead = await lockOwnRequest(tx, leadId, owner);
    stepRequest(lead.status, "remove_pro");
    const [part] = await tx
      .select({
        state: requestPros.state,
        name: contractors.name,
        email: contractors.email,
        locale: contractors.locale,
      })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)))
      .for("update", { of: requestPros });
    if (!part) throw new NotFound();
    const removed = stepPro(part.state, "remove");
    const now = clockOf(delivery)();
    await tx
      .update(requestPros)
      .set({ state: removed, updatedAt: now })
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)));
    await partsClosed(
      tx,
      { leadId, contractorIds: [contractorId], now, why: "pro_removed" },
      delivery,
    );
    await tx.insert(outboxJobs).values({
      leadId,
      kind: "request_closed_email",
      status: delivery.emailStatus,
      payload: composeRequestClosedEmail(
        lead,
        asRecipient({ contractorId, ...part }),
        "removed",
        delivery.mail,
      ),
    });
  });
  await delivery.stale?.([contractorId]);
}
