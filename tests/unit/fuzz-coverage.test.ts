/**
 * The route fuzzer's lists are derived from app/routes.ts, not kept beside it
 * (issue 44): every route's module is reached by one of the fuzzer's GET
 * templates, and every module with an action by one of its POST targets, as
 * React Router itself matches them. A route added to routes.ts without its
 * fuzz entry fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { ACTIONS, pathTemplates } from "../support/fuzz-routes";

const APP = path.resolve(import.meta.dirname, "../../app");

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
function modules(entries: readonly RouteConfigEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => [entry.file, ...modules(entry.children ?? [])]))];
}

/** The module a request for `target` renders, as React Router matches it (its deepest route). */
function moduleOf(target: string): string | undefined {
  const [pathname = "/"] = target.split("?");
  // `/denver-co.data`, `/_.data` (the root): React Router's data requests for the same route.
  const page = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(TREE, page);
  return matches?.at(-1)?.route.handle as string | undefined;
}

/** A module that is a layout only (its children are the pages), or the catch-all. */
function layoutOrCatchAll(file: string): boolean {
  const entry = (function find(entries: readonly RouteConfigEntry[]): RouteConfigEntry | undefined {
    for (const candidate of entries) {
      if (candidate.file === file) return candidate;
      const inner = find(candidate.children ?? []);
      if (inner) return inner;
    }
    return undefined;
  })(routes);
  return Boolean(entry?.children?.length) || entry?.path === "*";
}

const hasAction = (file: string) =>
  /export (async )?function action\b|export const action\b/.test(
    readFileSync(path.join(APP, file), "utf8"),
  );

describe("the route fuzzer's lists", () => {
  // A plain value in every slot: the route a hostile value in the same slot reaches.
  const fuzzedPages = new Set(pathTemplates("x0").map(moduleOf));
  const fuzzedActions = new Set(ACTIONS.map(moduleOf));

  it.each(modules(routes).filter((file) => !layoutOrCatchAll(file)))(
    "reach %s with a hostile value",
    (file) => {
      expect(
        fuzzedPages,
        `no GET template in tests/support/fuzz-routes.ts reaches ${file}`,
      ).toContain(file);
    },
  );

  it.each(modules(routes).filter(hasAction))("post to %s's action", (file) => {
    expect(
      fuzzedActions,
      `no ACTIONS entry in tests/support/fuzz-routes.ts posts to ${file}`,
    ).toContain(file);
  });

  it("can tell one route from another", () => {
    expect(moduleOf("/pro/schedule")).toBe("routes/pro/schedule.tsx");
    expect(moduleOf("/denver-co/roofing.data")).toBe("routes/marketing/listing.tsx");
    expect(moduleOf("/_.data?index")).toBe("routes/marketing/home.tsx");
    expect(moduleOf("/fr/visits/1")).toBe("routes/visits/visit.tsx");
  });
});
