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
 *   area:{deg}:{corner}:{cat}    the listings and searches of a category in a square of the
 *                                map, deg degrees a side (1, 2, 4), named by its south-west
 *                                corner: area:2:n38w106:roofing (decision 047)
 *   profile:{businessSlug}       a business's public profile (/pros/{slug})
 *
 * No business names `category:{cat}` (a change to one business never empties
 * a category site-wide, decision 047); pages carry it for a purge by hand.
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

/** The sides of the squares a listing or search page is also named by, in degrees, finest first. */
export const AREA_DEGREES = [1, 2, 4] as const;
type AreaDegrees = (typeof AREA_DEGREES)[number];

interface Point {
  readonly lat: number;
  readonly lon: number;
}

/** "n38w106": the south-west corner of the square of `degrees` that holds the point. */
function cornerOf(point: Point, degrees: AreaDegrees): string {
  const lat = Math.floor(point.lat / degrees) * degrees;
  const lon = Math.floor(point.lon / degrees) * degrees;
  return `${lat < 0 ? "s" : "n"}${Math.abs(lat).toString()}${lon < 0 ? "w" : "e"}${Math.abs(lon).toString()}`;
}

export const areaKey = (degrees: AreaDegrees, point: Point, category: string) =>
  `area:${degrees.toString()}:${cornerOf(point, degrees)}:${category}`;

/** The squares a listing or search page of a place and category carries: one of each size. */
export const areaKeys = (place: Point, category: string): string[] =>
  AREA_DEGREES.map((degrees) => areaKey(degrees, place, category));

/**
 * The most keys a business's reach names (about 30 KB: five notifications).
 * Within it the keys are the cities' own; past it, squares of the map.
 */
export const MAX_REACH_KEYS = 1_000;

/** A place in a business's reach: its slug and where it is. */
export interface ReachPlace extends Point {
  slug: string;
}

/**
 * The listings and searches of the places a business reaches by radius, in
 * its categories: each place's own keys (its searches, its listing of each
 * category) when they fit in MAX_REACH_KEYS; otherwise the finest squares
 * (AREA_DEGREES) that hold a place in reach and fit, the coarsest if none
 * does. Every such page carries its squares (areaKeys), so none in reach is
 * missed, and a page far from every place in reach keeps its copy.
 */
export function reachKeys(reach: readonly ReachPlace[], categories: readonly string[]): string[] {
  if (reach.length === 0 || categories.length === 0) return [];
  if (reach.length * (categories.length + 1) <= MAX_REACH_KEYS) {
    return reach.flatMap((place) => [
      searchKey(place.slug),
      ...categories.map((category) => listingKey(place.slug, category)),
    ]);
  }
  for (const [i, degrees] of AREA_DEGREES.entries()) {
    const squares = new Map(reach.map((place) => [cornerOf(place, degrees), place]));
    const last = i === AREA_DEGREES.length - 1;
    if (squares.size * categories.length > MAX_REACH_KEYS && !last) continue;
    return [...squares.values()].flatMap((place) =>
      categories.map((category) => areaKey(degrees, place, category)),
    );
  }
  return [];
}

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
}

/**
 * What a change to a business makes visible: anything it shows (its name,
 * rating, trades…), or only the line that says it takes no new requests
 * (its pause), which city pages do not show.
 */
export type BusinessChange = "everything" | "pause";

/**
 * The pages that show a business: its profile; for each city it lists, the
 * city page, that city's searches and its listing of each of its
 * categories; and the listings and searches of the places it reaches by its
 * radius (`reach`: placesInReach, the listings' own rule; see reachKeys).
 * A pause shows on listings, searches and the profile only.
 */
export function businessKeys(
  business: BusinessKeySource,
  reach: readonly ReachPlace[] = [],
  change: BusinessChange = "everything",
): string[] {
  const keys = [profileKey(business.slug)];
  for (const city of business.citySlugs) {
    if (change === "everything") keys.push(cityKey(city));
    keys.push(searchKey(city));
    for (const category of business.categories) keys.push(listingKey(city, category));
  }
  const listed = new Set(business.citySlugs);
  const beyond = reach.filter((place) => !listed.has(place.slug));
  keys.push(...reachKeys(beyond, business.categories));
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
