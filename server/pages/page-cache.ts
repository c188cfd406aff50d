/**
 * A shared cache of public pages, as a CDN would keep them: responses that
 * say `Cache-Control: public, s-maxage=N` are kept N seconds (prerendered
 * pages for good), keyed by canonical path and the query parameters the page
 * reads (pageCacheKey in canonical.ts), bounded in bytes. A page is the same bytes for
 * every visitor (its scripts are allowed by hash, not by a per-response
 * nonce: decision 011); its bodies and encodings are page-encodings.ts's.
 *
 * A page's answer names what it shows (`Surrogate-Key`, app/lib/cache-keys.ts):
 * the cache indexes kept pages by those keys, and a write on any instance
 * purges them here through the message bus (purge; decision 041).
 */
import { createHash } from "node:crypto";
import { ALL_PAGES, keysOfHeader } from "../../app/lib/cache-keys";
import type { PageCss } from "./page-css";
import { LRUCache } from "lru-cache";
import type { CachedPage } from "./cached-page";
import { retire, watchSize } from "./page-encodings";
import { preparePage, withFontPreloads } from "./page-html";

export type { CachedPage };

/** Headers kept with a cached page (the rest are per response). */
const KEPT = new Set([
  "content-type",
  "cache-control",
  "vary",
  "link",
  "x-robots-tag",
  // What the page shows, for this cache's purges and a CDN's (decision 041).
  "surrogate-key",
  "cache-tag",
]);

/** The surrogate keys a kept page carries (none for a prerendered page). */
export function surrogateKeysOf(page: CachedPage): string[] {
  return keysOfHeader(page.headers.find(([name]) => name === "surrogate-key")?.[1]);
}

/**
 * A page set this soon after a purge of one of its keys is sent but not
 * kept: its render may have read the database before the write that purged
 * it committed (a render takes milliseconds; this allows for a slow one).
 */
export const PURGE_SETTLE_MS = 2_000;

export function sharedMaxAge(cacheControl: string | null): number | null {
  if (
    !cacheControl ||
    !/\bpublic\b/.test(cacheControl) ||
    /\b(no-store|private)\b/.test(cacheControl)
  ) {
    return null;
  }
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

function keptHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => KEPT.has(name));
}

function entry(
  body: Buffer,
  scriptHashes: string[],
  status: number,
  headers: Headers,
  ttlMs: number,
): CachedPage {
  return {
    status,
    headers: keptHeaders(headers),
    scriptHashes,
    etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
    identity: body,
    encoded: {},
    improving: false,
    expiresAt: Date.now() + ttlMs,
  };
}

/** A rendered page, prepared for the browser (see preparePage), to keep in the cache. */
export function htmlEntry(
  html: string,
  scriptMark: string,
  pageCss: PageCss | undefined,
  status: number,
  headers: Headers,
  ttlMs: number,
): CachedPage {
  const sealed = preparePage(html, scriptMark, pageCss);
  return entry(
    Buffer.from(sealed.html),
    sealed.scriptHashes,
    status,
    withFontPreloads(headers, sealed.html),
    ttlMs,
  );
}

/** A data response (React Router's .data): no scripts. */
export function dataEntry(
  body: Buffer,
  status: number,
  headers: Headers,
  ttlMs: number,
): CachedPage {
  return entry(body, [], status, headers, ttlMs);
}

/** What a kept page costs beyond its bodies and headers (key, objects, map slot), roughly. */
const ENTRY_OVERHEAD_BYTES = 1024;

/** The memory a kept page holds: every body made so far, its headers and key. */
export function pageBytes(key: string, page: CachedPage): number {
  let bytes = ENTRY_OVERHEAD_BYTES + key.length + (page.identity?.length ?? 0);
  bytes += (page.encoded.gzip?.length ?? 0) + (page.encoded.br?.length ?? 0);
  for (const [name, value] of page.headers) bytes += name.length + value.length;
  for (const hash of page.scriptHashes) bytes += hash.length;
  return bytes;
}

/**
 * 16 MB: about 1,700 city pages in brotli (9–10 KB each), every prerendered
 * and popular page among them. A page that falls out is rendered again.
 */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

/** Pages asked for once that the cache remembers, waiting for a second request. */
export const DEFAULT_SEEN_KEYS = 10_000;

