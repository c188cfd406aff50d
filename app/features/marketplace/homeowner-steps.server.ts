/**
 * What the homeowner does with a request once pros have it: hire one of the
 * pros who quoted, mark the work in progress or completed, or cancel (the
 * rules of requests.server.ts: the request's row locked first, another
 * person's request NotFound). A pro whose part closes this way is told by
 * email (outbox), in the same transaction.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { BRAND } from "~/site";
import { contractors, leads, outboxJobs, requestPros } from "../../../database/schema";
import { composeNotChosenEmail, type RequestSummary } from "./messages.server";
import { PROGRESS_REFUSAL } from "./project-progress";
import {
  BadChoice,
  checkIds,
  lockOwnRequest,
  NotFound,
  type Delivery,
  type Transaction,
} from "./requests.server";
import { canStepPro, stepPro, stepRequest, type RequestEvent } from "./states";
import { isSuspended, ProUnavailable } from "./unavailable.server";

/**
 * The homeowner hires one of the pros who quoted: the request is scheduled
 * with that business, every other open part is not chosen. A business an
 * operator suspended cannot be hired (ProUnavailable, nothing stored).
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
      .select({ state: requestPros.state, name: contractors.name })
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
    const now = new Date();
    await tx
      .update(requestPros)
      .set({ state: hired, updatedAt: now })
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)));
    await passOverOthers(tx, lead, contractorId, now, delivery);
    await tx.update(leads).set({ status: next, contractorId }).where(eq(leads.id, leadId));
  });
}

/** Every part still open, except `keep`'s, becomes not chosen; each business is told. */
async function passOverOthers(
  tx: Transaction,
  lead: RequestSummary,
  keep: string | null,
  now: Date,
  delivery: Delivery,
) {
  const open = await tx
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
        eq(requestPros.leadId, lead.id),
        keep === null ? undefined : ne(requestPros.contractorId, keep),
      ),
    );
  const passed = open.filter((part) => canStepPro(part.state, "pass_over"));
  if (passed.length === 0) return;
  await tx
    .update(requestPros)
    .set({ state: "not_chosen", updatedAt: now })
    .where(
      and(
        eq(requestPros.leadId, lead.id),
        inArray(
          requestPros.contractorId,
          passed.map((part) => part.contractorId),
        ),
      ),
    );
  await tx.insert(outboxJobs).values(
    passed.map((part) => ({
      leadId: lead.id,
      kind: "not_chosen_email" as const,
      status: delivery.emailStatus,
      // In the business's language (contractors.locale).
      payload: composeNotChosenEmail(
        lead,
        { id: part.contractorId, name: part.name, email: part.email, locale: part.locale },
        delivery.mail,
      ),
    })),
  );
}

/** What the homeowner can do to their request besides sending and hiring. */
export type HomeownerAction =
  | { event: "start"; progress: number }
  | { event: "progress"; progress: number }
  | { event: "complete" }
  | { event: "cancel" };

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
 * The homeowner moves their own request on (in progress, completed,
 * cancelled). A progress that is not a whole number from 0 to 100 is refused
 * (BadChoice, with the sentence the progress field shows): nothing is stored.
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
    const progress =
      action.event === "start" || action.event === "progress"
        ? action.progress
        : action.event === "complete"
          ? 100
          : undefined;
    await tx
      .update(leads)
      .set({
        status: next,
        ...(progress === undefined ? {} : { progress }),
        ...(action.event === "complete" ? { completedAt: new Date() } : {}),
      })
      .where(eq(leads.id, leadId));
    if (action.event === "cancel") await passOverOthers(tx, lead, null, new Date(), delivery);
  });
}
