/**
 * The names of what a page shows (app/lib/cache-keys.ts): a business's keys
 * (its cities, its reach by radius: decision 047), the header a page answers
 * with, and the shared lifetime a lapsing badge cuts.
 */
import { describe, expect, it } from "vitest";
import {
  areaKeys,
  businessKeys,
  cachedPageHeaders,
  MAX_REACH_KEYS,
  reachKeys,
  changesOf,
  keysOfHeader,
  sharedSeconds,
} from "../../app/lib/cache-keys";
import { staleEvents } from "../../app/lib/message-bus-core.server";

const ROOFER = {
  slug: "summit-ridge-roofing-denver",
  citySlugs: ["denver-co", "aurora-co"],
  categories: ["roofing", "gutters"],
};
const DENVER = { slug: "denver-co", lat: 39.7392, lon: -104.9903 };
const BOULDER = { slug: "boulder-co", lat: 40.015, lon: -105.2705 };

describe("a business's keys", () => {
  it("are its profile, and each city's page, searches and listing of each of its categories", () => {
    expect(businessKeys(ROOFER)).toEqual([
      "city:aurora-co",
      "city:denver-co",
      "listing:aurora-co:gutters",
      "listing:aurora-co:roofing",
      "listing:denver-co:gutters",
      "listing:denver-co:roofing",
      "profile:summit-ridge-roofing-denver",
      "search:aurora-co",
      "search:denver-co",
    ]);
  });

  it("name the listings and searches of the places in its reach, no category site-wide", () => {
    const reach = [DENVER, BOULDER, { slug: "golden-co", lat: 39.7555, lon: -105.2211 }];
    const keys = businessKeys(ROOFER, reach);
    expect(keys).toEqual(
      expect.arrayContaining([
        "listing:boulder-co:roofing",
        "listing:golden-co:gutters",
        "search:boulder-co",
        "search:golden-co",
        "listing:denver-co:roofing",
      ]),
    );
    // A city page shows the businesses listing the city only.
    expect(keys).not.toContain("city:boulder-co");
    expect(keys.filter((key) => /^(category|area):/.test(key))).toEqual([]);
  });

  it("name only the pages that show a pause when that is what changed", () => {
    const keys = businessKeys(ROOFER, [BOULDER], "pause");
    expect(keys).toContain("listing:denver-co:roofing");
    expect(keys).toContain("search:boulder-co");
    expect(keys).toContain("profile:summit-ridge-roofing-denver");
    expect(keys.filter((key) => key.startsWith("city:"))).toEqual([]);
  });
});

describe("a wide reach", () => {
  /** 400 places on a 20 × 20 grid, a fifth of a degree apart, south-west of Denver. */
  const grid = Array.from({ length: 400 }, (_, i) => ({
    slug: `place-${i.toString()}-co`,
    lat: 37 + Math.floor(i / 20) * 0.2,
    lon: -108 + (i % 20) * 0.2,
  }));
  const categories = ["roofing", "gutters", "plumbing"];
  const PHOENIX = { lat: 33.4484, lon: -112.074 };

  it("names squares of the map past MAX_REACH_KEYS, the finest that fit", () => {
    expect(grid.length * (categories.length + 1)).toBeGreaterThan(MAX_REACH_KEYS);
    const keys = reachKeys(grid, categories);
    expect(keys.length).toBeLessThanOrEqual(MAX_REACH_KEYS);
    // Four degrees by four of 1° squares, for three trades.
    expect(keys).toHaveLength(16 * 3);
    expect(keys.every((key) => key.startsWith("area:1:"))).toBe(true);
  });

  it("reaches every page in reach, by the squares it carries, and none far away", () => {
    const keys = new Set(reachKeys(grid, categories));
    for (const place of grid) {
      for (const category of categories) {
        expect(
          areaKeys(place, category).some((key) => keys.has(key)),
          place.slug,
        ).toBe(true);
      }
    }
    expect(areaKeys(PHOENIX, "roofing").some((key) => keys.has(key))).toBe(false);
    expect(areaKeys(grid[0] ?? PHOENIX, "paint").some((key) => keys.has(key))).toBe(false);
  });

  it("names a square by its size and south-west corner, on every side of the equator", () => {
    expect(areaKeys({ lat: 39.7392, lon: -104.9903 }, "roofing")).toEqual([
      "area:1:n39w105:roofing",
      "area:2:n38w106:roofing",
      "area:4:n36w108:roofing",
    ]);
    expect(areaKeys({ lat: -33.9, lon: 18.4 }, "pools")[0]).toBe("area:1:s34e18:pools");
  });

  it("takes coarser squares when the finer ones would be too many keys", () => {
    const all = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    const wide = Array.from({ length: 1_600 }, (_, i) => ({
      slug: `wide-${i.toString()}`,
      lat: 30 + Math.floor(i / 40) * 0.4,
      lon: -110 + (i % 40) * 0.4,
    }));
    const keys = reachKeys(wide, all);
    expect(keys.length).toBeLessThanOrEqual(MAX_REACH_KEYS);
    expect(new Set(keys.map((key) => key.split(":")[1]))).toEqual(new Set(["2"]));
  });
});

describe("a cached page's headers", () => {
  it("name its keys and `all`, space-separated and comma-separated, with the five minutes", () => {
    expect(cachedPageHeaders(["listing:denver-co:roofing", "category:roofing"])).toEqual({
      "Cache-Control": "public, max-age=0, must-revalidate, s-maxage=300",
      "Surrogate-Key": "all category:roofing listing:denver-co:roofing",
      "Cache-Tag": "all,category:roofing,listing:denver-co:roofing",
    });
    expect(keysOfHeader("all  city:denver-co profile:x")).toEqual([
      "all",
      "city:denver-co",
      "profile:x",
    ]);
    expect(keysOfHeader(null)).toEqual([]);
  });

  it("are kept no longer than a badge shown lapses (the midnight after its expiry day, UTC)", () => {
    const now = Date.parse("2026-11-29T23:58:00Z");
    const shown = [
      { verified: { licence: { expiresOn: "2026-11-29" }, insurance: null }, pause: null },
      { verified: { licence: null, insurance: { expiresOn: "2027-01-31" } } },
    ];
    expect(changesOf(shown)).toEqual([
      Date.parse("2026-11-30T00:00:00Z"),
      Date.parse("2027-02-01T00:00:00Z"),
    ]);
    expect(sharedSeconds(changesOf(shown), now)).toBe(120);
    expect(cachedPageHeaders([], changesOf(shown), now)["Cache-Control"]).toMatch(/s-maxage=120$/);
    // A badge lapsing later than five minutes from now leaves the five minutes.
    expect(sharedSeconds(changesOf(shown), Date.parse("2026-11-29T12:00:00Z"))).toBe(300);
  });

  it("are kept no longer than a pause shown lasts, and at least a second", () => {
    const now = Date.parse("2026-12-06T23:59:59.500Z");
    expect(sharedSeconds(changesOf([{ pause: { until: "2026-12-07" } }]), now)).toBe(1);
    expect(sharedSeconds(changesOf([{ pause: { until: null } }]), now)).toBe(300);
  });
});

describe("stale keys on the bus", () => {
  it("travel in notifications under PostgreSQL's 8,000 bytes, none lost", () => {
    const keys = Array.from({ length: 600 }, (_, i) => `listing:city-${i.toString()}:roofing`);
    let n = 0;
    const events = staleEvents([...keys, "not a key!"], () => (n++).toString());
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) expect(JSON.stringify(event).length).toBeLessThan(8_000);
    expect(events.flatMap((event) => event.keys)).toEqual(keys);
  });
});