/**
 * Kept pages, least recently used first out, bounded in bytes (lru-cache's
 * `maxSize`): a page's identity body and each encoding as it is made count
 * (pageBytes), so the bound holds whatever pages and encodings are asked for.
 * A page past its time is dropped when next asked for.
 *
 * A page a visitor asked for is kept from its second request on (admit), as
 * CDNs do ("cache on second hit"): most of the long tail (a small town's
 * listing) is asked for once in its five minutes, and keeping it would only
 * push out the pages that are asked for again. Pages rendered ahead (prerendered
 * and popular ones) are kept at once (set).
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  /** Keys asked for once and not kept. */
  private readonly seen: LRUCache<string, true>;
  /** Kept pages by surrogate key: surrogate key → cache keys. */
  private readonly byKey = new Map<string, Set<string>>();
  /** When each surrogate key (or `all`) was last purged (ms), for PURGE_SETTLE_MS. */
  private readonly purgedAt = new Map<string, number>();
  private readonly now: () => number;
  readonly maxBytes: number;
  readonly maxSeen: number;
  /** Pages dropped by purges since start. */
  purged = 0;

  constructor(options: { maxBytes?: number; maxSeen?: number; now?: () => number } = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.maxSeen = options.maxSeen ?? DEFAULT_SEEN_KEYS;
    this.now = options.now ?? Date.now;
    this.pages = new LRUCache({
      // lru-cache wants a positive bound; a cache of 0 bytes (development) keeps nothing (set).
      maxSize: Math.max(1, this.maxBytes),
      sizeCalculation: (page, key) => pageBytes(key, page),
      dispose: (page, key) => {
        this.unindex(key, page);
        retire(page);
      },
    });
    this.seen = new LRUCache({ max: this.maxSeen });
  }

  // `all` is not indexed: every page carries it, and purge() sends it to purgeAll().
  private index(key: string, page: CachedPage) {
    for (const surrogate of surrogateKeysOf(page)) {
      if (surrogate === ALL_PAGES) continue;
      let keys = this.byKey.get(surrogate);
      if (!keys) this.byKey.set(surrogate, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, page: CachedPage) {
    for (const surrogate of surrogateKeysOf(page)) {
      if (surrogate === ALL_PAGES) continue;
      const keys = this.byKey.get(surrogate);
      if (!keys?.delete(key)) continue;
      if (keys.size === 0) this.byKey.delete(surrogate);
    }
  }

  /** Whether a page's keys were purged so lately that its render may predate the write. */
  private purgedLately(page: CachedPage): boolean {
    if (this.purgedAt.size === 0) return false;
    const since = this.now() - PURGE_SETTLE_MS;
    for (const [key, at] of this.purgedAt) if (at < since) this.purgedAt.delete(key);
    if (page.expiresAt === Number.POSITIVE_INFINITY) return false;
    return [ALL_PAGES, ...surrogateKeysOf(page)].some((key) => this.purgedAt.has(key));
  }

  /**
   * Drops every kept page carrying one of these surrogate keys (`all`: every
   * page, as purgeAll). How many were dropped.
   */
  purge(keys: Iterable<string>): number {
    const at = this.now();
    let dropped = 0;
    for (const key of new Set(keys)) {
      if (key === ALL_PAGES) {
        dropped += this.purgeAll();
        continue;
      }
      this.purgedAt.set(key, at);
      for (const cacheKey of [...(this.byKey.get(key) ?? [])]) {
        if (this.pages.delete(cacheKey)) dropped++;
      }
    }
    this.purged += dropped;
    return dropped;
  }

  /**
   * Drops every page rendered from the database: all but the prerendered
   * ones, which no write changes (built from no data, kept for good).
   */
  purgeAll(): number {
    this.purgedAt.set(ALL_PAGES, this.now());
    let dropped = 0;
    for (const [key, page] of [...this.pages.entries()]) {
      if (page.expiresAt !== Number.POSITIVE_INFINITY && this.pages.delete(key)) dropped++;
    }
    this.purged += dropped;
    return dropped;
  }

  /**
   * Whether a page just rendered for a visitor should be kept: true when its
   * key was asked for before (and not kept then), false the first time (the
   * key is remembered).
   */
  admit(key: string): boolean {
    if (this.seen.delete(key)) return true;
    this.seen.set(key, true);
    return false;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && page.expiresAt <= Date.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /** The stored page, even when expired, without touching its recency. */
  peek(key: string): CachedPage | undefined {
    return this.pages.peek(key);
  }

  set(key: string, page: CachedPage): void {
    // lru-cache counts a value's size when it is set anew (not when the same value is set again).
    this.pages.delete(key);
    // A page larger than the whole cache is sent, never kept.
    if (pageBytes(key, page) > this.maxBytes) return;
    if (this.purgedLately(page)) return;
    this.pages.set(key, page);
    this.index(key, page);
    // Its size is counted again (and room made) when one of its bodies comes or goes.
    watchSize(page, () => {
      if (this.pages.peek(key) === page) this.set(key, page);
    });
  }

  /** How many pages are kept. */
  get size(): number {
    return this.pages.size;
  }

  /** What the kept pages hold in memory (see pageBytes). */
  get bytes(): number {
    return this.pages.calculatedSize;
  }
}
