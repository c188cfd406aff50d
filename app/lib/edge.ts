/**
 * What the HTTP edge (server/http) must know of a route before React Router
 * runs it, declared by the route module in its `handle` (decision 033):
 *
 *     export const handle = { edge: { streaming: true } } satisfies EdgeHandle;
 *
 * The edge reads the declarations from the server build, once per route at
 * start. A declaration holds for its route and every route beneath it (the
 * root's for every URL); where several routes a URL matches declare the same
 * thing, the largest limit, any `streaming` and every cookie count.
 */
export interface EdgePolicy<Param extends string = string> {
  /**
   * The largest multipart body the route's action reads (a form with
   * photos). Every other body, on every other route, keeps the edge's
   * limit for forms (64 KB: server/http/request-body.ts).
   */
  uploadBytes?: number;
  /**
   * A read answered with a stream that stays open (Server-Sent Events): it
   * takes no render turn, renews no form key, and is never looked for in or
   * kept by the page cache.
   */
  streaming?: boolean;
  /**
   * Cookies that make the route's pages personal: a browser that carries one
   * is never sent the shared copy of a page, and what is rendered for it is
   * never kept.
   */
  personalCookies?: readonly string[];
  /**
   * Parameters of the route's own path that are keys (a one-time sign-in
   * token, a private feed's address, a signed unsubscribe link): every line
   * the server logs shows them as `[redacted]`, wherever the URL appears
   * (server/http/secret-paths.ts). Unlike the rest, not inherited: a
   * parameter is its route's. Typed by the route's params:
   *
   *     satisfies EdgeHandle<keyof Route.LoaderArgs["params"]>
   */
  secretParams?: readonly Param[];
}

export interface EdgeHandle<Param extends string = string> {
  edge?: EdgePolicy<Param>;
}
