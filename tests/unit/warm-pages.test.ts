import pino from "pino";
import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "../../server/pages/page-cache";
import { createPageWarmer, popularPagePaths } from "../../server/pages/warm-pages";

const silent = pino({ level: "silent" });

function page(expiresAt: number): CachedPage {
  return {
    status: 200,
    headers: [],
    scriptHashes: [],
    etag: 'W/"page"',
    identity: Buffer.from("page"),
    encoded: {},
    improving: false,
    expiresAt,
  };
}

describe("keeping popular pages rendered ahead of visitors", () => {
  it("covers each popular city and its nine category listings, and the city in es and fr", () => {
    const paths = popularPagePaths();
    expect(paths).toContain("/denver-co");
    expect(paths).toContain("/houston-tx/plumbing");
    expect(paths).toContain("/es/miami-fl");
    expect(paths).toContain("/fr/chicago-il");
    expect(paths).toHaveLength(6 * 10 + 6 * 2);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("renders every page once at start, then only pages close to expiry", async () => {
    const cache = new PageCache();
    const rendered: string[] = [];
    const lifetimeMs = 60_000;
    const warmer = createPageWarmer({
      paths: ["/a", "/b", "/c"],
      cache,
      logger: silent,
      checkEveryMs: 20,
      refreshBeforeMs: 1_000,
      render: (path) => {
        rendered.push(path);
        if (path === "/c") return Promise.resolve(false); // not cacheable: tried again later
        cache.set(path, page(Date.now() + lifetimeMs));
        return Promise.resolve(true);
      },
    });
    warmer.start();
    await warmer.firstPass;
    expect(rendered).toEqual(["/a", "/b", "/c"]);

    // /b is about to expire: the next check renders it (and /c, still missing), not /a.
    cache.set("/b", page(Date.now() + 500));
    rendered.length = 0;
    await expect.poll(() => rendered.includes("/b")).toBe(true);
    await warmer.stop();
    expect(rendered).not.toContain("/a");
    expect(rendered).toContain("/c");
  });

  it("keeps going when one page fails, and stops cleanly", async () => {
    const cache = new PageCache();
    const warmer = createPageWarmer({
      paths: ["/broken", "/fine"],
      cache,
      logger: silent,
      render: (path) => {
        if (path === "/broken") return Promise.reject(new Error("database unavailable"));
        cache.set(path, page(Date.now() + 60_000));
        return Promise.resolve(true);
      },
    });
    warmer.start();
    await warmer.firstPass;
    expect(cache.peek("/fine")).toBeDefined();
    expect(cache.peek("/broken")).toBeUndefined();
    await warmer.stop();
  });
});
