/**
 * The names of what a page shows (app/lib/cache-keys.ts): a business's keys,
 * the header a page answers with, and the shared lifetime a lapsing badge cuts.
 */
import { describe, expect, it } from "vitest";
import {
  businessKeys,
  cachedPageHeaders,
  changesOf,
  keysOfHeader,
  sharedSeconds,
} from "../../app/lib/cache-keys";
import { staleEvents } from "../../app/lib/message-bus-core.server";

const ROOFER = {
  slug: "summit-ridge-roofing-denver",
  citySlugs: ["denver-co", "aurora-co"],
  categories: ["roofing", "gutters"],
  basePlace: null,
  serviceRadius: null,
};

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

  it("name every listing of its categories when it serves a radius around its base", () => {
    const keys = businessKeys({ ...ROOFER, basePlace: "denver-co", serviceRadius: 25 });
    expect(keys).toContain("category:roofing");
    expect(keys).toContain("category:gutters");
    expect(keys).toContain("listing:denver-co:roofing");
    expect(businessKeys(ROOFER).some((key) => key.startsWith("category:"))).toBe(false);
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
