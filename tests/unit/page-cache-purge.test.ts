/**
 * The page cache's purges (issue 35, decision 041): a kept page is indexed by
 * the surrogate keys its answer names, and a purge by key drops exactly the
 * pages carrying one; `all` drops every page rendered from the database.
 */
import { describe, expect, it } from "vitest";
import { cachedPageHeaders } from "../../app/lib/cache-keys";
import { createLocalMessageBus } from "../../app/lib/message-bus.server";
import { dataEntry, PageCache, PURGE_SETTLE_MS } from "../../server/pages/page-cache";
import { purgeOnStale } from "../../server/pages/stale-pages";
import { memoryLogger } from "../support/factories";

/** A kept page whose answer names these keys. */
function page(keys: string[], ttlMs = 60_000) {
  const headers = new Headers({ "content-type": "text/html", ...cachedPageHeaders(keys) });
  return dataEntry(Buffer.from(`<p>${keys.join(" ")}</p>`), 200, headers, ttlMs);
}

function prerendered() {
  const entry = dataEntry(Buffer.from("<p>home</p>"), 200, new Headers(), 0);
  entry.expiresAt = Number.POSITIVE_INFINITY;
  return entry;
}

/** A cache on a clock the test moves. */
function cacheAt(start = 1_000_000) {
  const clock = { now: start };
  const cache = new PageCache({ now: () => clock.now });
  return { cache, clock };
}

describe("purging the page cache by surrogate keys", () => {
  it("keeps the keys on the page for a CDN: Surrogate-Key and Cache-Tag", () => {
    const kept = page(["listing:denver-co:roofing", "category:roofing"]);
    expect(Object.fromEntries(kept.headers)).toMatchObject({
      "surrogate-key": "all category:roofing listing:denver-co:roofing",
      "cache-tag": "all,category:roofing,listing:denver-co:roofing",
    });
  });

  it("drops every page carrying one of the keys, and no other", () => {
    const { cache } = cacheAt();
    cache.set("/denver-co/roofing", page(["listing:denver-co:roofing", "category:roofing"]));
    cache.set("/denver-co/roof-repair", page(["listing:denver-co:roofing", "category:roofing"]));
    cache.set("/denver-co/plumbing", page(["listing:denver-co:plumbing", "category:plumbing"]));
    cache.set("/denver-co", page(["city:denver-co"]));
    cache.set("/pros/summit", page(["profile:summit"]));
    expect(cache.purge(["listing:denver-co:roofing", "profile:summit", "city:boulder-co"])).toBe(3);
    expect(cache.peek("/denver-co/roofing")).toBeUndefined();
    expect(cache.peek("/denver-co/roof-repair")).toBeUndefined();
    expect(cache.peek("/pros/summit")).toBeUndefined();
    expect(cache.peek("/denver-co/plumbing")).toBeDefined();
    expect(cache.peek("/denver-co")).toBeDefined();
    expect(cache.purge(["category:plumbing"])).toBe(1);
    expect(cache.size).toBe(1);
    expect(cache.purged).toBe(4);
  });

  it("forgets a page's keys once the page is gone or replaced", () => {
    const { cache } = cacheAt();
    cache.set("/pros/summit", page(["profile:summit"]));
    cache.set("/pros/summit", page(["profile:summit-roofing"]));
    expect(cache.purge(["profile:summit"])).toBe(0);
    expect(cache.peek("/pros/summit")).toBeDefined();
    expect(cache.purge(["profile:summit-roofing"])).toBe(1);
  });

  it("`all` and purgeAll drop every page rendered from the database, not the prerendered ones", () => {
    const { cache } = cacheAt();
    cache.set("/", prerendered());
    cache.set("/denver-co", page(["city:denver-co"]));
    cache.set("/how-we-rank-pros", page([]));
    expect(cache.purge(["all"])).toBe(2);
    expect(cache.peek("/")).toBeDefined();
    cache.set("/denver-co", page(["city:denver-co"]));
    expect(cache.size).toBe(1);
  });

  it("does not keep a page rendered around a purge of its keys (its render may predate the write)", () => {
    const { cache, clock } = cacheAt();
    cache.purge(["listing:denver-co:roofing"]);
    clock.now += 100;
    cache.set("/denver-co/roofing", page(["listing:denver-co:roofing"]));
    cache.set("/denver-co/plumbing", page(["listing:denver-co:plumbing"]));
    expect(cache.peek("/denver-co/roofing")).toBeUndefined();
    expect(cache.peek("/denver-co/plumbing")).toBeDefined();
    clock.now += PURGE_SETTLE_MS;
    cache.set("/denver-co/roofing", page(["listing:denver-co:roofing"]));
    expect(cache.peek("/denver-co/roofing")).toBeDefined();
  });

  it("purges what the bus says is stale, and everything when the bus may have missed some", async () => {
    const { logger } = memoryLogger();
    const bus = createLocalMessageBus(logger);
    const { cache, clock } = cacheAt();
    purgeOnStale(bus, cache, logger);
    cache.set("/denver-co", page(["city:denver-co"]));
    cache.set("/boulder-co", page(["city:boulder-co"]));
    await bus.publishStale(["city:denver-co"]);
    expect(cache.peek("/denver-co")).toBeUndefined();
    expect(cache.peek("/boulder-co")).toBeDefined();
    clock.now += PURGE_SETTLE_MS;
    cache.set("/denver-co", page(["city:denver-co"]));
    await bus.publishStale(["all"]);
    expect(cache.size).toBe(0);
    await bus.close();
  });
});
