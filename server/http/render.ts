/**
 * React Router's part of the edge (request-handler.ts hands it a request
 * the page cache did not answer): a page or data read waits for its render
 * turn (render-gate.ts), the answer is kept in the page cache when it may
 * be, and sent from there or once.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { RouterContextProvider, type createRequestHandler } from "react-router";
import { appContext, requestContext, type AppServices } from "../../app/lib/app-context.server";
import type { EdgePolicy } from "../../app/lib/edge";
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
import { clientAddress, sendHtmlOnce, sendStream, toFetchRequest } from "./node-bridge";
import type { RenderGate } from "./render-gate";
import { sendCached } from "./responses";

/** What rendering needs, made once when the handler is (request-handler.ts). */
export interface Rendering {
  handleRequest: ReturnType<typeof createRequestHandler>;
  services: AppServices;
  cache: PageCache;
  renders: RenderGate;
  /** Cuts each content page's inline styles down to what it uses (none in development). */
  pageCss: PageCss | undefined;
}

/** What the edge knows of a request it lets through to the page cache or React Router. */
export interface Passage {
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

function routerContext(services: AppServices, address: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, services);
  context.set(requestContext, { clientAddress: address, scriptMark: SCRIPT_MARK });
  return context;
}

/** A rendered page, prepared to be kept in the cache for ttlS seconds. */
function cacheEntry(
  pageCss: PageCss | undefined,
  html: string,
  response: Response,
  ttlS: number,
): CachedPage {
  return htmlEntry(html, SCRIPT_MARK, pageCss, response.status, response.headers, ttlS * 1000);
}

/**
 * Renders a public page as a first visitor would and keeps it in the page
 * cache, so no visitor waits for its render. True when the page was cached.
 */
export async function renderIntoCache(rendering: Rendering, path: string): Promise<boolean> {
  const { services, cache } = rendering;
  const request = new Request(new URL(path, services.env.SITE_URL), {
    headers: { accept: "text/html" },
  });
  const response = await rendering.handleRequest(request, routerContext(services, "127.0.0.1"));
  const ttlS = cacheLifetime(response);
  if (!ttlS || !isHtml(response)) {
    await response.body?.cancel();
    return false;
  }
  const page = cacheEntry(rendering.pageCss, await response.text(), response, ttlS);
  // Rendered ahead because it is popular: its best compression is made ahead too.
  improveLater(page);
  cache.set(path, page);
  return true;
}

/**
 * A page or data read the cache did not have is rendered in its turn, which
 * passes on when the answer is sent or the visitor has gone. False when the
 * request needs no render any more: its visitor left while it waited, or
 * another request for the same page rendered it meanwhile (sent from the cache).
 */
export async function awaitRenderTurn(
  rendering: Rendering,
  req: IncomingMessage,
  res: ServerResponse,
  passage: Passage,
): Promise<boolean> {
  if (!passage.isRead || !passage.documentOrData) return true;
  const passTurn = await rendering.renders.enter();
  if (req.socket.destroyed) {
    passTurn();
    return false;
  }
  res.once("close", passTurn);
  const { cache, services } = rendering;
  const renderedMeanwhile = passage.cacheKey === null ? undefined : cache.get(passage.cacheKey);
  if (!renderedMeanwhile) return true;
  res.setHeader("X-Cache", "HIT");
  await sendCached(req, res, renderedMeanwhile, services.env);
  return false;
}

/** Renders the request with React Router, and keeps the answer from its second request on. */
export async function render(
  rendering: Rendering,
  req: IncomingMessage,
  res: ServerResponse,
  passage: Passage,
): Promise<void> {
  const { services, cache } = rendering;
  const request = await toFetchRequest(req, res, {
    origin: new URL(services.env.SITE_URL),
    bodyTimeoutMs: services.env.REQUEST_BODY_TIMEOUT_MS,
    uploadBytes: passage.edge.uploadBytes,
  });
  const response = await rendering.handleRequest(
    request,
    routerContext(services, clientAddress(req, services.env.TRUST_PROXY)),
  );
  res.setHeader("X-Cache", "MISS");
  const { cacheKey } = passage;
  const ttlS = req.method === "GET" && cacheKey !== null ? cacheLifetime(response) : null;
  // Kept from its second request on (PageCache.admit).
  const keep = ttlS && cacheKey !== null && cache.admit(cacheKey) ? { cacheKey, ttlS } : null;
  await sendRendered(rendering, req, res, response, keep);
}

/** React Router's answer: kept in the cache and sent from there, or sent once. */
async function sendRendered(
  rendering: Rendering,
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  keep: { cacheKey: string; ttlS: number } | null,
) {
  const { services, cache, pageCss } = rendering;
  if (isHtml(response)) {
    const html = await response.text();
    if (!keep) {
      await sendHtmlOnce(req, res, response, html, services.env, pageCss);
      return;
    }
    const page = cacheEntry(pageCss, html, response, keep.ttlS);
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
