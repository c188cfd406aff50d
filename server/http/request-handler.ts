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
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppServices } from "../../app/lib/app-context.server";
import type { Env } from "../../app/lib/env.server";
import type { PageCache } from "../pages/page-cache";
import type { PageCss } from "../pages/page-css";
import { improveLater } from "../pages/page-encodings";
import { canonicalLocation, originFormTarget, pageCacheKey } from "./canonical";
import { contentSecurityPolicy } from "./csp";
import { isCrossSiteWrite, isOneClickUnsubscribe } from "./csrf";
import { createMethodPolicy, type MethodPolicy } from "./method-policy";
import { refuse } from "./node-bridge";
import { awaitRenderTurn, render, renderIntoCache, type Passage, type Rendering } from "./render";
import { createRenderGate } from "./render-gate";
import { bodyLimit, HttpError, TOO_LARGE_MESSAGE } from "./request-body";
import { sendCached } from "./responses";
import { createRouteTable, type RouteTable } from "./route-table";
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

/** How the edge answered a request; "router": from the page cache or React Router. */
export type EdgeWay = "refused" | "static" | "endpoint" | "redirect" | "router";

/** A request done with (its response sent, or its client gone), for an observer. */
export interface AnsweredRequest {
  way: EdgeWay;
  /** The endpoint's prefix, when an endpoint answered. */
  endpoint?: string;
  /** A stream (the route declares `streaming`): its time is how long it stayed open. */
  streaming: boolean;
  pathname: string;
  /** The status sent, or null when the client left before any was. */
  status: number | null;
  seconds: number;
}

/** Told what the edge does (server/metrics.ts, passed in by start.ts). */
export interface EdgeObserver {
  answered(request: AnsweredRequest): void;
  /** A read the page cache was asked for: found or not. */
  pageCache(hit: boolean): void;
  /** A render's wait for its turn (render-gate.ts). */
  renderAdmitted(waitedSeconds: number): void;
  /** A stream opened; the function returned is called when it closes. */
  streamOpened(): () => void;
}

/** What an observer may read of the edge. */
export interface ObservedEdge {
  /** The id of the route React Router renders for a path (its leaf), or undefined. */
  routeIdOf(pathname: string): string | undefined;
  /** Renders waiting for their turn. */
  readonly rendersWaiting: number;
}

const UNOBSERVED: EdgeObserver = {
  answered: () => {},
  pageCache: () => {},
  renderAdmitted: () => {},
  streamOpened: () => () => {},
};

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
  /** Made once with what the edge knows; told of every request (server/metrics.ts). */
  observe?: (edge: ObservedEdge) => EdgeObserver;
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

/** What every step shares, made once by createHttpHandler. */
interface Edge extends Rendering {
  options: HandlerOptions;
  routes: RouteTable;
  methods: MethodPolicy;
  isRouteId: (id: string) => boolean;
  secureCookies: boolean;
  observer: EdgeObserver;
}

/** How a request went through the edge so far, set before each step's answer is sent. */
type Way = Pick<AnsweredRequest, "way" | "endpoint" | "streaming">;

