import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalLocation,
  originFormTarget,
  pageCacheKey,
  sameOriginPath,
} from "../../server/http/canonical";

const SITE = "https://site.example";

describe("canonical URLs", () => {
  it.each([
    ["/roofing/", "/roofing"],
    ["/roofing?utm_source=mail", "/roofing"],
    ["/roofing/?ref=x", "/roofing"],
    ["/?ref=x", "/"],
    ["/denver-co/", "/denver-co"],
    ["/denver-co/roofing?x=1", "/denver-co/roofing"],
    ["/search/?service=roofing&zip=80202", "/search?service=roofing&zip=80202"],
    ["/Roofing", "/roofing"],
    ["/roofin%67", "/roofing"],
    ["/%72oofing/?x=1", "/roofing"],
    ["/Denver-CO/Roofing", "/denver-co/roofing"],
    ["/Roofing.data", "/roofing.data"],
    ["/roofin%67.data?_routes=root", "/roofing.data?_routes=root"],
  ])("%s → %s", (from, to) => {
    expect(canonicalLocation(from)).toBe(to);
  });

  it.each([
    "/",
    "/roofing",
    "/denver-co/roofing",
    "/search?service=roofing",
    "/login?returnTo=%2Fdashboard",
    "/roofing.data",
    "/_.data?index",
    "/denver-co/_.data",
    "/api/places?q=den",
    "/auth/callback?code=AbC&state=XyZ",
    "/Sitemap/Part%2F1",
  ])("%s is canonical already", (url) => {
    expect(canonicalLocation(url)).toBeNull();
  });
});

describe("a canonical redirect never leaves the site", () => {
  it.each([
    ["//evil.example/", "/evil.example"],
    ["///evil.example/", "/evil.example"],
    ["/\\evil.example/", "/evil.example"],
    ["/\\/evil.example/", "/evil.example"],
    ["//evil.example", "/evil.example"],
    ["/\t/evil.example/", "/evil.example"],
    ["//evil.example/roofing.data", "/evil.example/roofing.data"],
    ["/%2F%2Fevil.example/", "/%2F%2Fevil.example"],
  ])("%j → %s", (from, to) => {
    expect(canonicalLocation(from)).toBe(to);
  });

  /** Raw targets made of the pieces that build open redirects. */
  const hostileTarget = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          "/",
          "\\",
          "//",
          "\t",
          "\n",
          " ",
          "\u0000",
          "%2F",
          "%5C",
          "?",
          "#",
          "@",
          ":",
        ),
        fc.constantFrom("evil.example", "http:", "https:", "roofing", "denver-co", ".data"),
        fc.string({ unit: "grapheme", maxLength: 6 }),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(""));

  it("is a path with a single leading slash that resolves to this origin, in one step", () => {
    fc.assert(
      fc.property(fc.oneof(hostileTarget, fc.string({ unit: "binary" })), (raw) => {
        const location = canonicalLocation(raw);
        if (location === null) return;
        expect(location.startsWith("/")).toBe(true);
        expect(location.startsWith("//")).toBe(false);
        expect(location.startsWith("/\\")).toBe(false);
        // As a browser resolves it.
        expect(new URL(location, SITE).origin).toBe(SITE);
        // It can go in a header as it is.
        expect(location).toMatch(/^[\u0021-\u007e]+$/);
        // And it is canonical itself: never a chain.
        expect(canonicalLocation(location)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it("gives React Router a URL on this site whatever the path starts with", () => {
    fc.assert(
      fc.property(hostileTarget, (raw) => {
        expect(new URL(sameOriginPath(raw), SITE).origin).toBe(SITE);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("request targets", () => {
  const host = "site.example";
  it.each([
    ["/roofing?x=1", "/roofing?x=1"],
    ["http://site.example/x/", "/x/"],
    ["http://SITE.example/x?y=1", "/x?y=1"],
  ])("%s is answered as %s", (raw, target) => {
    expect(originFormTarget(raw, host)).toBe(target);
  });

  it.each([
    "http://evil.example/x/",
    "https://site.example@evil.example/",
    "http://user:pass@site.example/",
    "*",
    "evil.example/",
    "site.example:443",
    "javascript:alert(1)",
  ])("%s is refused", (raw) => {
    expect(originFormTarget(raw, host)).toBeNull();
  });
});

describe("page cache keys", () => {
  const routeIds = new Set(["root", "routes/marketing/search", "category/roofing"]);
  const isRouteId = (id: string) => routeIds.has(id);

  it.each([
    ["/roofing", "/roofing"],
    ["/denver-co/roofing", "/denver-co/roofing"],
    ["/search?zip=80202&service=roofing", "/search?service=roofing&zip=80202"],
    ["/search?service=roofing&zip=80202", "/search?service=roofing&zip=80202"],
    ["/roofing.data", "/roofing.data"],
    ["/_.data", "/_.data"],
    [
      "/roofing.data?_routes=root,category/roofing",
      "/roofing.data?_routes=root%2Ccategory%2Froofing",
    ],
    ["/search.data?service=roofing&zip=80202", "/search.data?service=roofing&zip=80202"],
  ])("%s is kept as %s", (url, key) => {
    expect(pageCacheKey(url, isRouteId)).toBe(key);
  });

  it.each([
    "//roofing",
    "/Roofing",
    "/roofin%67",
    "/roofing?utm_source=x",
    "/search?service=roofing&zip=80202&utm=1",
    "/search?zip=1&zip=2",
    "/roofing.data?_routes=made-up",
    "/roofing.data?x=1",
    "/denver-co/roofing?_routes=root",
    "/../etc/passwd",
  ])("%s is never kept", (url) => {
    expect(pageCacheKey(url, isRouteId)).toBeNull();
  });

  it("keeps no URL with a parameter its page does not read", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("/", "/roofing", "/search", "/denver-co", "/roofing.data", "/search.data"),
        fc.string({ minLength: 1 }).filter((name) => !["service", "zip", "_routes"].includes(name)),
        fc.string(),
        (path, name, value) => {
          const url = `${path}?${new URLSearchParams({ [name]: value }).toString()}`;
          expect(pageCacheKey(url, isRouteId)).toBeNull();
        },
      ),
    );
  });
});
