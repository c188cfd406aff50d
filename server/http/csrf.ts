/**
 * Cross-site request forgery: a request that changes something must come
 * from the site itself. Browsers say where a request comes from (Origin, and
 * Sec-Fetch-Site); a cross-site one is refused with 403.
 *
 * One exception: a one-click unsubscribe (RFC 8058) is posted by the mail
 * provider, from its own site or from no page at all. The signed token in
 * that path is the post's authorization, and all it can do is turn one kind
 * of email off for one person.
 */
import type { IncomingMessage } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `/unsubscribe/{token}` (app/features/notifications/tokens.server.ts), nothing more. */
const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/[A-Za-z0-9_-]{1,160}$/;

/** A post to an unsubscribe link: the one write another site may make. */
export function isOneClickUnsubscribe(req: IncomingMessage): boolean {
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  return req.method === "POST" && ONE_CLICK_UNSUBSCRIBE.test(pathname);
}

export function isCrossSiteWrite(req: IncomingMessage, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method ?? "GET")) return false;
  if (isOneClickUnsubscribe(req)) return false;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const hostOrigin = req.headers.host
      ? [`http://${req.headers.host}`, `https://${req.headers.host}`]
      : [];
    return origin !== siteOrigin && !hostOrigin.includes(origin);
  }
  const fetchSite = req.headers["sec-fetch-site"];
  return fetchSite === "cross-site" || fetchSite === "same-site";
}
