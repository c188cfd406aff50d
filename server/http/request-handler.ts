/**
 * The server's request handler: static files, the operator endpoint, the
 * page cache, then React Router (node-bridge.ts turns Node's request into a
 * Fetch request and sends the answer back compressed).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { isThreadEventsPath } from "~/features/conversations";
import { formKeyCookie } from "~/features/leads/index.server";
import { BROWSER_REQUEST_COOKIE } from "~/features/marketplace";
import { MAX_UPLOAD_BYTES } from "~/features/marketplace";
import { appContext, requestContext, type AppServices } from "../../app/lib/app-context.server";
import { createMethodPolicy } from "./method-policy";
import { answerOperator, OPERATOR_PREFIX } from "../operator/operator-routes";
import { canonicalLocation, originFormTarget, pageCacheKey } from "./canonical";
import { contentSecurityPolicy } from "./csp";
import { isCrossSiteWrite, isOneClickUnsubscribe } from "./csrf";
import {
  dataEntry,
  htmlEntry,
  sharedMaxAge,
  type CachedPage,
  type PageCache,
} from "../pages/page-cache";
import { improveLater, improvementsWaiting } from "../pages/page-encodings";
import type { PageCss } from "../pages/page-css";
import { clientAddress, refuse, sendHtmlOnce, sendStream, toFetchRequest } from "./node-bridge";
import { bodyLimit, HttpError, TOO_LARGE_MESSAGE } from "./request-body";
import { createRenderGate } from "./render-gate";
import { sendCached } from "./responses";
import { SCRIPT_MARK } from "../pages/script-mark";
import { applySecurityHeaders } from "./security-headers";
import type { StaticFiles } from "./static-files";

/**
 * Uncached page and data renders at once (render-gate.ts, decision 016).
 * Form posts, cached pages, static files and the place API take no turn.
 */
export const RENDERS_AT_ONCE = 4;

export interface HandlerOptions {
  build: ServerBuild;
  /**
   * Development: the build as it is now (Vite's module graph, reloaded when a
   * file changes). The route tree (`build`) is read once, at start.
   */
  loadBuild?: () => Promise<ServerBuild>;
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
  /** A request that waits for `100 Continue` before it sends its body. */
  handleExpectContinue(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Renders a public page as a first visitor would and keeps it in the page
   * cache, so no visitor waits for its render. True when the page was cached.
   */
  renderIntoCache(path: string): Promise<boolean>;
}

export function createHttpHandler(options: HandlerOptions): HttpHandler {
  const { build, services, staticFiles, logger, pageCss } = options;
  const handleRequest = createRequestHandler(options.loadBuild ?? build, options.mode);
  const methods = createMethodPolicy(build);
  const isRouteId = (id: string) => Object.hasOwn(build.routes, id);

  const cache = options.cache;
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
    applySecurityHeaders(res, services.env);
    // No scripts at all, unless the response is a page that lists its own.
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(services.env));
    // Everything below sees the target in origin form (`/path?query`), or it is refused.
    const target = originFormTarget(req.url ?? "/", req.headers.host ?? "");
    if (target !== null) req.url = target;
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
      if (target === null) throw new HttpError(400, "This server answers for its own pages only.");
      if (
        (req.method === "GET" || req.method === "HEAD") &&
        staticFiles.serve(req, res, pathname)
      ) {
        return;
      }
      if (pathname.startsWith(OPERATOR_PREFIX)) {
        const answered = await answerOperator(req, res, pathname, {
          db: services.database.db,
          env: services.env,
          token: options.operatorToken,
          status: () => ({
            pageCache: { entries: cache.size, bytes: cache.bytes, maxBytes: cache.maxBytes },
            improvementsWaiting: improvementsWaiting(),
          }),
        });
        if (answered) return;
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
      } else {
        methods.check(req, pathname, (req.url ?? "").slice(pathname.length));
      }
      if (!isRead && isCrossSiteWrite(req, new URL(services.env.SITE_URL).origin)) {
        throw new HttpError(
          403,
          "This form can only be sent from our own pages. Please go back and try again.",
        );
      }
      // A one-click unsubscribe (RFC 8058) comes from a mail provider, perhaps a
      // webmail page with its own Origin: its signed token is its authority, and
      // React Router's own origin check must not refuse it either.
      if (isOneClickUnsubscribe(req)) delete req.headers.origin;
      // A thread's event stream stays open as long as the thread: no render turn, no
      // form key, never looked for in or kept by the page cache.
      const eventStream = isRead && isThreadEventsPath(pathname);
      const documentOrData =
        !eventStream &&
        ((!pathname.startsWith("/api/") && !pathname.includes(".")) || pathname.endsWith(".data"));
      // Every page, data and form response renews the form key (see form-key.server.ts).
      if (documentOrData || !isRead)
        res.appendHeader("Set-Cookie", formKeyCookie(services.secret, secureCookies));

      // Only a canonical URL is kept (its path and the query its page reads): unique
      // URLs are rendered for their request and cannot fill the cache (canonical.ts).
      // A browser with a request waiting for its pros sees pages made for it (the
      // search page shows its choice): never the shared copy, and never kept.
      const personal = req.headers.cookie?.includes(`${BROWSER_REQUEST_COOKIE}=`) === true;
      const cacheKey =
        isRead && !personal && !eventStream ? pageCacheKey(req.url ?? "/", isRouteId) : null;
      const cached = cacheKey === null ? undefined : cache.get(cacheKey);
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

      // A page or data read the cache did not have: rendered in its turn,
      // which passes on when the answer is sent or the visitor has gone.
      const renderTurn = isRead && documentOrData ? await renders.enter() : undefined;
      if (renderTurn) {
        if (req.socket.destroyed) {
          renderTurn();
          return;
        }
        res.once("close", renderTurn);
        // Another request for the same page may have rendered it while this one waited.
        const renderedMeanwhile = cacheKey === null ? undefined : cache.get(cacheKey);
        if (renderedMeanwhile) {
          res.setHeader("X-Cache", "HIT");
          await sendCached(req, res, renderedMeanwhile, services.env);
          return;
        }
      }
      const request = await toFetchRequest(
        req,
        res,
        new URL(services.env.SITE_URL),
        services.env.REQUEST_BODY_TIMEOUT_MS,
      );
      const response = await handleRequest(
        request,
        routerContext(clientAddress(req, services.env.TRUST_PROXY)),
      );
      res.setHeader("X-Cache", "MISS");
      const ttlS = req.method === "GET" && cacheKey !== null ? cacheLifetime(response) : null;
      // Kept from its second request on (PageCache.admit).
      const keep = ttlS && cacheKey !== null && cache.admit(cacheKey) ? { cacheKey, ttlS } : null;
      if (isHtml(response)) {
        const html = await response.text();
        if (keep) {
          const page = cacheEntry(html, response, keep.ttlS);
          cache.set(keep.cacheKey, page);
          await sendCached(req, res, page, services.env);
        } else {
          await sendHtmlOnce(req, res, response, html, services.env, pageCss);
        }
        return;
      }
      if (keep) {
        const page = dataEntry(
          Buffer.from(await response.arrayBuffer()),
          response.status,
          response.headers,
          keep.ttlS * 1000,
        );
        cache.set(keep.cacheKey, page);
        await sendCached(req, res, page, services.env);
        return;
      }
      await sendStream(req, res, response);
    } catch (error) {
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
  }

  function handleExpectContinue(req: IncomingMessage, res: ServerResponse) {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    const limit = bodyLimit(pathname, req.headers["content-type"], MAX_UPLOAD_BYTES);
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      applySecurityHeaders(res, services.env);
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(services.env));
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
