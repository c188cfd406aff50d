/**
 * An operator suspends a business profile, or restores it (issue 21). A
 * suspended business is off every listing, the choose-pros step and the
 * sitemap, and its profile is the 404 to everyone but its owner; the
 * business and the homeowners with open requests to it are told, in the
 * same transaction (their emails wait in the outbox until the commit).
 * Each change writes its
 * audit row in that transaction. Suspending a suspended profile, or
 * restoring an active one, changes nothing and says so.
 */
import { eq } from "drizzle-orm";
import { requestLinkSecret } from "~/features/leads/index.server";
import { tellHomeownersProIsUnavailable } from "~/features/marketplace/index.server";
import { NotFound, type Delivery, type Transaction } from "~/features/marketplace/index.server";
import { cancelVisitsOfSuspended } from "~/features/visits/index.server";
import type { Database } from "~/lib/db.server";
import { contractors, outboxJobs } from "../../../database/schema";
import { writeAudit, type AuditActor } from "./audit.server";
import { checkContractorId } from "./contractors.server";
import { composeBusinessSuspendedEmail } from "./suspension-email.server";

export const REASON_MAX_LENGTH = 500;

export const SUSPENSION_MESSAGES = {
  reason: "Enter why the profile is suspended (its owner sees this).",
  reasonLong: `Keep the reason to ${REASON_MAX_LENGTH.toString()} characters or fewer.`,
  alreadySuspended:
    "This profile is already suspended: nothing changed. Restore it first to suspend it again with another reason.",
  notSuspended: "This profile is not suspended: there is nothing to restore.",
} as const;

export type SuspensionOutcome =
  { ok: true; told: number } | { ok: false; errors?: { reason?: string }; formError?: string };

/** The reason as stored, or its message. */
export function readReason(value: string | undefined): { reason: string } | { error: string } {
  const reason = (value ?? "").replace(/\0/g, "").trim();
  if (!reason) return { error: SUSPENSION_MESSAGES.reason };
  if (reason.length > REASON_MAX_LENGTH) return { error: SUSPENSION_MESSAGES.reasonLong };
  return { reason };
}

/** The business, locked for this transaction; NotFound for an unknown id. */
async function lockBusiness(tx: Transaction, id: string) {
  const [business] = await tx
    .select({
      id: contractors.id,
      name: contractors.name,
      email: contractors.email,
      locale: contractors.locale,
      suspendedAt: contractors.suspendedAt,
      suspendedReason: contractors.suspendedReason,
    })
    .from(contractors)
    .where(eq(contractors.id, id))
    .for("update");
  if (!business) throw new NotFound();
  return business;
}

/**
 * Suspends the business with this reason and tells its homeowners; `told`
 * is how many. The caller wakes the outbox after it returns (committed).
 */
export async function suspendBusiness(
  db: Database,
  actor: AuditActor,
  delivery: Delivery,
  contractorId: string,
  reasonText: string | undefined,
  now = new Date(),
): Promise<SuspensionOutcome> {
  checkContractorId(contractorId);
  const read = readReason(reasonText);
  const secret = await requestLinkSecret(db);
  return db.transaction(async (tx) => {
    const business = await lockBusiness(tx, contractorId);
    if ("error" in read) return { ok: false, errors: { reason: read.error } };
    if (business.suspendedAt) {
      return { ok: false, formError: SUSPENSION_MESSAGES.alreadySuspended };
    }
    await tx
      .update(contractors)
      .set({ suspendedAt: now, suspendedReason: read.reason, updatedAt: now })
      .where(eq(contractors.id, contractorId));
    const { told } = await tellHomeownersProIsUnavailable(tx, delivery, contractorId, {
      secret,
      now,
    });
    // The business itself must act on it: told in its language (issue 43).
    if (business.email.includes("@")) {
      await tx.insert(outboxJobs).values({
        kind: "business_suspended_email",
        status: delivery.emailStatus,
        payload: {
          ...composeBusinessSuspendedEmail(business, read.reason, delivery.mail),
          contractorId,
        },
      });
    }
    const visitsCancelled = await cancelVisitsOfSuspended(tx, contractorId, {
      ...delivery,
      now: () => now,
    });
    await writeAudit(tx, actor, {
      action: "contractor.suspend",
      subjectType: "contractor",
      subjectId: contractorId,
      before: { suspendedAt: null, reason: null },
      after: { suspendedAt: now.toISOString(), reason: read.reason, told, visitsCancelled },
    });
    return { ok: true, told };
  });
}

/** Lists the business again (NotFound for an unknown id), with its audit row. */
export async function restoreBusiness(
  db: Database,
  actor: AuditActor,
  contractorId: string,
  now = new Date(),
): Promise<SuspensionOutcome> {
  checkContractorId(contractorId);
  return db.transaction(async (tx) => {
    const business = await lockBusiness(tx, contractorId);
    if (!business.suspendedAt) return { ok: false, formError: SUSPENSION_MESSAGES.notSuspended };
    await tx
      .update(contractors)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: now })
      .where(eq(contractors.id, contractorId));
    await writeAudit(tx, actor, {
      action: "contractor.restore",
      subjectType: "contractor",
      subjectId: contractorId,
      before: {
        suspendedAt: business.suspendedAt.toISOString(),
        reason: business.suspendedReason,
      },
      after: { suspendedAt: null, reason: null },
    });
    return { ok: true, told: 0 };
  });
}
