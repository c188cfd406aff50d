/**
 * Turns Node's request into a Fetch request for React Router and sends the
 * answer back compressed. Static files are answered before the router.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createHeaders } from "@remix-run/node-fetch-server";
import type { Logger } from "pino";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { formKeyCookie } from "../app/features/leads/form-key.server";
import { appContext, requestContext, type AppServices } from "../app/lib/app-context.server";
import type { Env } from "../app/lib/env.server";
import { chooseEncoding, createCompressor, isCompressible } from "./compression";
import { handleOperatorRequest, OPERATOR_PATH } from "./operator-api";
import { canonicalLocation } from "./canonical";
import { contentSecurityPolicy } from "./csp";
import { isCrossSiteWrite } from "./csrf";
import {
  dataEntry,
  htmlEntry,
  improveLater,
  preparePage,
  sharedMaxAge,
  withFontPreloads,
  type CachedPage,
  type PageCache,
} from "./page-cache";
import type { PageCss } from "./page-css";
import { copyHeaders, sendCached, sendOnce } from "./responses";
import { SCRIPT_MARK } from "./script-mark";
import { applySecurityHeaders } from "./security-headers";
import type { StaticFiles } from "./static-files";

/** Largest request body we read (forms are a few kilobytes). */
export const MAX_BODY_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) {
    return Promise.reject(new HttpError(413, "Request body too large"));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, "Request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

async function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: URL,
): Promise<Request> {
  const host = req.headers.host;
  if (!host || !HOST_PATTERN.test(host)) throw new HttpError(400, "Bad Host header");
  const url = new URL(req.url ?? "/", `${origin.protocol}//${host}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? await readBody(req, MAX_BODY_BYTES) : undefined;
  return new Request(url, {
    method,
    headers: createHeaders(req),
    body: body ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
}

/** Streams a response React Router made, compressed when it is text. */
async function sendStream(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  copyHeaders(res, response.headers);
  res.statusCode = response.status;
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const compress =
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
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  if (compress) await pipeline(body, createCompressor(encoding), res);
  else await pipeline(body, res);
}

/** A page rendered for this request only: its scripts sealed, compressed whole. */
function sendHtmlOnce(
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

function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

export interface HandlerOptions {
  build: ServerBuild;
  cache: PageCache;
  /** The operator's token (see operator-api.ts). */
  operatorToken: string;
  mode: string;
  services: AppServices;
  staticFiles: StaticFiles;
  logger: Logger;
  /** Cuts each content page's inline styles down to what it uses (none in development). */
  pageCss: PageCss | undefined;
}

/** How long a shared cache may keep this answer (seconds), or null when it must not. */
function cacheLifetime(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  return sharedMaxAge(response.headers.get("cache-control"));
}

function isHtml(response: Response): boolean {
  return response.headers.get("content-type")?.startsWith("text/html") === true;
}

export interface HttpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Renders a public page as a first visitor would and keeps it in the page
   * cache, so no visitor waits for its render. True when the page was cached.
   */
  renderIntoCache(path: string): Promise<boolean>;
}

export function createHttpHandler(options: HandlerOptions): HttpHandler {
  const { build, services, staticFiles, logger, pageCss } = options;
  const handleRequest = createRequestHandler(build, options.mode);

  const cache = options.cache;
  const secureCookies = services.env.SITE_URL.startsWith("https://");

  function routerContext(address: string): RouterContextProvider {
    const context = new RouterContextProvider();
    context.set(appContext, services);
    context.set(requestContext, { clientAddress: address, scriptMark: SCRIPT_MARK });
    return context;
  }

  /** A rendered page, prepared to be kept in the cache for ttlS seconds. */
  function cacheEntry(html: string, response: Response, ttlS: number): CachedPage {
    return htmlEntry(html, SCRIPT_MARK, pageCss, response.status, response.headers, ttlS * 1000);
  }

  async function renderIntoCache(path: string): Promise<boolean> {
    const request = new Request(new URL(path, services.env.SITE_URL), {
      headers: { accept: "text/html" },
    });
    const response = await handleRequest(request, routerContext("127.0.0.1"));
    const ttlS = cacheLifetime(response);
    if (!ttlS || !isHtml(response)) {
      await response.body?.cancel();
      return false;
    }
    const page = cacheEntry(await response.text(), response, ttlS);
    // Rendered ahead because it is popular: its best compression is made ahead too.
    improveLater(page);
    cache.set(path, page);
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    applySecurityHeaders(res, services.env);
    // No scripts at all, unless the response is a page that lists its own.
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(services.env));
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    res.on("finish", () => {
      logger.info(
        {
          method: req.method,
          path: pathname,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });

    try {
      if (
        (req.method === "GET" || req.method === "HEAD") &&
        staticFiles.serve(req, res, pathname)
      ) {
        return;
      }
      if (pathname === OPERATOR_PATH && req.method === "GET") {
        await handleOperatorRequest(req, res, services.database.db, options.operatorToken);
        return;
      }
      const isRead = req.method === "GET" || req.method === "HEAD";
      if (isRead) {
        const canonical = canonicalLocation(req.url ?? "/");
        if (canonical) {
          res.statusCode = 301;
          res.setHeader("Location", canonical);
          res.end();
          return;
        }
      } else if (isCrossSiteWrite(req, new URL(services.env.SITE_URL).origin)) {
        res.statusCode = 403;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("This form can only be sent from our own pages. Please go back and try again.");
        return;
      }
      const documentOrData =
        (!pathname.startsWith("/api/") && !pathname.includes(".")) || pathname.endsWith(".data");
      // Every page, data and form response renews the form key (see form-key.server.ts).
      if (documentOrData || !isRead)
        res.appendHeader("Set-Cookie", formKeyCookie(services.secret, secureCookies));

      const cacheKey = req.url ?? "/";
      const cached = isRead ? cache.get(cacheKey) : undefined;
      if (cached) {
        res.setHeader(
          "X-Cache",
          cached.expiresAt === Number.POSITIVE_INFINITY ? "PRERENDERED" : "HIT",
        );
        // Asked for again: worth its best compression.
        improveLater(cached);
        await sendCached(req, res, cached, services.env);
        return;
      }

      const request = await toFetchRequest(req, res, new URL(services.env.SITE_URL));
      const response = await handleRequest(
        request,
        routerContext(clientAddress(req, services.env.TRUST_PROXY)),
      );
      res.setHeader("X-Cache", "MISS");
      const ttlS = req.method === "GET" ? cacheLifetime(response) : null;
      if (isHtml(response)) {
        const html = await response.text();
        if (ttlS) {
          const page = cacheEntry(html, response, ttlS);
          cache.set(cacheKey, page);
          await sendCached(req, res, page, services.env);
        } else {
          await sendHtmlOnce(req, res, response, html, services.env, pageCss);
        }
        return;
      }
      if (ttlS) {
        const page = dataEntry(
          Buffer.from(await response.arrayBuffer()),
          response.status,
          response.headers,
          ttlS * 1000,
        );
        cache.set(cacheKey, page);
        await sendCached(req, res, page, services.env);
        return;
      }
      await sendStream(req, res, response);
    } catch (error) {
      if (error instanceof HttpError) {
        if (!res.headersSent) {
          res.statusCode = error.status;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.setHeader("Connection", "close");
        }
        res.end(error.message);
        return;
      }
      if (res.destroyed) return;
      logger.error({ err: error, path: pathname }, "request failed");
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Something went wrong on our side. Please try again.");
      } else {
        res.destroy();
      }
    }
  }

  return { handle, renderIntoCache };
}
