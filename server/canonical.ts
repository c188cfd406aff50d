/**
 * One URL per page: a trailing slash, or a query string on a page that reads
 * none, is answered with a permanent redirect to the canonical form, in one
 * step (never a chain).
 */
import { CATEGORY_SLUGS, LEGAL_LINKS } from "../app/site";

const FIXED_PAGES = new Set([
  "/",
  ...CATEGORY_SLUGS.map((slug) => `/${slug}`),
  ...LEGAL_LINKS.map((l) => l.path),
]);
const CITY_OR_LISTING = /^\/[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}(?:\/[a-z0-9-]+)?$/;

/** The canonical location for a GET, or null when the URL already is one. */
export function canonicalLocation(rawUrl: string): string | null {
  const queryAt = rawUrl.indexOf("?");
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const search = queryAt === -1 ? "" : rawUrl.slice(queryAt);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  // React Router's own data requests keep their query.
  if (trimmed.endsWith(".data")) return null;
  const readsNoQuery = FIXED_PAGES.has(trimmed) || CITY_OR_LISTING.test(trimmed);
  const canonicalSearch = readsNoQuery ? "" : search;
  if (trimmed === pathname && canonicalSearch === search) return null;
  return `${trimmed}${canonicalSearch}`;
}
