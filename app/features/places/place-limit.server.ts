/**
 * The place endpoints' rate limit: one token bucket per client, shared by
 * suggestions and checks (PLACES_RATE_LIMIT_BURST, PLACES_RATE_LIMIT_PER_S).
 * Every look-up is already cheap and bounded (query-reader.server.ts);
 * the limit keeps one client from taking a core to itself.
 */
import type { RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { createClientLimiter, type ClientLimiter } from "~/lib/client-limiter.server";
import type { Env } from "~/lib/env.server";
import { translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { PLACE_LOOKUP_LIMITED } from "./place-query";

/** Clients tracked at most: about a megabyte. */
const MAX_TRACKED_CLIENTS = 10_000;

/** One limiter per configuration: one per process in practice. */
const limiters = new WeakMap<Env, ClientLimiter>();

function limiterFor(env: Env): ClientLimiter {
  let limiter = limiters.get(env);
  if (!limiter) {
    limiter = createClientLimiter({
      burst: env.PLACES_RATE_LIMIT_BURST,
      perSecond: env.PLACES_RATE_LIMIT_PER_S,
      maxClients: MAX_TRACKED_CLIENTS,
    });
    limiters.set(env, limiter);
  }
  return limiter;
}

/**
 * A 429 answer when this client has made too many look-ups just now, else
 * null; its message in the language the look-up asked for.
 */
export function placeLookupRefusal(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
): Response | null {
  const decision = limiterFor(getServices(context).env).take(getRequestInfo(context).clientAddress);
  if (decision.allowed) return null;
  return Response.json(
    { error: translate(locale, PLACE_LOOKUP_LIMITED), retryAfterS: decision.retryAfterS },
    {
      status: 429,
      headers: { "Retry-After": decision.retryAfterS.toString(), "Cache-Control": "no-store" },
    },
  );
}
