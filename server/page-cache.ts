/**
 * A shared cache of public pages, as a CDN would keep them: responses that
 * say `Cache-Control: public, s-maxage=N` are kept N seconds (prerendered
 * pages for good), keyed by path and query. Pages are stored with their
 * nonce slots (see gzip-splice.ts), so each response still gets its own.
 */
import zlib from "node:zlib";
import { spliceTemplate, type SplicedTemplate } from "./gzip-splice";

export interface CachedHtml {
  kind: "html";
  status: number;
  headers: [string, string][];
  template: SplicedTemplate;
  expiresAt: number;
}

export interface CachedData {
  kind: "data";
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  expiresAt: number;
}

export type CachedPage = CachedHtml | CachedData;

/** Headers kept with a cached page (the rest are per response). */
const KEPT = new Set(["content-type", "cache-control", "vary", "link", "x-robots-tag"]);

export function sharedMaxAge(cacheControl: string | null): number | null {
  if (
    !cacheControl ||
    !/\bpublic\b/.test(cacheControl) ||
    /\b(no-store|private)\b/.test(cacheControl)
  ) {
    return null;
  }
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

function keptHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => KEPT.has(name));
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module"( async="")?>([\s\S]*?)<\/script>/;

/**
 * Hydration waits for the page's load event: the first paint and the main
 * image never share the network or the main thread with the app's
 * JavaScript. The module preloads go (the modules are fetched when hydration
 * starts), and the bootstrap module runs from a small inline script once the
 * page has loaded. Links and forms work before that as plain HTML.
 */
export function deferHydration(html: string): string {
  const withoutPreloads = html.replace(MODULE_PRELOAD, "");
  return withoutPreloads.replace(
    MODULE_SCRIPT,
    (_match, attributes: string, _async, code: string) => {
      const source = JSON.stringify(code).replace(/</g, "\\u003c");
      return (
        `<script${attributes}>(()=>{const run=()=>{const s=document.createElement("script");` +
        `s.type="module";s.textContent=${source};document.body.append(s)};` +
        `document.readyState==="complete"?run():addEventListener("load",run,{once:true})})()</script>`
      );
    },
  );
}

export function htmlEntry(
  html: string,
  placeholder: string,
  status: number,
  headers: Headers,
  ttlMs: number,
): CachedHtml {
  return {
    kind: "html",
    status,
    headers: keptHeaders(headers),
    template: spliceTemplate(deferHydration(html), placeholder),
    expiresAt: Date.now() + ttlMs,
  };
}

export function dataEntry(
  body: Buffer,
  status: number,
  headers: Headers,
  ttlMs: number,
): CachedData {
  return {
    kind: "data",
    status,
    headers: keptHeaders(headers),
    identity: body,
    gzip: zlib.gzipSync(body, { level: 9 }),
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    expiresAt: Date.now() + ttlMs,
  };
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly maxEntries = 2000) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= Date.now()) {
      this.pages.delete(key);
      return undefined;
    }
    // Map order is insertion order: re-inserting keeps the most recently used last.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** The stored page, even when expired, without touching its recency. */
  peek(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.pages.set(key, page);
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }

  get size(): number {
    return this.pages.size;
  }
}
