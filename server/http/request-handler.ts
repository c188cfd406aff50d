/**
 * The HTTP edge (decision 019): every request, in order, through security
 * headers and its target, static files, the endpoints outside React Router
 * (the operator's), canonical URLs or the checks on a write, the page cache,
 * then React Router in its render turn (node-bridge.ts turns Node's request
 * into a Fetch request and sends the answer back compressed). What a route
 * needs of the edge it declares in its `handle` (app/lib/edge.ts, read by
 * route-table.ts); the edge imports no feature (decision 033).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext, requestContext, type AppServices } from "../../app/lib/app-context.server";
import type { EdgePolicy } from "../../app/lib/edge";
import type { Env } from "../../app/lib/env.server";
import {
  dataEntry,
  htmlEntry,
  sharedMaxAge,
  type CachedPage,
  type PageCache,
} from "../pages/page-cache";
import type { PageCss } from "../pages/page-css";
import { improveLater } from "../pages/page-encodings";
import { SCRIPT_MARK } from "../pages/script-mark";
import { canonicalLocation, originFormTarget, pageCacheKey } from "./canonical";
import { contentSecurityPolicy } from "./csp";
import { isCrossSiteWrite, isOneClickUnsubscribe } from "./csrf";
import { createMethodPolicy } from "./method-policy";
import { clientAddress, refuse, sendHtmlOnce, sendStream, toFetchRequest } from "./node-bridge";
import { createRenderGate } from "./render-gate";
import { bodyLimit, HttpError, TOO_LARGE_MESSAGE } from "./request-body";
import { sendCached } from "./responses";
import { createRouteTable } from "./route-table";
import { applySecurityHeaders } from "./security-headers";
import type { StaticFiles } from "./static-files";

/**
 * Uncached page and data renders at once (render-gate.ts, decision 016).
 * Form posts, cached pages, static files and the place API take no turn.
 */
export const RENDERS_AT_ONCE = 4;

/** An endpoint outside React Router, asked before the page cache for paths under its prefix. */
export interface Endpoint {
  prefix: string;
  /** Answers the request; false when its path or method is not one of the endpoint's. */
  answer(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
}

export interface HandlerOptions {
  build: ServerBuild;
  /**
   * Development: the build as it is now (Vite's module graph, reloaded when a
   * file changes). The route tree (`build`) is read once, at start.
   */
  loadBuild?: () => Promise<ServerBuild>;
  cache: PageCache;
  mode: string;
  services: AppServices;
  staticFiles: StaticFiles;
  logger: Logger;
  /** Cuts each content page's inline styles down to what it uses (none in development). */
  pageCss: PageCss | undefined;
  /** The operator's (server/operator/operator-routes.ts). */
  endpoints: readonly Endpoint[];
  /**
   * Set-Cookie values that every page, data and form response renews, from
   * the cache or not (the form key: app/features/leads/form-key.server.ts).
   */
  renewedCookies: (secure: boolean) => string[];
}

export interface HttpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** A request that waits for `100 Continue` before it sends its body. */
  handleExpectContinue(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Renders a public page as a first visitor would and keeps it in the page
   * cache, so no visitor waits for its render. True when the page was cached.
   */
  renderIntoCache(path: string): Promise<boolean>;
}

/** What the edge knows of a request it lets through to the page cache or React Router. */
interface Passage {
  isRead: boolean;
  /** What the routes it matches declare (app/lib/edge.ts). */
  edge: EdgePolicy;
  /** A page or its data (not a file, the place API or a stream): it renews the form key. */
  documentOrData: boolean;
  /** Its key in the page cache, or null when its answer is neither looked for nor kept. */
  cacheKey: string | null;
}

/** How long a shared cache may keep this answer (seconds), or null when it must not. */
function cacheLifetime(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  return sharedMaxAge(response.headers.get("cache-control"));
}

function isHtml(response: Response): boolean {
  return response.headers.get("content-type")?.startsWith("text/html") === true;
}

function pathOf(url: string | undefined): string {
  return (url ?? "/").split("?")[0] ?? "/";
}

/** Security headers, and no scripts at all unless the response is a page that lists its own. */
function applyEdgeHeaders(res: ServerResponse, env: Env) {
  applySecurityHeaders(res, env);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(env));
}

