/**
 * A page kept by the page cache, in its own module: the cache (page-cache.ts)
 * and the encodings it keeps (page-encodings.ts) both need it, and neither may
 * import the other both ways.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The hashes of the page's own inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  /** A weak validator for conditional requests (the same for every encoding). */
  etag: string;
  /** The page as rendered, until its brotli body is made (then null: see plainBody). */
  identity: Buffer | null;
  /** Compressed bodies, made when a client first asks for each (see pageBody). */
  encoded: { gzip?: Buffer; br?: Buffer };
  /** Whether its best brotli encoding has been asked for (see improveLater). */
  improving: boolean;
  expiresAt: number;
}
