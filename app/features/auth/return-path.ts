/**
 * Where to go after signing in. Only a same-site relative path is accepted:
 * one leading "/", not "//", no scheme, no backslash, no control characters;
 * anything else is ignored (an open redirect otherwise).
 */
import { unlocalizedPath } from "~/lib/locale-path";

export const MAX_RETURN_PATH_LENGTH = 2048;

/** Paths that make no sense to return to after signing in (in any language: "/es/login" too). */
const POINTLESS = /^\/(login|auth)(\/|\?|#|$)/;

export function isSafeReturnPath(value: unknown): value is string {
  if (typeof value !== "string") return false;
  if (value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return false;
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (value.includes("\\")) return false;
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  // A scheme can only appear before the first slash, and we start with one; but
  // "/%2F%2Fevil" decodes to "//evil" in some proxies, so reject encoded slashes at the start.
  if (/^\/(%2f|%5c)/i.test(value)) return false;
  try {
    const url = new URL(value, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return false;
  } catch {
    return false;
  }
  return !POINTLESS.test(unlocalizedPath(value));
}

/** The path itself when safe, else undefined. */
export function safeReturnPath(value: unknown): string | undefined {
  return isSafeReturnPath(value) ? value : undefined;
}
