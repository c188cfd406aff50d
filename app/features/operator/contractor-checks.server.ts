/**
 * An operator records a check of a business's licence or insurance with its
 * registry (issue 21). The form is checked in full first: every bad value
 * answers with its message beside its field and nothing is stored.
 * Otherwise the check (rows are only added: the newest of a kind counts)
 * and its audit row (the previous newest check of that kind before, the new
 * one after) are written in one transaction.
 */
import { and, desc, eq } from "drizzle-orm";
import { CHECK_LIMITS, utcToday } from "~/features/contractors";
import { NotFound } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import {
  contractors,
  contractorVerifications,
  VERIFICATION_KINDS,
  VERIFICATION_RESULTS,
  type VerificationKind,
  type VerificationResult,
} from "../../../database/schema";
import { writeAudit, type AuditActor } from "./audit.server";
import { checkContractorId } from "./contractors.server";

/** The form's fields, as typed. */
export const CHECK_FIELDS = [
  "kind",
  "registry",
  "registryAddress",
  "checkedOn",
  "result",
  "expiresOn",
  "notes",
] as const;
export type CheckField = (typeof CHECK_FIELDS)[number];
export type CheckErrors = Partial<Record<CheckField, string>>;

export const CHECK_MESSAGES = {
  kind: "Choose what you checked: the licence or the insurance.",
  registry: "Enter the name of the registry you checked with.",
  registryLong: `Keep the registry's name to ${CHECK_LIMITS.registry.toString()} characters or fewer.`,
  registryAddress: "Enter the registry's web address or postal address.",
  registryAddressLong: `Keep the registry's address to ${CHECK_LIMITS.registryAddress.toString()} characters or fewer.`,
  registryUrl: "Enter a web address starting with https:// (or http://), or a postal address.",
  checkedOn: "Enter the date you checked, as YYYY-MM-DD.",
  date: "Enter a real date as YYYY-MM-DD, like 2026-03-03.",
  checkedFuture: "The date checked can't be in the future.",
  result: "Choose what the registry said.",
  expiresOn: "Enter the expiry date: a verified check needs one.",
  expiresBefore: "The expiry date can't be before the date checked.",
  expired:
    "This expiry date has already passed: a verified check must still hold today. Record it as lapsed instead.",
  notesLong: `Keep the notes to ${CHECK_LIMITS.notes.toLocaleString("en-US")} characters or fewer.`,
} as const;

/** A check ready to store. */
export interface CheckInput {
  kind: VerificationKind;
  registry: string;
  registryAddress: string;
  checkedOn: string;
  result: VerificationResult;
  expiresOn: string | null;
  notes: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (from 1900 on). */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A web address must be one a browser opens; anything else is a postal address. */
function badUrl(address: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) return false;
  try {
    const url = new URL(address);
    return !(url.protocol === "https:" || url.protocol === "http:") || !url.hostname;
  } catch {
    return true;
  }
}

/** Text as stored: trimmed, without the NUL a database text refuses. */
function clean(value: string | undefined): string {
  return (value ?? "").replace(/\0/g, "").trim();
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** The form checked in full against `today` (UTC): the check, or every field's message. */
export function readCheck(
  values: Partial<Record<string, string>>,
  today = utcToday(),
): { ok: true; check: CheckInput } | { ok: false; errors: CheckErrors } {
  const errors: CheckErrors = {};
  const kind = clean(values.kind);
  const registry = clean(values.registry);
  const registryAddress = clean(values.registryAddress);
  const checkedOn = clean(values.checkedOn);
  const result = clean(values.result);
  const expiresOn = clean(values.expiresOn);
  const notes = clean(values.notes);

  if (!isOneOf(VERIFICATION_KINDS, kind)) errors.kind = CHECK_MESSAGES.kind;
  if (!registry) errors.registry = CHECK_MESSAGES.registry;
  else if (registry.length > CHECK_LIMITS.registry) errors.registry = CHECK_MESSAGES.registryLong;
  if (!registryAddress) errors.registryAddress = CHECK_MESSAGES.registryAddress;
  else if (registryAddress.length > CHECK_LIMITS.registryAddress) {
    errors.registryAddress = CHECK_MESSAGES.registryAddressLong;
  } else if (badUrl(registryAddress)) errors.registryAddress = CHECK_MESSAGES.registryUrl;
  if (!checkedOn) errors.checkedOn = CHECK_MESSAGES.checkedOn;
  else if (!isDay(checkedOn)) errors.checkedOn = CHECK_MESSAGES.date;
  else if (checkedOn > today) errors.checkedOn = CHECK_MESSAGES.checkedFuture;
  if (!isOneOf(VERIFICATION_RESULTS, result)) errors.result = CHECK_MESSAGES.result;
  if (expiresOn && !isDay(expiresOn)) errors.expiresOn = CHECK_MESSAGES.date;
  else if (result === "verified") {
    // A lapsed (or other) result may name an expiry before the check; a verified one may not.
    if (!expiresOn) errors.expiresOn = CHECK_MESSAGES.expiresOn;
    else if (isDay(checkedOn) && expiresOn < checkedOn) {
      errors.expiresOn = CHECK_MESSAGES.expiresBefore;
    } else if (expiresOn < today) errors.expiresOn = CHECK_MESSAGES.expired;
  }
  if (notes.length > CHECK_LIMITS.notes) errors.notes = CHECK_MESSAGES.notesLong;

  if (
    Object.keys(errors).length > 0 ||
    !isOneOf(VERIFICATION_KINDS, kind) ||
    !isOneOf(VERIFICATION_RESULTS, result)
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    check: {
      kind,
      registry,
      registryAddress,
      checkedOn,
      result,
      expiresOn: expiresOn || null,
      notes,
    },
  };
}

export type RecordOutcome = { ok: true; id: number } | { ok: false; errors: CheckErrors };

/**
 * Records the check of a business (NotFound for an unknown id) with its
 * audit row `contractor.verify`, or answers every field's message.
 */
export async function recordCheck(
  db: Database,
  actor: AuditActor,
  contractorId: string,
  values: Partial<Record<string, string>>,
  today = utcToday(),
): Promise<RecordOutcome> {
  checkContractorId(contractorId);
  const read = readCheck(values, today);
  if (!read.ok) {
    const [known] = await db
      .select({ id: contractors.id })
      .from(contractors)
      .where(eq(contractors.id, contractorId));
    if (!known) throw new NotFound();
    return read;
  }
  const { check } = read;
  return db.transaction(async (tx) => {
    // Locked: two operators' checks of one business are counted in order.
    const [business] = await tx
      .select({ id: contractors.id })
      .from(contractors)
      .where(eq(contractors.id, contractorId))
      .for("update");
    if (!business) throw new NotFound();
    const [previous] = await tx
      .select()
      .from(contractorVerifications)
      .where(
        and(
          eq(contractorVerifications.contractorId, contractorId),
          eq(contractorVerifications.kind, check.kind),
        ),
      )
      .orderBy(desc(contractorVerifications.id))
      .limit(1);
    const [row] = await tx
      .insert(contractorVerifications)
      .values({ ...check, contractorId, operatorId: actor.id })
      .returning();
    if (!row) throw new Error("check insert returned nothing");
    await writeAudit(tx, actor, {
      action: "contractor.verify",
      subjectType: "contractor",
      subjectId: contractorId,
      before: previous ?? null,
      after: row,
    });
    return { ok: true, id: row.id };
  });
}
