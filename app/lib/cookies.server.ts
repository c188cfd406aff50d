/** Reading and writing cookies, with the attributes our cookies always carry. */
import { createCookie, type Cookie } from "react-router";

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

/**
 * A cookie whose content we must be able to trust (it names an account, or
 * carries a sign-in in progress): React Router's `createCookie`, signed with
 * the installation secret (a value it did not sign parses as null), with the
 * attributes our cookies always carry. Made once per name and settings.
 */
export function signedCookie(
  name: string,
  options: { secret: string; secure: boolean; maxAgeS: number; path?: string },
): Cookie {
  const key = JSON.stringify([name, options]);
  let cookie = signedCookies.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      secrets: [options.secret],
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
      path: options.path ?? "/",
      maxAge: options.maxAgeS,
    });
    signedCookies.set(key, cookie);
  }
  return cookie;
}

const signedCookies = new Map<string, Cookie>();
