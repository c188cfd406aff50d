/**
 * Serves the client build (build/client). The file list is read once at
 * start-up, so a request never touches the file system to find out whether a
 * path exists, and no path outside the folder can be reached. Text files are
 * compressed once (brotli and gzip) and kept in memory.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { chooseEncoding, type Encoding } from "./compression";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".json",
  ".txt",
  ".xml",
  ".svg",
  ".webmanifest",
  ".map",
]);

/** Vite's hashed output: safe to cache for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=3600, must-revalidate";

interface StaticFile {
  absolutePath: string;
  contentType: string;
  size: number;
  etag: string;
  cacheControl: string;
  compressible: boolean;
  variants?: Promise<Record<Encoding, Buffer>>;
}

export interface StaticFiles {
  /** Serves the file when the path names one; returns false otherwise. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
  has(pathname: string): boolean;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export async function loadStaticFiles(root: string): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  for (const absolutePath of await walk(root)) {
    const relative = path.relative(root, absolutePath).split(path.sep).join("/");
    const extension = path.extname(absolutePath).toLowerCase();
    // Prerendered pages (.html, .data) are served through the page handler.
    if (extension === ".html" || extension === ".data") continue;
    const info = await stat(absolutePath);
    files.set(`/${relative}`, {
      absolutePath,
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      size: info.size,
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      cacheControl: relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE,
      compressible: COMPRESSIBLE.has(extension),
    });
  }

  function variantsOf(file: StaticFile) {
    file.variants ??= readFile(file.absolutePath).then(async (identity) => ({
      identity,
      br: await brotli(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }),
      gzip: await gzip(identity, { level: 9 }),
    }));
    return file.variants;
  }

  return {
    has: (pathname) => files.has(pathname),
    serve(req, res, pathname) {
      const file = files.get(pathname);
      if (!file) return false;
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Cache-Control", file.cacheControl);
      res.setHeader("ETag", file.etag);
      if (req.headers["if-none-match"] === file.etag) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      if (!file.compressible) {
        res.setHeader("Content-Length", file.size);
        if (req.method === "HEAD") {
          res.end();
          return true;
        }
        readFile(file.absolutePath).then(
          (body) => res.end(body),
          (error: unknown) => res.destroy(error as Error),
        );
        return true;
      }
      res.setHeader("Vary", "Accept-Encoding");
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      variantsOf(file).then(
        (variants) => {
          const body = variants[encoding];
          if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
          res.setHeader("Content-Length", body.length);
          res.end(req.method === "HEAD" ? undefined : body);
        },
        (error: unknown) => res.destroy(error as Error),
      );
      return true;
    },
  };
}
