/**
 * The cookie naming the request a browser sent without signing in
 * (browser-request.server.ts). Free of imports: the root route declares it
 * personal (app/root.tsx), which keeps that browser's pages out of the
 * shared page cache.
 */
export const BROWSER_REQUEST_COOKIE = "tm_request";
