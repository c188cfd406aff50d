import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dataEntry, PageCache, pageBytes } from "../../server/pages/page-cache";
import {
  betterEncodingsDone,
  DECODED_BYTES,
  decodedBytes,
  improveLater,
  improvementsWaiting,
  MAX_IMPROVEMENTS_QUEUED,
  pageBody,
  plainBody,
} from "../../server/pages/page-encodings";

/** A page of `size` bytes that does not compress (each encoding costs about as much again). */
function page(size = 10_000) {
  return dataEntry(randomBytes(size), 200, new Headers({ "content-type": "text/html" }), 60_000);
}

describe("the page cache's bound in bytes", () => {
  it("never holds more than its bound, letting the least recently used pages go", () => {
    const cache = new PageCache({ maxBytes: 50_000 });
    for (let i = 0; i < 40; i++) cache.set(`/page-${i.toString()}`, page());
    expect(cache.bytes).toBeLessThanOrEqual(50_000);
    expect(cache.size).toBe(4);
    expect(cache.peek("/page-39")).toBeDefined();
    expect(cache.peek("/page-0")).toBeUndefined();
  });

  it("keeps a page that was asked for again over one that was not", () => {
    const cache = new PageCache({ maxBytes: 35_000 });
    cache.set("/a", page());
    cache.set("/b", page());
    cache.set("/c", page());
    cache.get("/a");
    cache.set("/d", page());
    expect(cache.peek("/a")).toBeDefined();
    expect(cache.peek("/b")).toBeUndefined();
  });

  it("counts each encoding as it is made, and stays within its bound", async () => {
    const cache = new PageCache({ maxBytes: 50_000 });
    const pages = [page(), page(), page(), page()] as const;
    pages.forEach((p, i) => cache.set(`/p${i.toString()}`, p));
    const before = cache.bytes;
    expect(before).toBe(pages.reduce((sum, p, i) => sum + pageBytes(`/p${i.toString()}`, p), 0));
    const gzip = await pageBody(pages[3], "gzip");
    expect(cache.bytes).toBeLessThanOrEqual(50_000);
    // Made for the newest page: it stays, and an older page made room for it.
    expect(cache.peek("/p3")?.encoded.gzip).toBe(gzip);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(
      pageBytes("/p1", pages[1]) + pageBytes("/p2", pages[2]) + pageBytes("/p3", pages[3]),
    );
  });

  it("does not keep a page larger than the whole cache", () => {
    const cache = new PageCache({ maxBytes: 5_000 });
    cache.set("/huge", page(20_000));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("holds 16 MB by default", () => {
    expect(new PageCache().maxBytes).toBe(16 * 1024 * 1024);
  });
});

describe("what the page cache keeps of pages rendered for visitors", () => {
  it("keeps a page from its second request on, not its first", () => {
    const cache = new PageCache();
    expect(cache.admit("/springfield-il")).toBe(false);
    expect(cache.admit("/springfield-il")).toBe(true);
    // Kept now: the next time it is rendered, it is a first request again.
    expect(cache.admit("/springfield-il")).toBe(false);
  });

  it("remembers a bounded number of pages asked for once, forgetting the oldest", () => {
    const cache = new PageCache({ maxSeen: 3 });
    for (const key of ["/a", "/b", "/c", "/d"]) expect(cache.admit(key)).toBe(false);
    expect(cache.admit("/a")).toBe(false);
    expect(cache.admit("/d")).toBe(true);
  });

  it("keeps a flood of pages asked for once from pushing out a page asked for again", () => {
    const cache = new PageCache({ maxBytes: 50_000 });
    cache.admit("/popular");
    if (cache.admit("/popular")) cache.set("/popular", page());
    for (let i = 0; i < 1_000; i++) {
      const key = `/town-${i.toString()}`;
      if (cache.admit(key)) cache.set(key, page());
    }
    expect(cache.peek("/popular")).toBeDefined();
    expect(cache.size).toBe(1);
  });
});

describe("the queue of best brotli encodings", () => {
  it(`holds at most ${MAX_IMPROVEMENTS_QUEUED.toString()} pages; the rest keep their quick encoding and may ask again`, async () => {
    await betterEncodingsDone();
    const cache = new PageCache();
    const pages = Array.from({ length: MAX_IMPROVEMENTS_QUEUED + 20 }, () => page(2_000));
    pages.forEach((p, i) => cache.set(`/q${i.toString()}`, p));
    const queued = pages.map((p) => improveLater(p));
    expect(queued.filter(Boolean)).toHaveLength(MAX_IMPROVEMENTS_QUEUED);
    expect(improvementsWaiting()).toBe(MAX_IMPROVEMENTS_QUEUED);
    await betterEncodingsDone();
    expect(improvementsWaiting()).toBe(0);
    const dropped = pages.filter((_p, i) => !queued[i]);
    expect(dropped.every((p) => p.encoded.br === undefined && !p.improving)).toBe(true);
    expect(pages.filter((_p, i) => queued[i]).every((p) => p.encoded.br)).toBe(true);
    // Asked for again later, once there is room.
    const [again] = dropped;
    if (!again) throw new Error("none was dropped");
    expect(improveLater(again)).toBe(true);
    await betterEncodingsDone();
    expect(again.encoded.br).toBeDefined();
  });

  it("skips a page the cache let go before its turn", async () => {
    const cache = new PageCache({ maxBytes: 15_000 });
    const first = page();
    cache.set("/first", first);
    improveLater(first);
    cache.set("/second", page());
    expect(cache.peek("/first")).toBeUndefined();
    await betterEncodingsDone();
    expect(first.encoded.br).toBeUndefined();
  });
});

describe("pages asked for uncompressed", () => {
  /** A cached page whose rendered bytes are gone: it holds brotli only. */
  async function brotliOnly(cache: PageCache, key: string, size = 10_000) {
    const kept = page(size);
    const rendered = kept.identity;
    cache.set(key, kept);
    await pageBody(kept, "br");
    expect(kept.identity).toBeNull();
    return { kept, rendered };
  }

  it("decodes a popular page once, not on every request", async () => {
    const cache = new PageCache();
    const { kept, rendered } = await brotliOnly(cache, "/popular");
    const [first, together] = await Promise.all([plainBody(kept), plainBody(kept)]);
    expect(first.equals(rendered ?? Buffer.alloc(0))).toBe(true);
    expect(together).toBe(first);
    expect(plainBody(kept)).toBe(first);
  });

  it(`keeps at most ${String(DECODED_BYTES / 1024 / 1024)} MB of decoded pages, and none the cache let go`, async () => {
    const cache = new PageCache({ maxBytes: 64 * 1024 * 1024 });
    const pages = [];
    for (let i = 0; i < 40; i++)
      pages.push((await brotliOnly(cache, `/d${String(i)}`, 100_000)).kept);
    for (const kept of pages) await plainBody(kept);
    expect(decodedBytes()).toBeLessThanOrEqual(DECODED_BYTES);
    expect(decodedBytes()).toBeGreaterThan(DECODED_BYTES / 2);
    const last = pages.at(-1);
    if (!last) throw new Error("no pages");
    const before = decodedBytes();
    cache.set("/d39", page()); // a newer page in its place
    expect(decodedBytes()).toBe(before - 100_000);
    expect(plainBody(last)).toBeInstanceOf(Promise);
  });
});
