/**
 * Which businesses' licence and insurance checks hold today (issue 21): the
 * newest check per business and kind (rows are only added), when it was
 * "verified" and its expiry date is today or later in UTC. Read on every
 * request, never kept: an expiry passes by itself, with no job to run.
 */
import { desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { contractors, contractorVerifications, users } from "../../../database/schema";
import {
  NOT_VERIFIED,
  stillVerified,
  utcToday,
  type CheckRow,
  type Verified,
} from "./verification";

/** A database or a transaction: anything that can select. */
type Reader = Pick<Database, "select" | "selectDistinctOn">;

/** The newest check of each kind for each of these businesses. */
export async function newestChecks(
  db: Reader,
  contractorIds: readonly string[],
): Promise<Map<string, CheckRow[]>> {
  const byBusiness = new Map<string, CheckRow[]>();
  if (contractorIds.length === 0) return byBusiness;
  const rows = await db
    .selectDistinctOn([contractorVerifications.contractorId, contractorVerifications.kind], {
      contractorId: contractorVerifications.contractorId,
      kind: contractorVerifications.kind,
      registry: contractorVerifications.registry,
      checkedOn: contractorVerifications.checkedOn,
      result: contractorVerifications.result,
      expiresOn: contractorVerifications.expiresOn,
    })
    .from(contractorVerifications)
    .where(inArray(contractorVerifications.contractorId, [...new Set(contractorIds)]))
    .orderBy(
      contractorVerifications.contractorId,
      contractorVerifications.kind,
      desc(contractorVerifications.id),
    );
  for (const { contractorId, ...row } of rows) {
    byBusiness.set(contractorId, [...(byBusiness.get(contractorId) ?? []), row]);
  }
  return byBusiness;
}

/** What holds today for each business (every id given is in the map). */
export async function verifiedFor(
  db: Reader,
  contractorIds: readonly string[],
  today = utcToday(),
): Promise<Map<string, Verified>> {
  const checks = await newestChecks(db, contractorIds);
  return new Map(
    contractorIds.map((id) => {
      const rows = checks.get(id) ?? [];
      return [
        id,
        {
          licence: stillVerified(
            rows.find((row) => row.kind === "licence"),
            today,
          ),
          insurance: stillVerified(
            rows.find((row) => row.kind === "insurance"),
            today,
          ),
        },
      ];
    }),
  );
}

/** What holds today for one business. */
export async function verifiedOf(
  db: Reader,
  contractorId: string,
  today = utcToday(),
): Promise<Verified> {
  return (await verifiedFor(db, [contractorId], today)).get(contractorId) ?? NOT_VERIFIED;
}

/**
 * A condition on `contractors`: its newest licence check was "verified" and
 * has not expired by `today` (the console's "licence verified" filter).
 */
export function licenceVerifiedOn(today: string): SQL {
  return sql`coalesce((
    select newest.result = 'verified' and newest.expires_on >= ${today}::date
    from contractor_verifications as newest
    where newest.contractor_id = ${contractors.id} and newest.kind = 'licence'
    order by newest.id desc limit 1), false)`;
}

/** Every check of a business, newest first, with the operator who recorded it. */
export async function checkHistory(db: Database, contractorId: string) {
  return db
    .select({
      id: contractorVerifications.id,
      kind: contractorVerifications.kind,
      registry: contractorVerifications.registry,
      registryAddress: contractorVerifications.registryAddress,
      checkedOn: contractorVerifications.checkedOn,
      result: contractorVerifications.result,
      expiresOn: contractorVerifications.expiresOn,
      notes: contractorVerifications.notes,
      operatorEmail: users.email,
      createdAt: contractorVerifications.createdAt,
    })
    .from(contractorVerifications)
    .leftJoin(users, eq(users.id, contractorVerifications.operatorId))
    .where(eq(contractorVerifications.contractorId, contractorId))
    .orderBy(desc(contractorVerifications.id));
}
