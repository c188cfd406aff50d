/**
 * React Router's route tree, as the edge reads it from the server build
 * before React Router runs: which routes a path matches (method-policy.ts
 * finds the one whose action would run), and what they declare for the edge
 * in their `handle` (app/lib/edge.ts), merged once per route at start.
 */
import {
  matchPath,
  matchRoutes,
  type PathPattern,
  type RouteMatch,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import type { EdgeHandle, EdgePolicy } from "../../app/lib/edge";

/** React Router's data URL for a page: `/roofing.data`, `/_.data` for `/`. */
function pagePath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

function declared(route: BuildRoute): EdgePolicy {
  const handle: unknown = route.module.handle;
  if (typeof handle !== "object" || handle === null || !("edge" in handle)) return {};
  return (handle as EdgeHandle).edge ?? {};
}

/** A parent's policy and its child's: the largest limit, any stream, every cookie. */
function merge(outer: EdgePolicy, inner: EdgePolicy): EdgePolicy {
  const uploads = [outer.uploadBytes, inner.uploadBytes].filter((bytes) => bytes !== undefined);
  const cookies = [...(outer.personalCookies ?? []), ...(inner.personalCookies ?? [])];
  return {
    ...(uploads.length > 0 ? { uploadBytes: Math.max(...uploads) } : {}),
    ...(outer.streaming === true || inner.streaming === true ? { streaming: true } : {}),
    ...(cookies.length > 0 ? { personalCookies: [...new Set(cookies)] } : {}),
  };
}

export interface RouteTable {
  /** The routes a path matches, root first (a data URL's as its page's), or null. */
  match(pathname: string): RouteMatch[] | null;
  /** Whether the route has an action. */
  hasAction(routeId: string): boolean;
  /** What the routes a path matches declare for the edge (an unmatched path: the root's). */
  edgeOf(pathname: string): EdgePolicy;
}

type RouteTree = Map<string | undefined, RouteObject[]>;

/** React Router's route tree, rebuilt from the build's flat list (parents may come later). */
function routeTree(routes: Map<string, BuildRoute>): RouteTree {
  const children: RouteTree = new Map();
  const childrenOf = (id: string | undefined) => {
    const list = children.get(id) ?? [];
    children.set(id, list);
    return list;
  };
  for (const route of routes.values()) {
    childrenOf(route.parentId).push(
      route.index
        ? { id: route.id, index: true, path: route.path }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: childrenOf(route.id),
          },
    );
  }
  childrenOf(undefined);
  return children;
}

/** Each route's own declaration merged with its parents', root first. */
function mergedPolicies(routes: Map<string, BuildRoute>): Map<string, EdgePolicy> {
  const policies = new Map<string, EdgePolicy>();
  const policyOf = (id: string): EdgePolicy => {
    const known = policies.get(id);
    if (known) return known;
    const route = routes.get(id);
    if (!route) return {};
    const own = declared(route);
    const policy = route.parentId === undefined ? own : merge(policyOf(route.parentId), own);
    policies.set(id, policy);
    return policy;
  };
  for (const id of routes.keys()) policyOf(id);
  return policies;
}

/** A route's whole path, its parents' included: `/es/unsubscribe/:token`. */
function fullPathOf(routes: Map<string, BuildRoute>, id: string): string {
  const route = routes.get(id);
  if (!route) return "";
  const own = route.path ?? "";
  if (own.startsWith("/")) return own;
  const parent = route.parentId === undefined ? "" : fullPathOf(routes, route.parentId);
  return `${parent}/${own}`.replace(/\/{2,}/g, "/");
}

/**
 * Whether the route declares what the edge needs before it answers: its
 * secret parameters only matter to the log (secret-paths.ts), not to a
 * request's way through the edge.
 */
function declaresForRequests(route: BuildRoute): boolean {
  return Object.keys(declared(route)).some((key) => key !== "secretParams");
}

/**
 * The paths of the routes below the root that declare something (a handful):
 * a declaration holds beneath its route too, so a route with children is a
 * prefix.
 */
function declaringPatterns(routes: Map<string, BuildRoute>, tree: RouteTree): PathPattern[] {
  return [...routes.values()]
    .filter((route) => route.parentId !== undefined && declaresForRequests(route))
    .map((route) => ({
      path: fullPathOf(routes, route.id),
      caseSensitive: route.caseSensitive === true,
      end: (tree.get(route.id) ?? []).length === 0,
    }));
}

/** A route whose path holds keys, with its whole path (for secret-paths.ts). */
export interface SecretRoute {
  path: string;
  secretParams: readonly string[];
}

/** The routes that declare `secretParams`, in every language they are under. */
export function secretRoutes(build: Pick<ServerBuild, "routes">): SecretRoute[] {
  const routes = new Map<string, BuildRoute>();
  for (const route of Object.values(build.routes)) if (route) routes.set(route.id, route);
  return [...routes.values()].flatMap((route) => {
    const secretParams = declared(route).secretParams ?? [];
    return secretParams.length > 0 ? [{ path: fullPathOf(routes, route.id), secretParams }] : [];
  });
}

export function createRouteTable(build: Pick<ServerBuild, "routes">): RouteTable {
  const routes = new Map<string, BuildRoute>();
  for (const route of Object.values(build.routes)) if (route) routes.set(route.id, route);
  const tree = routeTree(routes);
  const roots = tree.get(undefined) ?? [];
  const policies = mergedPolicies(routes);
  // What holds for every URL: the root's (React Router renders even a 404 under it).
  const everywhere = roots.map((root) => policies.get(root.id ?? "") ?? {}).reduce(merge, {});
  // Matching a path against the whole tree costs about a millisecond (React Router
  // flattens and ranks the tree each time), too much for a cached page: a path is
  // matched in full only when one of the routes that declare something could be its.
  const declaring = declaringPatterns(routes, tree);
  const mayDeclare = (page: string) => declaring.some((pattern) => matchPath(pattern, page));
  const match = (pathname: string) => matchRoutes(roots, pagePath(pathname));
  return {
    match,
    hasAction: (routeId) => Boolean(routes.get(routeId)?.module.action),
    edgeOf(pathname) {
      if (!mayDeclare(pagePath(pathname))) return everywhere;
      const leaf = match(pathname)?.at(-1)?.route.id;
      return (leaf === undefined ? undefined : policies.get(leaf)) ?? everywhere;
    },
  };
}
