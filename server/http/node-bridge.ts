/**
 * Between Node's http module and the Fetch API React Router speaks: a Node
 * request becomes a Fetch request (body read within its limit), and a Fetch
 * response is sent back, compressed when it is text.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createHeaders } from "@remix-run/node-fetch-server";
import type { Env } from "../../app/lib/env.server";
import { sameOriginPath } from "./canonical";
import { chooseEncoding, createCompressor, isCompressible } from "./compression";
import { contentSecurityPolicy } from "./csp";
import { checkFormBody } from "./method-policy";
import { preparePage, withFontPreloads } from "../pages/page-html";
import type { PageCss } from "../pages/page-css";
import { bodyLimit, discardBody, HttpError, readBody } from "./request-body";
import { copyHeaders, sendOnce } from "./responses";
import { SCRIPT_MARK } from "../pages/script-mark";

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** Server-Sent Events (text/event-stream), whichever route sends them. */
function isEventStream(contentType: string | null): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "text/event-stream";
}

/**
 * The Fetch request for React Router. Its body is read whole, within its
 * limit (request-body.ts): `uploadBytes` is what the route declares for a
 * multipart form (app/lib/edge.ts).
 */
export async function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  limits: { origin: URL; bodyTimeoutMs: number; uploadBytes: number | undefined },
): Promise<Request> {
  const host = req.headers.host;
  if (!host || !HOST_PATTERN.test(host)) throw new HttpError(400, "Bad Host header");
  // The path never names another host, whatever slashes it starts with.
  const url = new URL(sameOriginPath(req.url ?? "/"), `${limits.origin.protocol}//${host}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const limit = bodyLimit(req.headers["content-type"], limits.uploadBytes);
  const body = hasBody ? await readBody(req, limit, limits.bodyTimeoutMs) : undefined;
  const headers = createHeaders(req);
  // An empty post without a type (see the method policy) is read as an empty form.
  if (hasBody && !headers.has("content-type")) {
    headers.set("content-type", "application/x-www-form-urlencoded");
  }
  const request = new Request(url, {
    method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
  await checkFormBody(request);
  return request;
}

/**
 * Streams a response React Router made, compressed when it is text. An event
 * stream goes out as written, each event at once, never compressed; its
 * connection closes with it (it ends only when the server shuts down).
 */
export async function sendStream(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  copyHeaders(res, response.headers);
  res.statusCode = response.status;
  const eventStream = isEventStream(response.headers.get("content-type"));
  if (eventStream) res.shouldKeepAlive = false;
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const compress =
    !eventStream &&
    response.body !== null &&
    encoding !== "identity" &&
    !response.headers.has("content-encoding") &&
    isCompressible(response.headers.get("content-type"));
  if (compress) {
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", encoding);
    res.appendHeader("Vary", "Accept-Encoding");
  }
  if (req.method === "HEAD" || response.body === null) {
    // A body made for a HEAD is not read: cancelled, so that it stops.
    await response.body?.cancel();
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  if (compress) await pipeline(body, createCompressor(encoding), res);
  else await pipeline(body, res);
}

/** A page rendered for this request only: its scripts sealed, compressed whole. */
export function sendHtmlOnce(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  html: string,
  env: Env,
  pageCss: PageCss | undefined,
) {
  const sealed = preparePage(html, SCRIPT_MARK, pageCss);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(env, sealed.scriptHashes));
  const headers = withFontPreloads(response.headers, sealed.html);
  return sendOnce(req, res, response.status, headers, Buffer.from(sealed.html));
}

/**
 * Answers a refused request with its status and short message. Answering
 * while the client still sends would reset the connection and lose the
 * answer: the rest of the body is read and dropped first (request-body.ts).
 */
export async function refuse(req: IncomingMessage, res: ServerResponse, error: HttpError) {
  const drained = error.close ? false : await discardBody(req);
  if (res.headersSent) {
    res.end();
    return;
  }
  res.statusCode = error.status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  if (!drained) res.setHeader("Connection", "close");
  res.end(error.message);
}

export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}