function logWhenFinished(
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
  pathname: string,
  started: number,
) {
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
}

/** A read of a URL that is not canonical: redirected once (canonical.ts). True when it was. */
function redirectToCanonical(req: IncomingMessage, res: ServerResponse): boolean {
  const canonical = canonicalLocation(req.url ?? "/");
  if (!canonical) return false;
  res.statusCode = 301;
  res.setHeader("Location", canonical);
  res.end();
  return true;
}

/** Reads that are pages or their data: not files, the place API or a stream. */
function isDocumentOrData(pathname: string, streaming: boolean): boolean {
  if (streaming) return false;
  return (!pathname.startsWith("/api/") && !pathname.includes(".")) || pathname.endsWith(".data");
}

export function createHttpHandler(options: HandlerOptions): HttpHandler {
  const { build, services, staticFiles, logger, pageCss, cache } = options;
  const handleRequest = createRequestHandler(options.loadBuild ?? build, options.mode);
  const routes = createRouteTable(build);
  const methods = createMethodPolicy(routes);
  const isRouteId = (id: string) => Object.hasOwn(build.routes, id);
  const renders = createRenderGate(RENDERS_AT_ONCE);
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
    applyEdgeHeaders(res, services.env);
    // Everything below sees the target in origin form (`/path?query`), or it is refused.
    const target = originFormTarget(req.url ?? "/", req.headers.host ?? "");
    if (target !== null) req.url = target;
    const pathname = pathOf(req.url);
    logWhenFinished(req, res, logger, pathname, started);
    try {
      if (target === null) throw new HttpError(400, "This server answers for its own pages only.");
      await answer(req, res, pathname);
    } catch (error) {
      await answerFailure(req, res, pathname, error);
    }
  }

  /** The request's way through the edge: each step answers it or lets it pass. */
  async function answer(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const isRead = req.method === "GET" || req.method === "HEAD";
    if (isRead && staticFiles.serve(req, res, pathname)) return;
    if (await answerEndpoint(req, res, pathname)) return;
    if (!isRead) checkWrite(req, pathname);
    else if (redirectToCanonical(req, res)) return;
    // A one-click unsubscribe (RFC 8058) comes from a mail provider, perhaps a
    // webmail page with its own Origin: its signed token is its authority, and
    // React Router's own origin check must not refuse it either.
    if (isOneClickUnsubscribe(req)) delete req.headers.origin;
    const passage = passageOf(req, pathname, isRead);
    // Every page, data and form response renews the form key (see form-key.server.ts).
    if (passage.documentOrData || !isRead) {
      for (const cookie of options.renewedCookies(secureCookies)) {
        res.appendHeader("Set-Cookie", cookie);
      }
    }
    const cached = passage.cacheKey === null ? undefined : cache.get(passage.cacheKey);
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
    if (!(await awaitRenderTurn(req, res, passage))) return;
    await render(req, res, passage);
  }

  async function answerEndpoint(req: IncomingMessage, res: ServerResponse, pathname: string) {
    for (const endpoint of options.endpoints) {
      if (pathname.startsWith(endpoint.prefix) && (await endpoint.answer(req, res, pathname))) {
        return true;
      }
    }
    return false;
  }

  /** A write takes a form, to a route with an action, sent from our own pages. */
  function checkWrite(req: IncomingMessage, pathname: string) {
    methods.check(req, pathname, (req.url ?? "").slice(pathname.length));
    if (isCrossSiteWrite(req, new URL(services.env.SITE_URL).origin)) {
      throw new HttpError(
        403,
        "This form can only be sent from our own pages. Please go back and try again.",
      );
    }
  }

  function passageOf(req: IncomingMessage, pathname: string, isRead: boolean): Passage {
    const edge = routes.edgeOf(pathname);
    // A stream stays open as long as its route says: no render turn, no form key,
    // never looked for in or kept by the page cache.
    const streaming = isRead && edge.streaming === true;
    // Only a canonical URL is kept (its path and the query its page reads): unique
    // URLs are rendered for their request and cannot fill the cache (canonical.ts).
    // A browser with a personal cookie (a request waiting for its pros) sees pages
    // made for it: never the shared copy, and never kept.
    const personal = (edge.personalCookies ?? []).some(
      (name) => req.headers.cookie?.includes(`${name}=`) === true,
    );
    const cacheKey =
      isRead && !personal && !streaming ? pageCacheKey(req.url ?? "/", isRouteId) : null;
    return { isRead, edge, documentOrData: isDocumentOrData(pathname, streaming), cacheKey };
  }

  /**
   * A page or data read the cache did not have is rendered in its turn, which
   * passes on when the answer is sent or the visitor has gone. False when the
   * request needs no render any more: its visitor left while it waited, or
   * another request for the same page rendered it meanwhile (sent from the cache).
   */
  async function awaitRenderTurn(req: IncomingMessage, res: ServerResponse, passage: Passage) {
    if (!passage.isRead || !passage.documentOrData) return true;
    const passTurn = await renders.enter();
    if (req.socket.destroyed) {
      passTurn();
      return false;
    }
    res.once("close", passTurn);
    const renderedMeanwhile = passage.cacheKey === null ? undefined : cache.get(passage.cacheKey);
    if (!renderedMeanwhile) return true;
    res.setHeader("X-Cache", "HIT");
    await sendCached(req, res, renderedMeanwhile, services.env);
    return false;
  }

  async function render(req: IncomingMessage, res: ServerResponse, passage: Passage) {
    const request = await toFetchRequest(req, res, {
      origin: new URL(services.env.SITE_URL),
      bodyTimeoutMs: services.env.REQUEST_BODY_TIMEOUT_MS,
      uploadBytes: passage.edge.uploadBytes,
    });
    const response = await handleRequest(
      request,
      routerContext(clientAddress(req, services.env.TRUST_PROXY)),
    );
    res.setHeader("X-Cache", "MISS");
    const { cacheKey } = passage;
    const ttlS = req.method === "GET" && cacheKey !== null ? cacheLifetime(response) : null;
    // Kept from its second request on (PageCache.admit).
    const keep = ttlS && cacheKey !== null && cache.admit(cacheKey) ? { cacheKey, ttlS } : null;
    await sendRendered(req, res, response, keep);
  }

  /** React Router's answer: kept in the cache and sent from there, or sent once. */
  async function sendRendered(
    req: IncomingMessage,
    res: ServerResponse,
    response: Response,
    keep: { cacheKey: string; ttlS: number } | null,
  ) {
    if (isHtml(response)) {
      const html = await response.text();
      if (!keep) {
        await sendHtmlOnce(req, res, response, html, services.env, pageCss);
        return;
      }
      const page = cacheEntry(html, response, keep.ttlS);
      cache.set(keep.cacheKey, page);
      await sendCached(req, res, page, services.env);
      return;
    }
    if (!keep) {
      await sendStream(req, res, response);
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const page = dataEntry(body, response.status, response.headers, keep.ttlS * 1000);
    cache.set(keep.cacheKey, page);
    await sendCached(req, res, page, services.env);
  }

  async function answerFailure(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    error: unknown,
  ) {
    if (error instanceof HttpError) {
      await refuse(req, res, error);
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

  function handleExpectContinue(req: IncomingMessage, res: ServerResponse) {
    const pathname = pathOf(req.url);
    const limit = bodyLimit(req.headers["content-type"], routes.edgeOf(pathname).uploadBytes);
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      applyEdgeHeaders(res, services.env);
      // Nothing of the body has been sent: the connection can close with the answer.
      res.statusCode = 413;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Connection", "close");
      res.end(TOO_LARGE_MESSAGE);
      return Promise.resolve();
    }
    res.writeContinue();
    return handle(req, res);
  }

  return { handle, handleExpectContinue, renderIntoCache };
}
