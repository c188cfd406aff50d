/**
 * A kept page's bodies. Each encoding is made once, when a client first asks
 * for it, and kept; a page asked for again gets its best brotli in the
 * background (improveLater).
 *
 * A kept page holds its brotli body, not the page as rendered: once brotli is
 * made the rendered bytes go (a city page: 55 KB rendered, 9 KB in brotli),
 * and the rare client that wants them, or gzip, gets them decoded from
 * brotli (a fraction of a millisecond, on libuv's thread pool). Decision 016.
 * The last few decoded bodies are kept (DECODED_BYTES in all), so a client
 * that asks for the same page uncompressed again and again (a monitor, a
 * crawler without brotli) is not served by a decode per request.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { BEST_BROTLI, compressWhole, type Encoding } from "../http/compression";
import type { CachedPage } from "./cached-page";

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

/** Pages whose size a cache keeps count of, and what to call when it changes. */
const resizeWatchers = new WeakMap<CachedPage, () => void>();
/** Pages no cache keeps any more. */
const retired = new WeakSet<CachedPage>();

/** A cache keeps the page: `resized` is called whenever one of its bodies comes or goes. */
export function watchSize(page: CachedPage, resized: () => void): void {
  retired.delete(page);
  resizeWatchers.set(page, resized);
}

/** No cache keeps the page any more: work queued for it is skipped. */
export function retire(page: CachedPage): void {
  resizeWatchers.delete(page);
  retired.add(page);
  decoded.delete(page);
}

/** How many bytes of decoded bodies are kept, at most (a few popular pages). */
export const DECODED_BYTES = 2 * 1024 * 1024;

/** Bodies decoded from brotli lately, least recently used first out. */
const decoded = new LRUCache<CachedPage, Buffer>({
  maxSize: DECODED_BYTES,
  sizeCalculation: (body) => Math.max(1, body.length),
});

/** Decodes under way, so that requests arriving together share one. */
const decoding = new WeakMap<CachedPage, Promise<Buffer>>();

/** Bytes of decoded bodies kept now (for tests). */
export function decodedBytes(): number {
  return decoded.calculatedSize;
}

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
  const kept = decoded.get(page);
  if (kept) return kept;
  const under = decoding.get(page);
  if (under) return under;
  const br = page.encoded.br;
  if (!br) throw new Error("A cached page lost both its bodies");
  const body = brotliDecompress(br).then(
    (plain) => {
      decoding.delete(page);
      if (!retired.has(page)) decoded.set(page, plain);
      return plain;
    },
    (error: unknown) => {
      decoding.delete(page);
      throw error;
    },
  );
  decoding.set(page, body);
  return body;
}

const brotliDecompress = promisify(zlib.brotliDecompress);

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
