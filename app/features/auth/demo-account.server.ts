/**
 * Demo accounts of local sign-in (no Google credentials, or AUTH_MODE=local):
 * "Sign in with Google" gives each browser an account of its own, seeded with
 * its role's sample data and never shared. The browser finds it again through
 * a signed, httpOnly cookie; housekeeping deletes it, with everything it
 * owns, after DEMO_ACCOUNT_IDLE_HOURS without use (decision 017).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, like, lt, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import type { Env } from "~/lib/env.server";
import { contractors, leads, users } from "../../../database/schema";
import { signedCookie } from "~/lib/cookies.server";
import { ACTIVITY_TOUCH_INTERVAL_MS, secureCookies } from "./session.server";

export const DEMO_PROVIDER = "local";
export const DEMO_COOKIE = "tm_demo";
/** The cookie outlives any account it can name; the server checks the account exists. */
const DEMO_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
/** Housekeeping deletes at most this many accounts per run (hourly). */
export const DEMO_PRUNE_BATCH = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new demo account, as its role's sample data sees it. */
export interface DemoAccount {
  id: string;
  name: string;
  email: string;
  /** The language it was made from: its sample data is written in it. */
  locale: Locale;
}

/**
 * A kind of demo account: who it appears to be and the sample data it starts
 * with. The features that own the data define the roles (projects' demo
 * homeowner, marketplace's demo contractor); auth only creates accounts
 * (decision 032).
 */
export interface DemoRole {
  /** Part of the account's subject, e.g. "homeowner". */
  kind: string;
  /** The name it shows, so the dashboard looks like a person's. */
  name: string;
  /** Writes the sample data, in the transaction that creates the account. */
  seed(db: Database, account: DemoAccount, now: Date): Promise<void>;
  /**
   * A returning demo account signing in as this role: gives it the role's
   * sample data if it has none (one browser, one account, both roles).
   */
  addTo?(db: Database, accountId: string, locale: Locale): Promise<void>;
}

/** Unique per account; `.example` is reserved, so nothing is ever delivered there. */
export function demoEmail(accountId: string): string {
  return `demo+${accountId}@trade-match.example`;
}

/**
 * A new demo account of `role` with its sample data, all or nothing, in the
 * language it was made from (its sample requests' consent, its business's
 * emails); returns its id.
 */
export async function createDemoAccount(
  db: Database,
  role: DemoRole,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const id = randomUUID();
  const account = { id, name: role.name, email: demoEmail(id), locale };
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      ...account,
      provider: DEMO_PROVIDER,
      subject: `${role.kind}:${randomUUID()}`,
      demo: true,
    });
    await role.seed(tx, account, now);
  });
  return id;
}

function demoCookie(env: Env, secret: string) {
  return signedCookie(DEMO_COOKIE, {
    secret,
    secure: secureCookies(env),
    maxAgeS: DEMO_COOKIE_MAX_AGE_S,
  });
}

/** The cookie by which this browser proves, on its next sign-in, which demo account is its own. */
export function demoAccountCookie(env: Env, secret: string, accountId: string): Promise<string> {
  return demoCookie(env, secret).serialize(accountId);
}

/**
 * The demo account this browser's cookie names, if it still exists (marked
 * as used now); else null. Only a cookie we signed can name one.
 */
export async function returningDemoAccount(
  db: Database,
  env: Env,
  secret: string,
  request: Request,
): Promise<string | null> {
  const id: unknown = await demoCookie(env, secret).parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || !UUID.test(id)) return null;
  const [row] = await db
    .update(users)
    .set({ lastActiveAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.demo, true)))
    .returning({ id: users.id });
  return row?.id ?? null;
}

/**
 * Housekeeping: deletes demo accounts unused for `idleHours`, with their
 * sessions, requests and queued deliveries (the foreign keys cascade, as for
 * a person's own deletion), their demo business and its sample requests, at
 * most `batch` per call; returns how many.
 * `lastActiveAt` is refreshed at most once per ACTIVITY_TOUCH_INTERVAL_MS, so
 * that interval is added: no account goes before `idleHours` without use.
 */
export async function pruneDemoAccounts(
  db: Database,
  options: { idleHours: number; now?: Date; batch?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(
    now.getTime() - options.idleHours * 3600_000 - ACTIVITY_TOUCH_INTERVAL_MS,
  );
  // Checked again under the rows' lock: an account used meanwhile stays.
  const idle = and(eq(users.demo, true), lt(users.lastActiveAt, cutoff));
  return db.transaction(async (tx) => {
    const doomed = await tx
      .select({ id: users.id })
      .from(users)
      .where(idle)
      .orderBy(asc(users.lastActiveAt))
      .limit(options.batch ?? DEMO_PRUNE_BATCH)
      .for("update", { skipLocked: true });
    const ids = doomed.map((row) => row.id);
    if (ids.length === 0) return 0;
    // A demo business goes with its account (never left behind as an unowned
    // listing), and so do the sample requests seeded for it (they have no owner).
    for (const id of ids) {
      await tx
        .delete(leads)
        .where(like(leads.idempotencyKey, `${SAMPLE_PROJECT_KEY_PREFIX}${id}:%`));
    }
    await tx.delete(contractors).where(inArray(contractors.ownerId, ids));
    const deleted = await tx
      .delete(users)
      .where(inArray(users.id, ids))
      .returning({ id: users.id });
    return deleted.length;
  });
}
