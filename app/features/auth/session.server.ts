/**
 * Server-side sessions: a random token in an httpOnly, SameSite=Lax cookie
 * (Secure when the site is served over HTTPS), its SHA-256 in the database.
 * A session ends after SESSION_IDLE_HOURS without use, after 30 days at most,
 * and at sign-out. Signing in always starts a new session (rotation).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import type { Env } from "~/lib/env.server";
import { pruneRows, type PruneOptions } from "~/lib/housekeeping.server";
import { contractors, sessions, users } from "../../../database/schema";
import { clearCookie, readCookie, serializeCookie } from "~/lib/cookies.server";
import type { Locale } from "~/lib/locales";

export const SESSION_COOKIE = "tm_session";
const MAX_SESSION_DAYS = 30;
/** last_seen_at is refreshed at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** users.last_active_at (what ends an idle demo account) is refreshed at most this often. */
export const ACTIVITY_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  provider: string;
  role: "member" | "operator";
  /** The language emails to them are written in (users.locale). */
  locale: Locale;
  /** When this session began: the person's last sign-in. */
  signedInAt: Date;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function secureCookies(env: Env): boolean {
  return env.SITE_URL.startsWith("https://");
}

/**
 * The person is back: their businesses paused for inactivity (issue 33,
 * marketplace/inactivity.server.ts) take new requests again.
 */
async function clearInactivityPause(db: Database | Transaction, userId: string): Promise<string[]> {
  const resumed = await db
    .update(contractors)
    .set({ inactivePausedAt: null })
    .where(and(eq(contractors.ownerId, userId), isNotNull(contractors.inactivePausedAt)))
    .returning({ id: contractors.id });
  return resumed.map((business) => business.id);
}

/**
 * A new session for the person (replacing `previousToken`'s), as a
 * Set-Cookie value. When signing in clears an inactivity pause, `resumed` is
 * given those businesses once committed: their public pages changed.
 */
export async function createSession(
  db: Database,
  env: Env,
  userId: string,
  previousToken?: string,
  resumed?: (businessIds: readonly string[]) => Promise<void>,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const resumedIds = await db.transaction(async (tx) => {
    if (previousToken)
      await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(previousToken)));
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: sql`now() + make_interval(days => ${MAX_SESSION_DAYS})`,
    });
    return clearInactivityPause(tx, userId);
  });
  if (resumedIds.length > 0) await resumed?.(resumedIds);
  return serializeCookie(SESSION_COOKIE, token, {
    secure: secureCookies(env),
    maxAgeS: MAX_SESSION_DAYS * 24 * 3600,
  });
}

/** The signed-in user of this request, or null (no cookie, unknown, idle or expired). */
export async function getSessionUser(
  db: Database,
  env: Env,
  request: Request,
): Promise<SessionUser | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      provider: users.provider,
      role: users.role,
      locale: users.locale,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      lastActiveAt: users.lastActiveAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(hours => ${env.SESSION_IDLE_HOURS})`),
      ),
    );
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  if (Date.now() - row.lastActiveAt.getTime() > ACTIVITY_TOUCH_INTERVAL_MS) {
    await db
      .update(users)
      .set({ lastActiveAt: sql`now()` })
      .where(eq(users.id, row.id));
    await clearInactivityPause(db, row.id);
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    provider: row.provider,
    role: row.role,
    locale: row.locale,
    signedInAt: row.signedInAt,
  };
}

/** Ends the request's session; returns the Set-Cookie that removes the cookie. */
export async function destroySession(db: Database, env: Env, request: Request): Promise<string> {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return clearCookie(SESSION_COOKIE, { secure: secureCookies(env) });
}

export function currentSessionToken(request: Request): string | undefined {
  return readCookie(request, SESSION_COOKIE);
}

/**
 * Housekeeping: drops sessions that can no longer be used (expired, or idle
 * longer than `idleHours`) as of `now`; returns how many (with `dryRun`, how
 * many would go, deleting nothing).
 */
export function pruneSessions(
  db: Database,
  options: PruneOptions & { idleHours: number },
): Promise<number> {
  const idleSince = new Date(options.now.getTime() - options.idleHours * 3600_000);
  return pruneRows(
    db,
    sessions,
    or(lt(sessions.expiresAt, options.now), lt(sessions.lastSeenAt, idleSince)),
    options.dryRun,
  );
}
