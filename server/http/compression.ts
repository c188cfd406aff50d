/** Content negotiation, and compression of whole bodies and of streamed responses. */
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Picks brotli when the client accepts it, else gzip, else nothing. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*");
  const allows = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}

const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|xml|javascript|manifest\+json|ld\+json)|image\/svg\+xml)/;

export function isCompressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * A streaming compressor for a dynamic response. Brotli at quality 5 keeps
 * server-rendered pages small without costing more CPU than the render.
 */
export function createCompressor(encoding: Exclude<Encoding, "identity">) {
  return encoding === "br"
    ? zlib.createBrotliCompress({
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      })
    : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
}

/**
 * Brotli at quality 5 costs about a millisecond for a 65 KB page; quality 11
 * makes it about 10 % smaller again but takes about 90 ms, worth it only for
 * pages kept and sent many times (see improveLater in page-encodings.ts).
 */
export const QUICK_BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
};
export const BEST_BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
};
const QUICK_GZIP: zlib.ZlibOptions = { level: 9 };

/**
 * A page compressed for one answer and then dropped (a personal page): its
 * compression is paid on every request, so the cheapest that keeps it small.
 * Quality 4 with a 256 KB window (a page fits it) and the body's size as a
 * hint costs the inbox page 0.8 ms of CPU instead of quality 5's 1.8 ms,
 * for 7 % more bytes (issue 35, docs/performance-marketplace.md).
 */
export function onceBrotli(size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * A whole body compressed on libuv's thread pool, so the main thread goes on
 * with other requests meanwhile. zlib is looked up when called, so a test can
 * make it fail.
 */
export function compressWhole(
  body: Buffer,
  encoding: Exclude<Encoding, "identity">,
  brotliOptions: zlib.BrotliOptions = QUICK_BROTLI,
): Promise<Buffer> {
  return encoding === "br"
    ? promisify(zlib.brotliCompress)(body, brotliOptions)
    : promisify(zlib.gzip)(body, QUICK_GZIP);
}
