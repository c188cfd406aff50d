/**
 * One URL per page: a trailing slash, a run of leading slashes, a page's
 * path in other letter cases or with percent-encoded letters, or a query
 * string on a page that reads none, is answered with a permanent redirect to
 * the canonical form, in one step (never a chain). Every location made here
 * is a path on this site: it can never send a browser to another host.
 *
 * Also here: which request targets are this site's at all, and the key a
 * public page is kept under in the page cache (its canonical path and only
 * the query parameters it reads).
 */
import { localizePath } from "../../app/lib/locale-path";
import { LOCALES } from "../../app/lib/locales";
import { CATEGORY_SLUGS, LEGAL_LINKS } from "../../app/site";

/** The pages that read no query, in every language ("/es/roofing"; homes "/es/", "/fr/"). */
const FIXED_PAGES = new Set(
  ["/", ...CATEGORY_SLUGS.map((slug) => `/${slug}`), ...LEGAL_LINKS.map((l) => l.path)].flatMap(
    (page) => LOCALES.map((locale) => localizePath(page, locale)),
  ),
);
const CITY_OR_LISTING = /^(?:\/(?:es|fr))?\/[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}(?:\/[a-z0-9-]+)?$/;

/** A language's home without its slash ("/es"): its canonical form is "/es/". */
const BARE_LANGUAGE_HOME = /^\/(?:es|fr)$/;

/** A language's home keeps its trailing slash; every other page loses it. */
function withoutTrailingSlash(pathname: string): string {
  if (pathname.length <= 1) return pathname;
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  return BARE_LANGUAGE_HOME.test(trimmed.toLowerCase()) ? `${trimmed}/` : trimmed;
}

/**
 * What a browser reads as the start of another host when it resolves a
 * location: a run of slashes and backslashes (`//evil.example`,
 * `/\evil.example`), with the tabs, newlines and other control characters or
 * spaces it drops or trims between them (`/\t/evil.example`).
 */
// eslint-disable-next-line no-control-regex -- control characters are what a browser drops
const LEADING_SEPARATORS = /^[/\\\u0000-\u0020\u007f]+/;

/** Characters that cannot go into a header as they are, percent-encoded as UTF-8. */
const NOT_PRINTABLE_ASCII = /[^\u0021-\u007e]+/g;

function encodeUnprintable(value: string): string {
  return value.replace(NOT_PRINTABLE_ASCII, (run) =>
    [...Buffer.from(run, "utf8")]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
      .join(""),
  );
}

function splitQuery(rawUrl: string): { pathname: string; search: string } {
  const queryAt = rawUrl.indexOf("?");
  return queryAt === -1
    ? { pathname: rawUrl, search: "" }
    : { pathname: rawUrl.slice(0, queryAt), search: rawUrl.slice(queryAt) };
}

/** The path as one on this site: a single leading "/" (see LEADING_SEPARATORS). */
function onThisSite(pathname: string): string {
  return `/${pathname.replace(LEADING_SEPARATORS, "")}`;
}

/**
 * The request target in origin form (`/path?query`), or null when it is not
 * one this site answers. An absolute-form target (`GET http://host/path`,
 * RFC 9112 §3.2.2) names its own host, which must be the Host header's;
 * anything else (`*`, an authority, a relative path) is refused.
 */
export function originFormTarget(rawTarget: string, host: string): string | null {
  if (rawTarget.startsWith("/")) return rawTarget;
  if (!/^https?:\/\//i.test(rawTarget)) return null;
  let url: URL;
  try {
    url = new URL(rawTarget);
  } catch {
    return null;
  }
  if (url.host.toLowerCase() !== host.toLowerCase() || url.username || url.password) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * The same target with a path that cannot name another host when parsed as a
 * URL (what React Router is given), its query kept.
 */
export function sameOriginPath(rawUrl: string): string {
  const { pathname, search } = splitQuery(rawUrl);
  return `${onThisSite(pathname)}${search}`;
}

/** Percent-encoded letters, digits and `-._~` mean the same as the characters (RFC 3986 §6.2.2.2). */
function decodeUnreserved(pathname: string): string {
  return pathname.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape;
  });
}

/** A page's path in lower case when that is one of our pages (`/Roofing`, `/Denver-CO`). */
function pageCase(pathname: string): string {
  const lower = pathname.toLowerCase();
  return FIXED_PAGES.has(lower) || CITY_OR_LISTING.test(lower) ? lower : pathname;
}

/**
 * The paths public pages have: lower-case slugs, nothing encoded
 * (`/denver-co/roofing`), and a language's home (`/es/`).
 */
const PAGE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*|(?:es|fr)\/)?$/;

/** The canonical location for a GET, or null when the URL already is one. */
export function canonicalLocation(rawUrl: string): string | null {
  // Most requests: a page's path as it should be (lower case, nothing encoded, no query).
  if (PAGE_PATH.test(rawUrl) && !BARE_LANGUAGE_HOME.test(rawUrl)) return null;
  const { pathname, search } = splitQuery(rawUrl);
  const single = decodeUnreserved(onThisSite(pathname));
  const trimmed = withoutTrailingSlash(single);
  // React Router's own data requests keep their query (and `/_.data`, `/x/_.data`).
  if (single.endsWith(".data")) {
    const dataPath = single.endsWith("/_.data") ? single : `${pageCase(single.slice(0, -5))}.data`;
    return dataPath === pathname ? null : encodeUnprintable(`${dataPath}${search}`);
  }
  const page = pageCase(trimmed);
  const readsNoQuery = FIXED_PAGES.has(page) || CITY_OR_LISTING.test(page);
  const canonicalSearch = readsNoQuery ? "" : search;
  if (page === pathname && canonicalSearch === search) return null;
  return encodeUnprintable(`${page}${canonicalSearch}`);
}

/**
 * The query parameters each cacheable page reads (React Router's loaders, in
 * app/routes): a query on any other page is answered but never kept.
 */
const QUERY_READ = new Map<string, readonly string[]>(
  LOCALES.map((locale) => [localizePath("/search", locale), ["service", "zip"]]),
);

/** React Router's data URL for a page: `/roofing.data`, `/_.data` for `/`. */
function pageOfDataPath(pathname: string): string | null {
  if (pathname === "/_.data") return "/";
  if (!pathname.endsWith(".data") || pathname.endsWith("/_.data")) return null;
  return pathname.slice(0, -".data".length);
}

/**
 * The key a public page's answer is kept under, or null when this URL must
 * not be kept: only a page's canonical path, with only the query parameters
 * its route reads (each once, in a fixed order), and for a data request its
 * `_routes` when every id in it is one of `isRouteId`'s. Any other URL
 * (`//x`, `/Roofing`, `/roofing?utm=1`, `/search?zip=1&x=2`, a random
 * `_routes`) is rendered for its request and not kept, so unique URLs cannot
 * fill the cache.
 */
export function pageCacheKey(rawUrl: string, isRouteId: (id: string) => boolean): string | null {
  const { pathname, search } = splitQuery(rawUrl);
  const dataPage = pageOfDataPath(pathname);
  const page = dataPage ?? pathname;
  if (!PAGE_PATH.test(page)) return null;
  if (search === "") return pathname;
  const allowed = QUERY_READ.get(page) ?? [];
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name)) return null;
    seen.add(name);
    const known = allowed.includes(name) || (dataPage !== null && name === "_routes");
    if (!known) return null;
  }
  const routes = params.get("_routes");
  if (routes !== null && !routes.split(",").every((id) => isRouteId(id))) return null;
  const kept = new URLSearchParams();
  for (const name of [...allowed, "_routes"]) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
