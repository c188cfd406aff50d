/**
 * A shared cache of public pages, as a CDN would keep them: responses that
 * say `Cache-Control: public, s-maxage=N` are kept N seconds (prerendered
 * pages for good), keyed by canonical path and the query parameters the page
 * reads (pageCacheKey in canonical.ts), bounded in bytes. A page is the same bytes for
 * every visitor (its scripts are allowed by hash, not by a per-response
 * nonce: decision 011), so each encoding is made once, when a client first
 * asks for it, and kept.
 *
 * A kept page holds its brotli body, not the page as rendered: once brotli is
 * made the rendered bytes go (a city page: 55 KB rendered, 9 KB in brotli),
 * and the rare client that wants them, or gzip, gets them decoded from
 * brotli (a fraction of a millisecond, on libuv's thread pool). Decision 016.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { BEST_BROTLI, compressWhole, type Encoding } from "./compression";
import { sealScripts, type SealedPage } from "./csp";
import type { PageCss } from "./page-css";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The hashes of the page's own inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  /** A weak validator for conditional requests (the same for every encoding). */
  etag: string;
  /** The page as rendered, until its brotli body is made (then null: see plainBody). */
  identity: Buffer | null;
  /** Compressed bodies, made when a client first asks for each (see pageBody). */
  encoded: { gzip?: Buffer; br?: Buffer };
  /** Whether its best brotli encoding has been asked for (see improveLater). */
  improving: boolean;
  expiresAt: number;
}

/** Headers kept with a cached page (the rest are per response). */
const KEPT = new Set(["content-type", "cache-control", "vary", "link", "x-robots-tag"]);

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

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module"( async="")?>([\s\S]*?)<\/script>/;

/**
 * Hydration waits for the page's load event: the first paint and the main
 * image never share the network or the main thread with the app's
 * JavaScript. The module preloads go (the modules are fetched when hydration
 * starts), and the bootstrap module runs from a small inline script once the
 * page has loaded. Links and forms work before that as plain HTML.
 *
 * Everything inside `<html>` is also marked as one range (`<!--$s-->` …
 * `<!--/$s-->`, Preact's marks for server-rendered suspended content): React
 * Router's root suspends once while it decodes its state, and Preact then
 * keeps the whole range (head and body) instead of only its first node.
 * Decision 009.
 */
export function deferHydration(html: string): string {
  const withoutPreloads = html
    .replace(MODULE_PRELOAD, "")
    .replace(/(<html[^>]*>)/, "$1<!--$s-->")
    .replace(/<\/html>\s*$/, "<!--/$s--></html>");
  return withoutPreloads.replace(
    MODULE_SCRIPT,
    (_match, attributes: string, _async, code: string) => {
      const source = JSON.stringify(code).replace(/</g, "\\u003c");
      return (
        `<script${attributes}>(()=>{const run=()=>{const s=document.createElement("script");` +
        `s.type="module";s.textContent=${source};document.body.append(s)};` +
        `document.readyState==="complete"?run():addEventListener("load",run,{once:true})})()</script>`
      );
    },
  );
}

/**
 * A page gets the quick brotli encoding when a client first asks for brotli,
 * and the best one only once it has shown it is wanted (a second request, or
 * prerendered and popular pages from the start): on libuv's thread pool, one
 * page at a time, replacing the quick one. Most of the long tail of pages (a
 * small town's listing) is asked for once in its five minutes and never pays
 * for it.
 *
 * At most MAX_IMPROVEMENTS_QUEUED pages wait for it: a burst of distinct
 * pages cannot keep a core busy for minutes (nor keep evicted pages in
 * memory). When the queue is full the improvement is dropped; nothing is
 * lost, the quick encoding stays, and a later request may ask again. A page
 * evicted from the cache before its turn is skipped.
 */
export const MAX_IMPROVEMENTS_QUEUED = 32;
let betterBrotli: Promise<unknown> = Promise.resolve();
let improvementsQueued = 0;

/** Pages whose size the cache keeps count of, and what to call when it changes. */
const resizeWatchers = new WeakMap<CachedPage, () => void>();
/** Pages no cache keeps any more. */
const retired = new WeakSet<CachedPage>();

/** Settles once every better encoding asked for so far is in place (for tests). */
export async function betterEncodingsDone(): Promise<void> {
  await betterBrotli;
}

/** How many pages wait for their best brotli encoding. */
export function improvementsWaiting(): number {
  return improvementsQueued;
}

/**
 * Gives the page its best brotli encoding soon, in the background (once).
 * False when it was not queued (asked already, or the queue is full).
 */
export function improveLater(page: CachedPage): boolean {
  if (page.improving || improvementsQueued >= MAX_IMPROVEMENTS_QUEUED) return false;
  page.improving = true;
  improvementsQueued += 1;
  betterBrotli = betterBrotli.then(async () => {
    try {
      if (retired.has(page)) return;
      page.encoded.br = await compressWhole(await plainBody(page), "br", BEST_BROTLI);
      resizeWatchers.get(page)?.();
      dropIdentity(page);
    } catch {
      // The quick encoding stays; nothing is lost.
    } finally {
      improvementsQueued -= 1;
    }
  });
  return true;
}

/**
 * The page as rendered: kept until its brotli body is made, decoded from that
 * body afterwards (not kept again).
 */
export function plainBody(page: CachedPage): Buffer | Promise<Buffer> {
  if (page.identity) return page.identity;
  const br = page.encoded.br;
  if (!br) throw new Error("A cached page lost both its bodies");
  return promisify(zlib.brotliDecompress)(br);
}

/** Brotli is made: the rendered bytes can go (plainBody decodes them when asked). */
function dropIdentity(page: CachedPage) {
  if (!page.encoded.br || !page.identity) return;
  page.identity = null;
  resizeWatchers.get(page)?.();
}

