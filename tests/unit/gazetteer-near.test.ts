/**
 * The places within a distance of a point (gazetteer-near.server.ts): the
 * latitude band only narrows the search, so the answer is every place the
 * distance keeps, none more, near the poles and across the date line too.
 */
import { describe, expect, it } from "vitest";
import { createNearLookup } from "~/features/places/gazetteer-near.server";
import type { Place } from "~/features/places/place";
import { kmBetween } from "~/lib/distance";

/** A repeatable spread of places over the whole globe. */
function places(count: number): Place[] {
  let seed = 42;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: count }, (_, i) => ({
    id: `gn:${i.toString()}`,
    name: `Place ${i.toString()}`,
    region: "CO",
    regionName: "Colorado",
    country: "US",
    population: 1000,
    lat: next() * 180 - 90,
    lon: next() * 360 - 180,
    slug: `place-${i.toString()}-co`,
  }));
}

describe("the places near a point", () => {
  const all = places(20_000);
  const near = createNearLookup(all);

  it("are exactly those the distance keeps", () => {
    const centres = [
      { lat: 39.74, lon: -104.99 },
      { lat: 89.5, lon: 0 },
      { lat: -10, lon: 179.9 },
      { lat: 0, lon: 0 },
    ];
    for (const centre of centres) {
      for (const km of [0, 50, 805, 3_000]) {
        const slugs = (places: Place[]) => places.map((place) => place.slug).sort();
        expect(slugs(near(centre, km)), `${JSON.stringify(centre)} ${km.toString()} km`).toEqual(
          slugs(all.filter((place) => kmBetween(centre, place) <= km)),
        );
      }
    }
  });

  it("are none for a distance that is not one", () => {
    expect(near({ lat: 0, lon: 0 }, Number.NaN)).toEqual([]);
    expect(near({ lat: 0, lon: 0 }, -1)).toEqual([]);
  });
});
