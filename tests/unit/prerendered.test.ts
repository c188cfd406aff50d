import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { htmlEntry, PageCache } from "../../server/pages/page-cache";
import {
  betterEncodingsDone,
  improveLater,
  pageBody,
  plainBody,
} from "../../server/pages/page-encodings";
import { withFontPreloads } from "../../server/pages/page-html";
import { createPageCss } from "../../server/pages/page-css";
import { loadPrerenderedPages } from "../../server/pages/prerendered";

const SITE = "https://trade.example";
const dir = mkdtempSync(path.join(os.tmpdir(), "tm-prerendered-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function prerendered(route: string, site: string) {
  const folder = path.join(dir, route);
  mkdirSync(folder, { recursive: true });
  const article = '<p class="lead">Roof repair, replacement and gutters, explained.</p>'.repeat(
    200,
  );
  const styles = "p{margin:0}.lead{font-size:2rem}.dashboard-only{color:red}";
  writeFileSync(
    path.join(folder, "index.html"),
    `<!DOCTYPE html><html lang="en"><head><link rel="canonical" href="${site}${route === "" ? "/" : `/${route}`}"/><style data-page-css="">${styles}</style></head><body>${article}</body></html>`,
  );
}

describe("prerendered pages at start-up", () => {
  prerendered("", SITE);
  prerendered("roofing", SITE);
  prerendered("paint", "http://127.0.0.1:9999");

  it("go into the cache for good, only when built for this site", async () => {
    const cache = new PageCache();
    const { loaded, skipped } = await loadPrerenderedPages(dir, SITE, cache, undefined);
    expect(loaded.sort()).toEqual(["/", "/roofing"]);
    expect(skipped).toEqual(["/paint"]);
    expect(cache.get("/roofing")?.expiresAt).toBe(Number.POSITIVE_INFINITY);
    expect(cache.get("/paint")).toBeUndefined();
  });

  it("keep only the style rules they use", async () => {
    const cache = new PageCache();
    await loadPrerenderedPages(dir, SITE, cache, createPageCss({}));
    const page = cache.get("/roofing");
    const html = page ? (await plainBody(page)).toString() : "";
    expect(html).toContain("<style>p{margin:0}.lead{font-size:2rem}</style>");
    expect(html).not.toContain("dashboard-only");
  });

  it("are served with the best brotli encoding once it is ready", async () => {
    const cache = new PageCache();
    await loadPrerenderedPages(dir, SITE, cache, undefined);
    await betterEncodingsDone();
    const page = cache.get("/roofing");
    if (!page) throw new Error("not cached");
    const html = await plainBody(page);
    const best = zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    const br = await pageBody(page, "br");
    expect(br.equals(best)).toBe(true);
    expect(zlib.brotliDecompressSync(br).equals(html)).toBe(true);
  });
});

describe("a cached page's encodings", () => {
  const body = Buffer.from("<p>Gutters, explained.</p>".repeat(500));
  const fresh = () => htmlEntry(body.toString(), "mark", undefined, 200, new Headers(), 60_000);

  it("are made when a client first asks for each, then kept", async () => {
    const page = fresh();
    expect(page.encoded).toEqual({});
    const br = await pageBody(page, "br");
    expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
    // Kept: the next request gets the same bytes at once.
    expect(pageBody(page, "br")).toBe(br);
    expect(page.encoded.gzip).toBeUndefined();
    expect(zlib.gunzipSync(await pageBody(page, "gzip")).equals(body)).toBe(true);
    expect(pageBody(page, "gzip")).toBe(page.encoded.gzip);
  });

  it("keep the brotli body in place of the page as rendered, which is decoded when asked for", async () => {
    const page = fresh();
    // Asked for uncompressed first: the rendered bytes are all there is, and are sent as they are.
    expect(pageBody(page, "identity")).toBe(page.identity);
    const cache = new PageCache();
    cache.set("/gutters", page);
    const rendered = cache.bytes;
    await pageBody(page, "br");
    expect(page.identity).toBeNull();
    expect(cache.bytes).toBe(rendered - body.length + (page.encoded.br?.length ?? 0));
    const decoded = pageBody(page, "identity");
    expect(decoded).toBeInstanceOf(Promise);
    expect((await decoded).equals(body)).toBe(true);
    // Not kept again: the cache still holds the brotli body alone.
    expect(page.identity).toBeNull();
    expect(zlib.gunzipSync(await pageBody(page, "gzip")).equals(body)).toBe(true);
  });

  it("are compressed once for requests that arrive together", async () => {
    const page = fresh();
    const first = pageBody(page, "gzip");
    const second = pageBody(page, "gzip");
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(pageBody(page, "gzip")).toBe(a);
  });

  it("get the best brotli only when asked for, once", async () => {
    const page = fresh();
    const quick = await pageBody(page, "br");
    await betterEncodingsDone();
    expect(pageBody(page, "br")).toBe(quick);
    improveLater(page);
    improveLater(page);
    await betterEncodingsDone();
    const best = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    expect((await pageBody(page, "br")).equals(best)).toBe(true);
  });
});

describe("a page's font preloads as a Link header", () => {
  const head = (links: string) =>
    `<!DOCTYPE html><html><head>${links}</head><body><link rel="preload" href="/late.woff2" as="font"/></body></html>`;
  const font =
    '<link nonce="x" rel="preload" href="/assets/inter-1.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>';
  const image = '<link rel="preload" as="image" imageSrcSet="/a.avif 640w" fetchPriority="high"/>';

  it("names each font the head preloads, in CORS mode, beside the headers it had", () => {
    const headers = withFontPreloads(
      new Headers({ "content-type": "text/html", link: "</x>; rel=canonical" }),
      head(image + font),
    );
    expect(headers.get("content-type")).toBe("text/html");
    expect(headers.get("link")).toBe(
      '</x>; rel=canonical, </assets/inter-1.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin',
    );
  });

  it("leaves the headers alone when the head preloads no font", () => {
    const headers = new Headers({ "content-type": "text/html" });
    expect(withFontPreloads(headers, head(image))).toBe(headers);
  });

  it("goes with the page into the cache", () => {
    const page = htmlEntry(head(font), "mark", undefined, 200, new Headers(), 60_000);
    expect(page.headers).toContainEqual([
      "link",
      '</assets/inter-1.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin',
    ]);
  });
});
