import type { Database } from "~/lib/db.server";
import { contractors } from "../../../database/schema";
import { contractorSeeds } from "./seed-data";

/** Adds the sample directory; existing rows (by slug) are left as they are. */
export async function seedContractors(db: Database): Promise<void> {
  const rows = contractorSeeds();
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insert(contractors)
      .values(rows.slice(i, i + 50))
      .onConflictDoNothing({ target: contractors.slug });
  }
}
