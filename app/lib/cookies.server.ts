/** Reading and writing cookies, with the attributes our cookies always carry. */
import { createHmac, timingSafeEqual } from "node:crypto";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeS?: number;
  path?: string;
  secure: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? "/"}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (options.maxAgeS !== undefined)
    parts.push(`Max-Age=${Math.floor(options.maxAgeS).toString()}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string, options: Omit<CookieOptions, "maxAgeS">): string {
  return serializeCookie(name, "", { ...options, maxAgeS: 0 });
}

/** value + "." + HMAC, for cookies whose content we must be able to trust. */
export function signValue(secret: string, purpose: string, value: string): string {
  const mac = createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");
  return `${value}.${mac}`;
}

export function unsignValue(
  secret: string,
  purpose: string,
  signed: string | undefined,
): string | null {
  if (!signed) return null;
  const index = signed.lastIndexOf(".");
  if (index <= 0) return null;
  const value = signed.slice(0, index);
  const expected = Buffer.from(signValue(secret, purpose, value).slice(index + 1));
  const actual = Buffer.from(signed.slice(index + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? value : null;
}
