/**
 * Form keys: one per form render, signed by the server. The key is the
 * lead's idempotency key (a repeated submit finds the lead it already made)
 * and carries the time the form was served (a bot answers too fast).
 *
 * Prerendered pages are built without a server: they carry a placeholder,
 * which the HTTP server replaces with a fresh key in every response.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { findServices } from "~/lib/app-context.server";

export const FORM_KEY_PLACEHOLDER = "tm-form-key-placeholder";

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

/** A fresh key for a form in a loader's response (the placeholder when prerendering). */
export function issueFormKey(context: Readonly<RouterContextProvider>): string {
  const services = findServices(context);
  return services ? createFormKey(services.secret) : FORM_KEY_PLACEHOLDER;
}
