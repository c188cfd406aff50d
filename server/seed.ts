/**
 * Demo data, written on every start and idempotent: a row that exists is
 * left as it is, so a restart never duplicates or overwrites anything.
 * Demo accounts are not seeded here: local sign-in creates one per browser,
 * with its sample projects (app/features/auth/demo-account.server.ts).
 */
import { seedContractors } from "~/features/contractors/index.server";
import type { Database } from "../app/lib/db.server";

export async function seedDemoData(db: Database): Promise<void> {
  await seedContractors(db);
}
