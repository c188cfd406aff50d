/**
 * The route fuzzer's lists are derived from app/routes.ts, not kept beside it
 * (issue 44): every route's module is reached by one of the fuzzer's GET
 * templates, and every module with an action by one of its POST targets, as
 * React Router itself matches them. A route added to routes.ts without its
 * fuzz entry fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTIONS, pathTemplates } from "../support/fuzz-routes";
import { moduleOf, routeEntry, routeModules } from "../support/route-modules";

const APP = path.resolve(import.meta.dirname, "../../app");

/** A module that is a layout only (its children are the pages), or the catch-all. */
function layoutOrCatchAll(file: string): boolean {
  const entry = routeEntry(file);
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

  it.each(routeModules().filter((file) => !layoutOrCatchAll(file)))(
    "reach %s with a hostile value",
    (file) => {
      expect(
        fuzzedPages,
        `no GET template in tests/support/fuzz-routes.ts reaches ${file}`,
      ).toContain(file);
    },
  );

  it.each(routeModules().filter(hasAction))("post to %s's action", (file) => {
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
