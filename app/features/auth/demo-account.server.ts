/**
 * The local demo account: who "Sign in with Google" signs in as when no
 * Google credentials are configured, so the site works with no set-up.
 */
import { users } from "../../../database/schema";
import type { Database } from "../../lib/db.server";

export const DEMO_USER = {
  email: "demo@trade-match.example",
  name: "Jordan Rivera",
  provider: "local",
  subject: "demo",
} as const;

/** Creates the demo account if it does not exist; returns its id. */
export async function ensureDemoUser(db: Database): Promise<string> {
  await db.insert(users).values(DEMO_USER).onConflictDoNothing();
  const row = await db.query.users.findFirst({
    where: (u, { and, eq }) =>
      and(eq(u.provider, DEMO_USER.provider), eq(u.subject, DEMO_USER.subject)),
    columns: { id: true },
  });
  if (!row) throw new Error("The demo account could not be created");
  return row.id;
}
