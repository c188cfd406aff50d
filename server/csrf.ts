/**
 * Cross-site request forgery: a request that changes something must come
 * from the site itself. Browsers say where a request comes from (Origin, and
 * Sec-Fetch-Site); a cross-site one is refused with 403.
 */
import type { IncomingMessage } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite(req: IncomingMessage, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method ?? "GET")) return false;
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
