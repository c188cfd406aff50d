/**
 * Writing whole responses: a cached page in the encoding the client prefers
 * (or 304), a page made for one request, and a Fetch response's headers onto
 * Node's.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "../../app/lib/env.server";
import { chooseEncoding, compressWhole, onceBrotli, type Encoding } from "./compression";
import { contentSecurityPolicy } from "./csp";
import { type CachedPage } from "../pages/page-cache";
import { pageBody, plainBody } from "../pages/page-encodings";

export function copyHeaders(res: ServerResponse, headers: Headers | [string, string][]) {
  const entries = headers instanceof Headers ? [...headers] : headers;
  for (const [name, value] of entries) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  if (headers instanceof Headers) {
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) res.appendHeader("Set-Cookie", cookies);
  }
}

/** Whether the client already has this version of the page (If-None-Match). */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header
    .split(",")
    .some(
      (tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag.replace(/^W\//, ""),
    );
}

/** A cached page, as stored: its own CSP, the encoding the client prefers, or 304. */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  env: Env,
): Promise<void> | undefined {
  copyHeaders(res, page.headers);
  if (page.scriptHashes.length > 0) {
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(env, page.scriptHashes));
  }
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", page.etag);
  if (isFresh(req, page.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = page.status;
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = pageBody(page, encoding);
  if (Buffer.isBuffer(body)) {
    sendBody(req, res, body, encoding);
    return;
  }
  // Compressed (or decoded) off the main thread; should compressing fail, the page goes as it is.
  return body.then(
    (made) => sendBody(req, res, made, encoding),
    async () => sendBody(req, res, await plainBody(page), "identity"),
  );
}

/**
 * A page made for this request only (personal, or not to be kept): compressed
 * whole on libuv's thread pool in the encoding the client prefers, and sent
 * with its length. Should compression fail, the page goes as it is.
 */
export async function sendOnce(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Headers,
  body: Buffer,
): Promise<void> {
  copyHeaders(res, headers);
  res.statusCode = status;
  res.appendHeader("Vary", "Accept-Encoding");
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  if (encoding === "identity") {
    sendBody(req, res, body, "identity");
    return;
  }
  let compressed: Buffer;
  try {
    compressed = await compressWhole(body, encoding, onceBrotli(body.length));
  } catch {
    sendBody(req, res, body, "identity");
    return;
  }
  sendBody(req, res, compressed, encoding);
}

/** A whole body with its length and, when compressed, its encoding (none for HEAD). */
function sendBody(req: IncomingMessage, res: ServerResponse, body: Buffer, sentAs: Encoding) {
  if (sentAs !== "identity") res.setHeader("Content-Encoding", sentAs);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
