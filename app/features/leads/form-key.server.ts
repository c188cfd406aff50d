/**
 * Form keys: a server-signed key, carried by a cookie that every page and
 * data response renews. With what was typed, it is the lead's idempotency key
 * (a double submit or a retried request sends the same cookie and the same
 * fields, so it finds the lead it already made) and it carries the time it was
 * issued (a bot answers too fast).
 *
 * In a cookie rather than the page, so that public pages stay the same for
 * every visitor and can be prerendered and cached.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

export const FORM_KEY_COOKIE = "tm_fk";
/** A day: a form left open longer still works (its submission then has no key). */
export const FORM_KEY_MAX_AGE_S = 24 * 60 * 60;

const VERSION = "v1";

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`form-key:${body}`).digest("base64url").slice(0, 32);
}

export function createFormKey(secret: string, issuedAt = Date.now()): string {
  const body = `${VERSION}.${randomUUID()}.${issuedAt.toString()}`;
  return `${body}.${sign(secret, body)}`;
}

export interface VerifiedFormKey {
  id: string;
  issuedAt: number;
}

/** The key's id and issue time when the signature is ours, else null. */
export function verifyFormKey(secret: string, key: string | undefined): VerifiedFormKey | null {
  if (!key || key.length > 120) return null;
  const parts = key.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [, id = "", issued = "", signature = ""] = parts;
  const expected = Buffer.from(sign(secret, `${VERSION}.${id}.${issued}`));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt)) return null;
  return { id, issuedAt };
}

/** The Set-Cookie value of a fresh form key. */
export function formKeyCookie(secret: string, secure: boolean): string {
  return [
    `${FORM_KEY_COOKIE}=${createFormKey(secret)}`,
    "Path=/",
    `Max-Age=${FORM_KEY_MAX_AGE_S.toString()}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
