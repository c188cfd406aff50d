import { createServer, get, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { htmlEntry, type CachedPage } from "../../server/pages/page-cache";
import { plainBody } from "../../server/pages/page-encodings";
import { sendCached, sendOnce } from "../../server/http/responses";

const env = parseEnv({ NODE_ENV: "test" });
const html = `<!DOCTYPE html><html><body>${"<p>Storm damage, explained.</p>".repeat(300)}</body></html>`;
const headers = new Headers({ "content-type": "text/html; charset=utf-8" });

let page: CachedPage;
/** What the test server sends: the cached page, or a page made for one request. */
let mode: "cached" | "once" = "cached";
let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    if (mode === "cached") void sendCached(req, res, page, env);
    else {
      const personal = new Headers(headers);
      personal.append("set-cookie", "tm_fk=one; Path=/; HttpOnly");
      void sendOnce(req, res, 200, personal, Buffer.from(html));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port.toString()}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

function fetchPage(
  requestHeaders: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${origin}/roofing`, { headers: requestHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on("error", reject);
  });
}

const failBrotliOnce = () =>
  vi.spyOn(zlib, "brotliCompress").mockImplementationOnce(((
    _input: unknown,
    _options: unknown,
    callback: (error: Error | null, result?: Buffer) => void,
  ) => {
    callback(new Error("Cannot allocate memory"));
  }) as unknown as typeof zlib.brotliCompress);

describe("a cached page sent to a browser", () => {
  beforeAll(() => {
    mode = "cached";
  });

  it("goes in the encoding the browser prefers, and 304 when it has this version", async () => {
    page = htmlEntry(html, "mark", undefined, 200, headers, 60_000);
    const rendered = await plainBody(page);
    const first = await fetchPage({ "accept-encoding": "gzip, br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(first.body).equals(rendered)).toBe(true);

    const again = await fetchPage({ "if-none-match": first.headers.etag ?? "" });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
  });

  it("goes uncompressed, whole, when compressing it fails, and is compressed on the next request", async () => {
    page = htmlEntry(html, "mark", undefined, 200, headers, 60_000);
    const rendered = await plainBody(page);
    failBrotliOnce();

    const failed = await fetchPage({ "accept-encoding": "br" });
    expect(failed.status).toBe(200);
    expect(failed.headers["content-encoding"]).toBeUndefined();
    expect(failed.headers["content-length"]).toBe(String(rendered.length));
    expect(failed.body.equals(rendered)).toBe(true);
    // Nothing half-made was kept for the next visitor.
    expect(page.encoded.br).toBeUndefined();

    const next = await fetchPage({ "accept-encoding": "br" });
    expect(next.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(next.body).equals(rendered)).toBe(true);
  });
});

describe("a page made for one request", () => {
  beforeAll(() => {
    mode = "once";
  });

  it("goes compressed whole, with its length and its cookie", async () => {
    const sent = await fetchPage({ "accept-encoding": "gzip, br" });
    expect(sent.status).toBe(200);
    expect(sent.headers["content-encoding"]).toBe("br");
    expect(sent.headers["content-length"]).toBe(String(sent.body.length));
    expect(sent.headers.vary).toBe("Accept-Encoding");
    expect(sent.headers["set-cookie"]).toEqual(["tm_fk=one; Path=/; HttpOnly"]);
    expect(zlib.brotliDecompressSync(sent.body).toString()).toBe(html);

    const gzipped = await fetchPage({ "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(html);
  });

  it("goes uncompressed, whole, when compressing it fails", async () => {
    failBrotliOnce();
    const sent = await fetchPage({ "accept-encoding": "br" });
    expect(sent.status).toBe(200);
    expect(sent.headers["content-encoding"]).toBeUndefined();
    expect(sent.headers["content-length"]).toBe(String(Buffer.byteLength(html)));
    expect(sent.body.toString()).toBe(html);
  });
});