/** Compressions under way, so that requests arriving together share one. */
const compressing = new WeakMap<CachedPage, Map<Encoding, Promise<Buffer>>>();

/**
 * The page's body in an encoding: at once when it was made before, otherwise
 * compressed on libuv's thread pool (the main thread goes on rendering other
 * pages meanwhile), then kept. Requests for the same page and encoding that
 * arrive meanwhile share that one compression. Should compression fail, the
 * promise rejects and nothing is kept.
 */
export function pageBody(page: CachedPage, encoding: Encoding): Buffer | Promise<Buffer> {
  if (encoding === "identity") return plainBody(page);
  const made = page.encoded[encoding];
  if (made) return made;
  const pending = compressing.get(page) ?? new Map<Encoding, Promise<Buffer>>();
  compressing.set(page, pending);
  const under = pending.get(encoding);
  if (under) return under;
  const compressed = Promise.resolve(plainBody(page))
    .then((plain) => compressWhole(plain, encoding))
    .then(
      (body) => {
        pending.delete(encoding);
        // The best brotli may have arrived first (improveLater): keep it.
        if (!page.encoded[encoding]) {
          page.encoded[encoding] = body;
          resizeWatchers.get(page)?.();
        }
        dropIdentity(page);
        return page.encoded[encoding];
      },
      (error: unknown) => {
        pending.delete(encoding);
        throw error;
      },
    );
  pending.set(encoding, compressed);
  return compressed;
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

/**
 * A rendered page as it leaves the server: hydration deferred, its styles cut
 * down to what it uses (when `pageCss` is given), its marked scripts turned
 * into hashes.
 */
export function preparePage(
  html: string,
  scriptMark: string,
  pageCss: PageCss | undefined,
): SealedPage {
  const deferred = deferHydration(html);
  return sealScripts(pageCss ? pageCss.inline(deferred) : deferred, scriptMark);
}

/**
 * The response headers with the page's font preloads repeated as a `Link`
 * header. Chrome starts those when the response arrives, before it has parsed
 * the head; from the `<link>` tag alone, the font's response reached the page
 * while it was busy with its first layout, which it then did with a fallback
 * font and did again, in full, once the font arrived (14 ms on this machine).
 */
export function withFontPreloads(headers: Headers, html: string): Headers {
  const end = html.indexOf("</head>");
  const head = end === -1 ? html : html.slice(0, end);
  const links: string[] = [];
  for (const [tag] of head.matchAll(/<link\b[^>]*>/g)) {
    if (!/\srel="preload"/.test(tag) || !/\sas="font"/.test(tag)) continue;
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    const type = /\stype="([^"]+)"/.exec(tag)?.[1];
    // Fonts are always fetched in CORS mode: the header must say so to match the tag's request.
    links.push(`<${href}>; rel=preload; as=font${type ? `; type="${type}"` : ""}; crossorigin`);
  }
  if (links.length === 0) return headers;
  const withLinks = new Headers(headers);
  withLinks.append("Link", links.join(", "));
  return withLinks;
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
 * Kept pages, least recently used first out, bounded in bytes: a page's
 * identity body and each encoding as it is made count (pageBytes), so the
 * bound holds whatever pages and encodings are asked for.
 *
 * A page a visitor asked for is kept from its second request on (admit), as
 * CDNs do ("cache on second hit"): most of the long tail (a small town's
 * listing) is asked for once in its five minutes, and keeping it would only
 * push out the pages that are asked for again. Pages rendered ahead (prerendered
 * and popular ones) are kept at once (set).
 */
export class PageCache {
  private readonly pages = new Map<string, { page: CachedPage; bytes: number }>();
  private total = 0;
  /** Keys asked for once and not kept: a bounded set, oldest out (Map order). */
  private readonly seen = new Map<string, true>();
  readonly maxBytes: number;
  readonly maxSeen: number;

  constructor(options: { maxBytes?: number; maxSeen?: number } = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.maxSeen = options.maxSeen ?? DEFAULT_SEEN_KEYS;
  }

  /**
   * Whether a page just rendered for a visitor should be kept: true when its
   * key was asked for before (and not kept then), false the first time (the
   * key is remembered).
   */
  admit(key: string): boolean {
    if (this.seen.delete(key)) return true;
    this.seen.set(key, true);
    if (this.seen.size > this.maxSeen) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    return false;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    if (entry.page.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    // Map order is insertion order: re-inserting keeps the most recently used last.
    this.pages.delete(key);
    this.pages.set(key, entry);
    return entry.page;
  }

  /** The stored page, even when expired, without touching its recency. */
  peek(key: string): CachedPage | undefined {
    return this.pages.get(key)?.page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    const bytes = pageBytes(key, page);
    // A page larger than the whole cache is sent, never kept.
    if (bytes > this.maxBytes) return;
    this.pages.set(key, { page, bytes });
    this.total += bytes;
    retired.delete(page);
    resizeWatchers.set(page, () => this.resized(key, page));
    this.evict();
  }

  /** How many pages are kept. */
  get size(): number {
    return this.pages.size;
  }

  /** What the kept pages hold in memory (see pageBytes). */
  get bytes(): number {
    return this.total;
  }

  private resized(key: string, page: CachedPage) {
    const entry = this.pages.get(key);
    if (entry?.page !== page) return;
    const bytes = pageBytes(key, page);
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evict();
  }

  private delete(key: string) {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.pages.delete(key);
    this.total -= entry.bytes;
    resizeWatchers.delete(entry.page);
    retired.add(entry.page);
  }

  private evict() {
    while (this.total > this.maxBytes) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }
}
