/**
 * Demo data, written on every start and idempotent: a row that exists is
 * left as it is, so a restart never duplicates or overwrites anything.
 */
import { ensureDemoUser } from "../app/features/auth/demo-account.server";
import { seedContractors } from "../app/features/contractors/seed.server";
import { seedDemoProjects } from "../app/features/projects/demo-projects.server";
import type { Database } from "../app/lib/db.server";

export async function seedDemoData(db: Database): Promise<void> {
  await seedContractors(db);
  const demoUserId = await ensureDemoUser(db);
  await seedDemoProjects(db, demoUserId);
}
