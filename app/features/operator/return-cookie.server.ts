/**
 * Where the console sends an operator after signing in again: the page they
 * were on, kept for the sign-in link's 15 minutes in a cookie for /admin only.
 */
import { secureCookies } from "~/features/auth/index.server";
import { clearCookie, readCookie, serializeCookie } from "~/lib/cookies.server";
import type { Env } from "~/lib/env.server";
import { LINK_MINUTES } from "./limits";

const RETURN_COOKIE = "tm_admin_return";

export function returnCookie(env: Env, path: string): string {
  return serializeCookie(RETURN_COOKIE, encodeURIComponent(path), {
    secure: secureCookies(env),
    maxAgeS: LINK_MINUTES * 60,
    path: "/admin",
  });
}

export function returnCookiePath(request: Request): string | undefined {
  const value = readCookie(request, RETURN_COOKIE);
  if (!value) return undefined;
  try {
    const path = decodeURIComponent(value);
    return path.startsWith("/admin") ? path : undefined;
  } catch {
    return undefined;
  }
}

export function clearReturnCookie(env: Env): string {
  return clearCookie(RETURN_COOKIE, { secure: secureCookies(env), path: "/admin" });
}
