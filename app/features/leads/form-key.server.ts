/**
 * Form keys: a server-signed key, carried by a cookie that every page and
 * data response renews. With what was typed, it is the lead's idempotency key
 * (a double submit or a retried request sends the same cookie and the same
 * fields, so it finds the lead it already made) and it carries the time it was
 * issued (a bot answers too fast).
 *
 * In a cookie rather than the page, so that public pages stay the same for
 * every visitor and can be prerendered and cached.
 *
 * A refused form's answer sets a key that keeps the time the form was first
 * served (issue 43): the fill time is counted once, from then, not again from
 * the refusal, so a person who fixes a field and sends at once is not refused
 * for being quick. That gives a bot nothing: no lead is taken sooner than
 * FORM_MIN_FILL_MS after this browser was first given the form, however many
 * times it posts, which is what the check guards. A post without a valid key
 * has no such time, and its answer's key starts the count then.
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

/**
 * The Set-Cookie value of a fresh form key: issued now, or carrying the time
 * the form was first served (`servedAt`, from a refused post's valid key).
 */
export function formKeyCookie(secret: string, secure: boolean, servedAt = Date.now()): string {
  return [
    `${FORM_KEY_COOKIE}=${createFormKey(secret, servedAt)}`,
    "Path=/",
    `Max-Age=${FORM_KEY_MAX_AGE_S.toString()}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
