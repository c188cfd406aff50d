import type { Database } from "~/lib/db.server";
import { contractors } from "../../../database/schema";
import { contractorSeeds } from "./seed-data";

/** Adds the sample directory; existing rows (by slug) are left as they are. */
export async function seedContractors(db: Database): Promise<void> {
  const rows = contractorSeeds();
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insert(contractors)
      // The sum of stars behind each sample rating (the ranking reads it, decision 029).
      .values(
        rows
          .slice(i, i + 50)
          .map((row) => ({ ...row, reviewStars: Math.round(row.rating * row.reviewCount) })),
      )
      .onConflictDoNothing({ target: contractors.slug });
  }
}
