/**
 * The names of what a cached public page shows (issue 35, decision 041):
 * surrogate keys. A page's answer carries its keys (`Surrogate-Key`,
 * space-separated, for Fastly-style CDNs; `Cache-Tag`, comma-separated, for
 * Cloudflare-style ones); the page cache indexes kept pages by them, and a
 * write that makes pages stale names the same keys to purge on every
 * instance (stale-pages.server.ts).
 *
 *   all                          every cached page
 *   city:{citySlug}              a city page (/denver-co)
 *   listing:{citySlug}:{cat}     a city and service listing (/denver-co/roofing, its services)
 *   search:{citySlug}            search results for a place (/search?zip=…)
 *   category:{cat}               every listing and search of a category, wherever it is
 *   profile:{businessSlug}       a business's public profile (/pros/{slug})
 *
 * Plain code: routes, features and the server share it.
 */
import { PUBLIC_PAGE_MINUTES } from "./page-headers";

export const ALL_PAGES = "all";

export const cityKey = (citySlug: string) => `city:${citySlug}`;
export const listingKey = (citySlug: string, category: string) => `listing:${citySlug}:${category}`;
export const searchKey = (citySlug: string) => `search:${citySlug}`;
export const categoryKey = (category: string) => `category:${category}`;
export const profileKey = (businessSlug: string) => `profile:${businessSlug}`;

/** A key as it may travel in a header and a notification: lower-case slugs and colons. */
const KEY = /^[a-z0-9][a-z0-9:_-]{0,199}$/;

export function isCacheKey(value: unknown): value is string {
  return typeof value === "string" && KEY.test(value);
}

/** Each key once, in a stable order (and none that could not travel). */
export function uniqueKeys(keys: Iterable<string>): string[] {
  return [...new Set(keys)].filter(isCacheKey).sort();
}

/** What the keys of a business are computed from (a `contractors` row, or part of one). */
export interface BusinessKeySource {
  slug: string;
  citySlugs: readonly string[];
  categories: readonly string[];
  basePlace: string | null;
  serviceRadius: number | null;
}

/**
 * The pages that show a business: its profile; for each city it lists, the
 * city page, that city's searches and its listing of each of its
 * categories. A business serving a radius around its base also appears in
 * the listings and searches of every city within reach (prosServing): those
 * are named by category (`category:{cat}`), which every listing and search
 * of the category carries, rather than by working out the cities in reach.
 */
export function businessKeys(business: BusinessKeySource): string[] {
  const keys = [profileKey(business.slug)];
  for (const city of business.citySlugs) {
    keys.push(cityKey(city), searchKey(city));
    for (const category of business.categories) keys.push(listingKey(city, category));
  }
  if (business.basePlace !== null && business.serviceRadius !== null) {
    for (const category of business.categories) keys.push(categoryKey(category));
  }
  return uniqueKeys(keys);
}

/** The keys of a page, every page also carrying `all`. */
export const pageKeys = (...keys: string[]) => uniqueKeys([ALL_PAGES, ...keys]);

export const SURROGATE_KEY_HEADER = "Surrogate-Key";
export const CACHE_TAG_HEADER = "Cache-Tag";

/** The keys a `Surrogate-Key` header names (space-separated). */
export function keysOfHeader(value: string | null | undefined): string[] {
  return uniqueKeys((value ?? "").split(/[\s,]+/).filter(Boolean));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a shown business may show until a moment: its checks' badges, its pause's end. */
export interface ShownUntil {
  verified?: {
    licence: { expiresOn: string } | null;
    insurance: { expiresOn: string } | null;
  } | null;
  pause?: { until: string | null } | null;
}

/** Midnight UTC starting a calendar day ("2026-03-03"), in ms; NaN for anything else. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The moments at which what these businesses show changes by itself: a
 * badge holds through its expiry day in UTC (verification.ts) and leaves at
 * the next midnight; a pause ends as its `until` day begins.
 */
export function changesOf(shown: readonly ShownUntil[]): number[] {
  const moments: number[] = [];
  for (const business of shown) {
    for (const check of [business.verified?.licence, business.verified?.insurance]) {
      if (check) moments.push(dayStart(check.expiresOn) + DAY_MS);
    }
    if (business.pause?.until) moments.push(dayStart(business.pause.until));
  }
  return moments.filter(Number.isFinite);
}

/**
 * How long a shared cache may keep a page (seconds): the public pages'
 * five minutes, less when something it shows changes sooner (a badge that
 * lapses), so the kept page never outlives it. At least one second.
 */
export function sharedSeconds(changes: readonly number[] = [], now = Date.now()): number {
  const full = PUBLIC_PAGE_MINUTES * 60;
  const future = changes.filter((at) => at > now);
  if (future.length === 0) return full;
  const until = Math.ceil((Math.min(...future) - now) / 1000);
  return Math.max(1, Math.min(full, until));
}

/**
 * The headers of a cached public page: its cache lifetime (see
 * sharedSeconds) and its keys, for this server's cache and a CDN's.
 */
export function cachedPageHeaders(
  keys: readonly string[],
  changes: readonly number[] = [],
  now = Date.now(),
): Record<string, string> {
  const all = pageKeys(...keys);
  return {
    "Cache-Control": `public, max-age=0, must-revalidate, s-maxage=${sharedSeconds(changes, now).toString()}`,
    [SURROGATE_KEY_HEADER]: all.join(" "),
    [CACHE_TAG_HEADER]: all.join(","),
  };
}