export function createHttpHandler(options: HandlerOptions): HttpHandler {
  const { build, services, cache, pageCss } = options;
  const routes = createRouteTable(build);
  let observer = UNOBSERVED;
  const renders = createRenderGate(RENDERS_AT_ONCE, (waited) => {
    observer.renderAdmitted(waited);
  });
  if (options.observe) {
    observer = options.observe({
      routeIdOf: (pathname) => routes.match(pathname)?.at(-1)?.route.id,
      get rendersWaiting() {
        return renders.waiting;
      },
    });
  }
  const edge: Edge = {
    options,
    services,
    cache,
    pageCss,
    handleRequest: createRequestHandler(options.loadBuild ?? build, options.mode),
    routes,
    methods: createMethodPolicy(routes),
    isRouteId: (id) => Object.hasOwn(build.routes, id),
    renders,
    secureCookies: services.env.SITE_URL.startsWith("https://"),
    observer,
  };
  return {
    handle: (req, res) => handle(edge, req, res),
    handleExpectContinue: (req, res) => handleExpectContinue(edge, req, res),
    renderIntoCache: (path) => renderIntoCache(edge, path),
  };
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

/** Tells the observer how the request went once it is done with (answered or abandoned). */
function observeWhenClosed(
  edge: Edge,
  res: ServerResponse,
  pathname: string,
  started: number,
  way: Way,
) {
  res.once("close", () => {
    edge.observer.answered({
      ...way,
      pathname,
      status: res.headersSent ? res.statusCode : null,
      seconds: (performance.now() - started) / 1000,
    });
  });
}

async function handle(edge: Edge, req: IncomingMessage, res: ServerResponse) {
  const started = performance.now();
  applyEdgeHeaders(res, edge.services.env);
  // Everything below sees the target in origin form (`/path?query`), or it is refused.
  const target = originFormTarget(req.url ?? "/", req.headers.host ?? "");
  if (target !== null) req.url = target;
  const pathname = pathOf(req.url);
  logWhenFinished(req, res, edge.options.logger, pathname, started);
  const way: Way = { way: target === null ? "refused" : "router", streaming: false };
  observeWhenClosed(edge, res, pathname, started, way);
  try {
    if (target === null) throw new HttpError(400, "This server answers for its own pages only.");
    await answer(edge, req, res, pathname, way);
  } catch (error) {
    await answerFailure(edge, req, res, pathname, error);
  }
}

/** The request's way through the edge: each step answers it or lets it pass. */
async function answer(
  edge: Edge,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  way: Way,
) {
  const isRead = req.method === "GET" || req.method === "HEAD";
  if (isRead && edge.options.staticFiles.serve(req, res, pathname)) {
    way.way = "static";
    return;
  }
  if (await answerEndpoint(edge.options.endpoints, req, res, pathname, way)) return;
  if (!isRead) checkWrite(edge, req, pathname);
  else if (redirectToCanonical(req, res)) {
    way.way = "redirect";
    return;
  }
  // A one-click unsubscribe (RFC 8058) comes from a mail provider, perhaps a
  // webmail page with its own Origin: its signed token is its authority, and
  // React Router's own origin check must not refuse it either.
  if (isOneClickUnsubscribe(req)) delete req.headers.origin;
  const passage = passageOf(edge, req, pathname, isRead);
  if (isRead && passage.edge.streaming === true) {
    way.streaming = true;
    res.once("close", edge.observer.streamOpened());
  }
  // Every page, data and form response renews the form key (see form-key.server.ts).
  if (passage.documentOrData || !isRead) {
    for (const cookie of edge.options.renewedCookies(edge.secureCookies)) {
      res.appendHeader("Set-Cookie", cookie);
    }
  }
  if (await answerFromCache(edge, req, res, passage.cacheKey)) return;
  if (!(await awaitRenderTurn(edge, req, res, passage))) return;
  await render(edge, req, res, passage);
}

async function answerEndpoint(
  endpoints: readonly Endpoint[],
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  way: Way,
) {
  for (const endpoint of endpoints) {
    if (!pathname.startsWith(endpoint.prefix)) continue;
    // Set before it answers: its response may be done before the answer resolves.
    way.way = "endpoint";
    way.endpoint = endpoint.prefix;
    if (await endpoint.answer(req, res, pathname)) return true;
    way.way = "router";
    delete way.endpoint;
  }
  return false;
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

/** A write takes a form, to a route with an action, sent from our own pages. */
function checkWrite(edge: Edge, req: IncomingMessage, pathname: string) {
  edge.methods.check(req, pathname, (req.url ?? "").slice(pathname.length));
  if (isCrossSiteWrite(req, new URL(edge.services.env.SITE_URL).origin)) {
    throw new HttpError(
      403,
      "This form can only be sent from our own pages. Please go back and try again.",
    );
  }
}

/** Reads that are pages or their data: not files, the place API or a stream. */
function isDocumentOrData(pathname: string, streaming: boolean): boolean {
  if (streaming) return false;
  return (!pathname.startsWith("/api/") && !pathname.includes(".")) || pathname.endsWith(".data");
}

function passageOf(edge: Edge, req: IncomingMessage, pathname: string, isRead: boolean): Passage {
  const policy = edge.routes.edgeOf(pathname);
  // A stream stays open as long as its route says: no render turn, no form key,
  // never looked for in or kept by the page cache.
  const streaming = isRead && policy.streaming === true;
  // Only a canonical URL is kept (its path and the query its page reads): unique
  // URLs are rendered for their request and cannot fill the cache (canonical.ts).
  // A browser with a personal cookie (a request waiting for its pros) sees pages
  // made for it: never the shared copy, and never kept.
  const personal = (policy.personalCookies ?? []).some(
    (name) => req.headers.cookie?.includes(`${name}=`) === true,
  );
  const cacheKey =
    isRead && !personal && !streaming ? pageCacheKey(req.url ?? "/", edge.isRouteId) : null;
  return { isRead, edge: policy, documentOrData: isDocumentOrData(pathname, streaming), cacheKey };
}

/** A page the cache keeps, sent from there. True when it was. */
async function answerFromCache(
  edge: Edge,
  req: IncomingMessage,
  res: ServerResponse,
  cacheKey: string | null,
): Promise<boolean> {
  if (cacheKey === null) return false;
  const cached = edge.cache.get(cacheKey);
  edge.observer.pageCache(cached !== undefined);
  if (!cached) return false;
  res.setHeader("X-Cache", cached.expiresAt === Number.POSITIVE_INFINITY ? "PRERENDERED" : "HIT");
  // Asked for again: worth its best compression.
  improveLater(cached);
  await sendCached(req, res, cached, edge.services.env);
  return true;
}

async function answerFailure(
  edge: Edge,
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
  edge.options.logger.error({ err: error, path: pathname }, "request failed");
  if (!res.headersSent) {
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Something went wrong on our side. Please try again.");
  } else {
    res.destroy();
  }
}

/** `Expect: 100-continue`: a body over its limit is refused before it is sent. */
function handleExpectContinue(edge: Edge, req: IncomingMessage, res: ServerResponse) {
  const pathname = pathOf(req.url);
  const limit = bodyLimit(req.headers["content-type"], edge.routes.edgeOf(pathname).uploadBytes);
  if (Number(req.headers["content-length"] ?? 0) > limit) {
    applyEdgeHeaders(res, edge.services.env);
    // Nothing of the body has been sent: the connection can close with the answer.
    res.statusCode = 413;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("Connection", "close");
    res.end(TOO_LARGE_MESSAGE);
    return Promise.resolve();
  }
  res.writeContinue();
  return handle(edge, req, res);
}
