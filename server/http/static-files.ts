/**
 * Serves the client build (build/client) with sirv: the file list is read
 * once at start-up (a request never asks the file system whether a path
 * exists, and nothing outside the folder can be reached), text files go as
 * the brotli or gzip copies the build made beside them (vite.config.ts,
 * `compression`), with a weak ETag, and hashed assets are cached for a year.
 * Prerendered pages (.html, .data) are the page handler's, never served here.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import sirv from "sirv";

/** Vite's hashed output: safe to cache for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=3600, must-revalidate";

/** Pages, their data and the compressed copies are not static files. */
const NOT_STATIC = /\.(html|data|br|gz)$/i;
/**
 * Every file the build writes has an extension (a test checks it): a path
 * whose last segment has none (`/roofing`, most requests) is a page, and sirv
 * is not asked.
 */
const HAS_EXTENSION = /\.[^/]*$/;

export interface StaticFiles {
  /** Serves the file when the path names one; returns false otherwise. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
}

export function loadStaticFiles(root: string): StaticFiles {
  const handler = sirv(root, {
    etag: true,
    brotli: true,
    gzip: true,
    // Only exact paths: `/roofing` is a page, not `roofing/index.html`.
    extensions: [],
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? IMMUTABLE : REVALIDATE);
      // sirv's type list (mrmime) has no .ico: without a type, nosniff browsers refuse it.
      if (pathname.endsWith(".ico")) res.setHeader("Content-Type", "image/x-icon");
    },
  });
  return {
    serve(req, res, pathname) {
      if (!HAS_EXTENSION.test(pathname) || NOT_STATIC.test(pathname)) return false;
      // sirv answers at once from its file list, or calls `next` at once when it has no such file.
      let found = true;
      handler(req, res, () => {
        found = false;
      });
      return found;
    },
  };
}
