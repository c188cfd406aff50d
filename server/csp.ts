/**
 * The Content-Security-Policy of every page: scripts only with this
 * response's nonce (and what they load, 'strict-dynamic'); no plugins, no
 * <base>, no framing. Google's origins are allowed only when Google sign-in
 * or Google Places is configured.
 */
import { randomBytes } from "node:crypto";
import type { Env } from "../app/lib/env.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(env: Env, nonce: string): string {
  const maps = Boolean(env.GOOGLE_MAPS_API_KEY);
  const googleSignIn = env.authMode === "google";
  const connect = [
    "'self'",
    ...(maps ? ["https://maps.googleapis.com", "https://places.googleapis.com"] : []),
  ];
  const images = [
    "'self'",
    "data:",
    ...(maps ? ["https://maps.gstatic.com", "https://maps.googleapis.com"] : []),
  ];
  // A form that redirects to the sign-in provider needs it in form-action.
  const formTargets = ["'self'", ...(googleSignIn ? [new URL(env.OIDC_ISSUER).origin] : [])];
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // React writes style attributes (positions, delays); no script runs from them.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    `form-action ${formTargets.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    ...(env.SITE_URL.startsWith("https://") ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}
