/**
 * The installation secret. SESSION_SECRET when set; otherwise one random
 * secret is created in the database on first start and shared by every
 * instance on that database, so nothing needs configuring and no default
 * secret exists.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { appSettings } from "../../database/schema";
import type { Database } from "./db.server";

const KEY = "signing_secret";

export async function loadInstallationSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  if (!row) throw new Error("The installation secret could not be created");
  return row.value;
}
