/**
 * The Content-Security-Policy of every response. A page may run exactly the
 * inline scripts it was rendered with (their hashes) and what those load
 * ('strict-dynamic'); no plugins, no <base>, no framing. Google's origins
 * are allowed only when Google sign-in or Google Places is configured.
 */
import { createHash } from "node:crypto";
import type { Env } from "../../app/lib/env.server";

/** `<script …>…</script>`: its attributes and its text, as the browser hashes it. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

export interface SealedPage {
  html: string;
  /** CSP sources of the page's own inline scripts ('sha256-…'), each once. */
  scriptHashes: string[];
}

/**
 * Turns the page's script mark (app/lib/script-mark.ts) into hashes: every
 * inline script carrying `nonce="<mark>"` is the page's own; its hash is
 * allowed and the mark removed. Scripts without the mark stay unlisted, so
 * the browser refuses them.
 */
export function sealScripts(html: string, mark: string): SealedPage {
  const marked = ` nonce="${mark}"`;
  const hashes = new Set<string>();
  const sealed = html.replace(SCRIPT, (whole, attributes: string, text: string) => {
    if (!attributes.includes(marked)) return whole;
    if (!/\bsrc=/.test(attributes)) {
      hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    }
    return `<script${attributes.replace(marked, "")}>${text}</script>`;
  });
  // Other elements React gave the attribute (preload links) don't need it either.
  return { html: sealed.replaceAll(marked, ""), scriptHashes: [...hashes] };
}

/**
 * Policies already written, per configuration and per set of script hashes:
 * every response carries one, and pages share a few sets. Bounded, should
 * pages ever come with many different scripts.
 */
const written = new WeakMap<Env, Map<string, string>>();
const MAX_WRITTEN = 512;

/** The policy for a response whose page runs these inline scripts (none for anything but pages). */
export function contentSecurityPolicy(env: Env, scriptHashes: readonly string[] = []): string {
  let policies = written.get(env);
  if (!policies) written.set(env, (policies = new Map<string, string>()));
  // SITE_URL is the one setting the server changes after start (to the address it
  // listens on when none was configured): its scheme is part of the key.
  const key = `${env.SITE_URL.startsWith("https://") ? "https" : "http"} ${scriptHashes.join(" ")}`;
  let policy = policies.get(key);
  if (policy === undefined) {
    if (policies.size >= MAX_WRITTEN) policies.clear();
    policy = writePolicy(env, scriptHashes);
    policies.set(key, policy);
  }
  return policy;
}

function writePolicy(env: Env, scriptHashes: readonly string[]): string {
  const maps = Boolean(env.GOOGLE_MAPS_API_KEY);
  const googleSignIn = env.authMode === "google";
  const connect = [
    "'self'",
    ...(maps ? ["https://maps.googleapis.com", "https://places.googleapis.com"] : []),
    // `npm run dev`: Vite's hot reload talks over a WebSocket on a port of its own.
    ...(env.NODE_ENV === "development" ? ["ws:"] : []),
  ];
  const images = [
    "'self'",
    "data:",
    ...(maps ? ["https://maps.gstatic.com", "https://maps.googleapis.com"] : []),
  ];
  // A form that redirects to the sign-in provider needs it in form-action.
  const formTargets = ["'self'", ...(googleSignIn ? [new URL(env.OIDC_ISSUER).origin] : [])];
  const scripts = scriptHashes.length > 0 ? `${scriptHashes.join(" ")} 'strict-dynamic'` : "'none'";
  const directives = [
    "default-src 'self'",
    `script-src ${scripts}`,
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
