/**
 * One-click unsubscribe links (CAN-SPAM, CASL; RFC 8058). Each notification
 * email carries `SITE_URL/unsubscribe/{token}`: the person's id and the
 * email's kind, signed with the installation secret (HMAC-SHA256). The token
 * never expires and needs no sign-in: it is its own authorization, and it
 * can do one thing only (turn that kind off for that person).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { loadInstallationSecret } from "~/lib/secrets.server";
import { isNotificationKind, type NotificationKind } from "./kinds";

/** The path every unsubscribe link starts with (server/http/csrf.ts lets mail providers post to it). */
export const UNSUBSCRIBE_PREFIX = "/unsubscribe/";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE_CHARS = 32;
/** Longer than any token we make (a kind's name is short). */
const TOKEN_MAX_CHARS = 160;

function sign(secret: string, userId: string, kind: string): string {
  return createHmac("sha256", secret)
    .update(`unsubscribe:${userId}:${kind}`)
    .digest("base64url")
    .slice(0, SIGNATURE_CHARS);
}

/**
 * The user id's 16 bytes and the kind's name, base64url, then the signature:
 * letters, digits, "-" and "_" only (no dot: the server reads a dotted last
 * segment as a file's name).
 */
export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = Buffer.concat([
    Buffer.from(userId.replaceAll("-", ""), "hex"),
    Buffer.from(kind),
  ]);
  return `${payload.toString("base64url")}${sign(secret, userId, kind)}`;
}

export interface Unsubscribe {
  userId: string;
  kind: NotificationKind;
}

/** Whom and what the token names when we signed it; null for anything else. */
export function readUnsubscribeToken(secret: string, token: unknown): Unsubscribe | null {
  if (typeof token !== "string" || token.length > TOKEN_MAX_CHARS) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length <= SIGNATURE_CHARS) return null;
  const encoded = token.slice(0, -SIGNATURE_CHARS);
  const payload = Buffer.from(encoded, "base64url");
  // One spelling per token: what we would have written for these bytes.
  if (payload.length <= 16 || payload.toString("base64url") !== encoded) return null;
  const hex = payload.subarray(0, 16).toString("hex");
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const kind = payload.subarray(16).toString("utf8");
  if (!UUID.test(userId) || !isNotificationKind(kind)) return null;
  const expected = Buffer.from(sign(secret, userId, kind));
  const actual = Buffer.from(token.slice(-SIGNATURE_CHARS));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, kind };
}

export function unsubscribeUrl(
  siteUrl: string,
  secret: string,
  userId: string,
  kind: NotificationKind,
): string {
  return new URL(`${UNSUBSCRIBE_PREFIX}${unsubscribeToken(secret, userId, kind)}`, siteUrl).href;
}

/** The headers that let a mail client offer its own Unsubscribe button (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

const loaded = new WeakMap<Database, Promise<string>>();

/**
 * The installation secret as the server loaded it (services.secret), for
 * work outside a request: the outbox worker composing an email. SESSION_SECRET
 * when configured, else the one kept in the database (the same on every
 * instance), read once per database.
 */
export function installationSecret(db: Database): Promise<string> {
  const configured = getEnv().SESSION_SECRET;
  if (configured) return Promise.resolve(configured);
  let secret = loaded.get(db);
  if (!secret) {
    secret = loadInstallationSecret(db);
    loaded.set(db, secret);
    secret.catch(() => loaded.delete(db));
  }
  return secret;
}
