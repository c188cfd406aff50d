import { createHash } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDataDir, spawnServer, startServer, type TestServer } from "../support/server";

describe("the production server", () => {
  const data = freshDataDir();
  let server: TestServer;

  beforeAll(async () => {
    // About the page cache and the pages rendered ahead: with start-up's page work.
    server = await startServer({ DATA_DIR: data.dir, PAGE_WARMING: "1" });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("answers /healthz from the database", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("renders personal pages per request, compressed with brotli or gzip", async () => {
    const br = await fetch(`${server.url}/login`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("x-cache")).toBe("MISS");
    const gz = await fetch(`${server.url}/login`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toContain("<h1");
  });

  it("caches public pages as the same bytes for everyone, allowing their own scripts by hash", async () => {
    const get = (encoding: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/terms`, { headers: { "accept-encoding": encoding, ...headers } });
    const first = await get("gzip, br");
    // Kept from its second request on (PageCache.admit), unless prerendered.
    await (await get("gzip, br")).arrayBuffer();
    const second = await get("gzip, br");
    expect(["MISS", "PRERENDERED"]).toContain(first.headers.get("x-cache"));
    expect(["HIT", "PRERENDERED"]).toContain(second.headers.get("x-cache"));
    expect(second.headers.get("content-encoding")).toBe("br");
    const [html1, html2] = [await first.text(), await second.text()];
    expect(html2).toBe(html1);
    const policy = second.headers.get("content-security-policy") ?? "";
    expect(first.headers.get("content-security-policy")).toBe(policy);
    expect(html1).not.toMatch(/\snonce=/);
    // Every inline script the page runs is listed by its hash, and nothing else.
    const inline = [...html1.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ""))
      .map(
        ([, , text]) =>
          `'sha256-${createHash("sha256")
            .update(text ?? "")
            .digest("base64")}'`,
      );
    expect(inline.length).toBeGreaterThan(0);
    const listed = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    expect(new Set(listed)).toEqual(new Set([...inline, "'strict-dynamic'"]));

    // gzip for clients without brotli; the same page either way.
    const gzip = await get("gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(html1);

    // A browser that has this version is told so, without the page.
    const etag = second.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    const again = await get("gzip, br", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("serves hashed assets with a year-long immutable cache and compression", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    // The stylesheet is inline; the scripts are hashed assets.
    expect(html).toMatch(/<style[^>]*>[^<]*font-family/);
    const script = /(\/assets\/[\w.-]+\.js)/.exec(html)?.[1];
    expect(script).toBeDefined();
    const { request } = await import("node:http");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `${server.url}${script ?? ""}`,
          { headers: { "accept-encoding": "br" } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    expect(raw.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(raw.body).toString()).toMatch(/import|export/);
    // The build's compressed copies, and the prerendered pages' files, are not files to fetch.
    for (const path of [`${script ?? ""}.br`, `${script ?? ""}.gz`, "/roofing/index.html"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });

  it("serves every file the build wrote (each named with an extension) at its path", async () => {
    const { readdirSync } = await import("node:fs");
    const files = readdirSync("build/client", { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath.slice("build/client".length)}/${entry.name}`)
      .filter((path) => !/\.(html|data|br|gz)$/.test(path));
    expect(files.length).toBeGreaterThan(10);
    // The static server asks sirv only about paths that end in an extension (static-files.ts).
    expect(files.filter((path) => !/\.[^/]*$/.test(path))).toEqual([]);
    const sample = files.filter((_path, i) => i % Math.ceil(files.length / 8) === 0);
    for (const path of sample) {
      expect((await fetch(`${server.url}${path}`, { method: "HEAD" })).status, path).toBe(200);
    }
  });

  it("names one PNG favicon in its pages, and serves it and /favicon.ico as images", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    const icons = [...html.matchAll(/<link[^>]*rel="icon"[^>]*>/g)].map(([tag]) => tag);
    // One icon, a PNG: an SVG favicon costs the page a long task after load (brand.ts).
    expect(icons).toHaveLength(1);
    const href = /href="([^"]+)"/.exec(icons[0] ?? "")?.[1] ?? "";
    expect(href).toMatch(/\.png$/);

    const png = await fetch(`${server.url}${href}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const pngBytes = Buffer.from(await png.arrayBuffer());
    expect(pngBytes.subarray(1, 4).toString()).toBe("PNG");
    // IHDR width and height: 48 × 48.
    expect([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)]).toEqual([48, 48]);

    const ico = await fetch(`${server.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toBe("image/x-icon");
    const icoBytes = Buffer.from(await ico.arrayBuffer());
    // An icon directory of one image, whose data is a PNG at the offset it names.
    expect([icoBytes.readUInt16LE(2), icoBytes.readUInt16LE(4)]).toEqual([1, 1]);
    const offset = icoBytes.readUInt32LE(18);
    expect(icoBytes.subarray(offset + 1, offset + 4).toString()).toBe("PNG");
  });

  it("names each page's preloaded font in a Link header, kept and rendered pages alike", async () => {
    for (const path of ["/", "/roofing", "/denver-co", "/login"]) {
      const response = await fetch(`${server.url}${path}`);
      const html = await response.text();
      const tag = /<link[^>]*rel="preload"[^>]*as="font"[^>]*>/.exec(html)?.[0] ?? "";
      const href = /href="([^"]+)"/.exec(tag)?.[1];
      expect(href, `${path}: a font preload in the page`).toMatch(/^\/assets\/.+\.woff2$/);
      expect(response.headers.get("link"), path).toBe(
        `<${href ?? ""}>; rel=preload; as=font; type="font/woff2"; crossorigin`,
      );
    }
  });

  it("renders the popular cities' pages before any visitor asks for them", async () => {
    await expect
      .poll(() => server.logs.some((line) => line.includes("rendered ahead of visitors")), {
        timeout: 30_000,
      })
      .toBe(true);
    for (const path of ["/denver-co", "/houston-tx/plumbing"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("x-cache"), path).toBe("HIT");
      expect(await response.text()).toContain("<h1");
    }
    // A page outside the popular set is still rendered on its first visit.
    const other = await fetch(`${server.url}/denver-co/drain-cleaning`);
    expect(other.headers.get("x-cache")).toBe("MISS");
  });

  it("keeps a search that found its place, never one that did not", async () => {
    const found = `${server.url}/search?service=plumbing&zip=60601`;
    // Kept from its second request on (PageCache.admit).
    expect((await fetch(found)).headers.get("x-cache")).toBe("MISS");
    expect((await fetch(found)).headers.get("x-cache")).toBe("MISS");
    expect((await fetch(found)).headers.get("x-cache")).toBe("HIT");
    const madeUp = `${server.url}/search?service=plumbing&zip=00000`;
    await fetch(madeUp);
    await fetch(madeUp);
    expect((await fetch(madeUp)).headers.get("x-cache")).toBe("MISS");
  });

  it("answers an unknown path with a real 404 page", async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('href="/"');
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await fetch(`${server.url}/?index`, {
      method: "POST",
      body: "x".repeat(200 * 1024),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(413);
  });

  it("refuses cross-site form posts with 403", async () => {
    const fields = new URLSearchParams({
      intent: "callback",
      name: "Eve",
      phone: "(303) 555-0147",
      preferredTime: "morning",
      consent: "on",
    });
    const evil = await fetch(`${server.url}/?index`, {
      method: "POST",
      body: fields,
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
    });
    expect(evil.status).toBe(403);
    const fetchMetadata = await fetch(`${server.url}/?index`, {
      method: "POST",
      body: fields,
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
    });
    expect(fetchMetadata.status).toBe(403);
  });

  it("redirects a trailing slash or a stray query to the canonical URL in one step", async () => {
    const slash = await fetch(`${server.url}/roofing/?utm_source=mail`, { redirect: "manual" });
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/roofing");
  });

  it("logs JSON lines", () => {
    const line = server.logs.find((l) => l.includes('"msg":"request"'));
    const entry = JSON.parse(line ?? "{}") as { method?: string; status?: unknown };
    expect(entry.method).toBe("GET");
    expect(typeof entry.status).toBe("number");
  });

  it("shuts down gracefully on SIGTERM", async () => {
    const secondData = freshDataDir();
    const second = await startServer({ DATA_DIR: secondData.dir });
    // Started without start-up's page work (PAGE_WARMING=0, the tests' default):
    // a popular page is rendered on its first visit, and nothing was rendered ahead.
    const popular = await fetch(`${second.url}/denver-co`);
    expect(popular.headers.get("x-cache")).toBe("MISS");
    await popular.text();
    const code = await second.stop();
    expect(second.logs.some((line) => line.includes("rendered ahead of visitors"))).toBe(false);
    secondData.remove();
    expect(code).toBe(0);
    expect(second.logs.join("\n")).toContain("shutdown complete");
  });
});

describe("start-up configuration", () => {
  it("stops with the bad variable's name in the message", async () => {
    const child = spawnServer({ PORT: "eighty" });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("PORT");
    expect(stderr).not.toMatch(/at .*\.js:\d+/);
  });
});

describe("started as the README says (npm start, no NODE_ENV)", () => {
  function dependencyBuildIn(logs: string[]): unknown {
    const line = logs.find((l) => l.includes('"dependencyBuild"'));
    return (JSON.parse(line ?? "{}") as { dependencyBuild?: unknown }).dependencyBuild;
  }

  it("renders with React's production build", async () => {
    const data = freshDataDir();
    const server = await startServer({ DATA_DIR: data.dir }, { withoutNodeEnv: true });
    try {
      const page = await fetch(`${server.url}/login`);
      expect(page.status).toBe(200);
      expect(dependencyBuildIn(server.logs)).toBe("production");
    } finally {
      await server.stop();
      data.remove();
    }
  });

  it("keeps the development build when NODE_ENV=development asks for it", async () => {
    const data = freshDataDir();
    const server = await startServer(
      { DATA_DIR: data.dir, NODE_ENV: "development" },
      { withoutNodeEnv: true },
    );
    try {
      expect(dependencyBuildIn(server.logs)).toBe("development");
    } finally {
      await server.stop();
      data.remove();
    }
  });
});
