/**
 * The signed-in navigations are data beside the routes (issue 44): each entry
 * of the pro's links and of the dashboard's sidebar opens a page of
 * app/routes.ts by its own path, in every language: not the catch-all, and
 * not a city or listing page that any one or two segments would reach.
 */
import { describe, expect, it } from "vitest";
import { PRO_NAVIGATION } from "~/features/dashboard/pro-navigation";
import { DASHBOARD_NAVIGATION } from "~/features/dashboard/sidebar";
import { localizePath } from "~/lib/locale-path";
import { LOCALES } from "~/lib/locales";
import { moduleOf, routeEntry } from "../support/route-modules";

/** A page reached by a pattern, not a path of its own (`:cityState`, `*`). */
function byPattern(module: string | undefined): boolean {
  const entry = module === undefined ? undefined : routeEntry(module);
  if (!entry) return true;
  if (entry.index) return false;
  return entry.path === undefined || entry.path.startsWith(":") || entry.path === "*";
}

describe("the navigations", () => {
  it.each([
    ["the pro's links", PRO_NAVIGATION.map((entry) => entry.to)],
    ["the dashboard's sidebar", DASHBOARD_NAVIGATION.map((entry) => entry.to)],
  ])("%s open pages that exist, in every language", (_name, paths) => {
    expect(paths.length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      for (const to of paths) {
        const module = moduleOf(localizePath(to, locale));
        expect(byPattern(module), `${locale} ${to} opens ${module ?? "nothing"}`).toBe(false);
      }
    }
  });

  it("would see a page that is not there", () => {
    expect(byPattern(moduleOf("/pro/no-such-page"))).toBe(true);
    expect(byPattern(moduleOf("/pro/a/b/c"))).toBe(true);
    expect(byPattern(moduleOf("/pro/visits"))).toBe(false);
    expect(byPattern(moduleOf("/"))).toBe(false);
  });
});
