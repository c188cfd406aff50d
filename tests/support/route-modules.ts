/**
 * app/routes.ts as React Router matches it: which module a path renders. The
 * tests that hold a list of paths to the routes (the fuzzer's, the
 * navigations') ask it, so a list cannot name a page that is not there, nor
 * leave one out unnoticed.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import routes from "~/routes";

/** routes.ts as React Router's matcher takes it, each route named by its module. */
function routeObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const common = { id: entry.id ?? entry.file, path: entry.path, handle: entry.file };
    return entry.index
      ? { ...common, index: true }
      : { ...common, children: entry.children && routeObjects(entry.children) };
  });
}

const TREE = routeObjects(routes);

/** Every module routes.ts names, once (the languages' copies share theirs). */
export function routeModules(entries: readonly RouteConfigEntry[] = routes): string[] {
  return [
    ...new Set(entries.flatMap((entry) => [entry.file, ...routeModules(entry.children ?? [])])),
  ];
}

/** The route entry of a module (its first, in English). */
export function routeEntry(
  file: string,
  entries: readonly RouteConfigEntry[] = routes,
): RouteConfigEntry | undefined {
  for (const candidate of entries) {
    if (candidate.file === file) return candidate;
    const inner = routeEntry(file, candidate.children ?? []);
    if (inner) return inner;
  }
  return undefined;
}

/** The module a request for `target` renders, as React Router matches it (its deepest route). */
export function moduleOf(target: string): string | undefined {
  const [pathname = "/"] = target.split("?");
  // `/denver-co.data`, `/_.data` (the root): React Router's data requests for the same route.
  const page = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(TREE, page);
  return matches?.at(-1)?.route.handle as string | undefined;
}
