import { beforeAll, describe, expect, it } from "vitest";
import {
  isLocalityFeature,
  loadGazetteer,
  type Gazetteer,
  type Place,
} from "~/features/places/gazetteer.server";
import { regionOf } from "~/features/places/gazetteer-regions.server";
import { readCities } from "~/features/places/gazetteer-source.server";
import { citySlug, isCitySlugShape } from "~/features/places/slug";
import { POPULAR_CITIES } from "~/site";

let gazetteer: Gazetteer;
let places: Place[];

beforeAll(async () => {
  gazetteer = await loadGazetteer();
  places = [];
  await readCities((city) => {
    const place = gazetteer.byId(`gn:${city.cityId.toString()}`);
    if (place) places.push(place);
  });
});

describe("citySlug (spec §9)", () => {
  it.each([
    ["St. John's", "NL", "st-johns-nl"],
    ["New York", "NY", "new-york-ny"],
    ["Montréal", "QC", "montreal-qc"],
    ["Denver", "CO", "denver-co"],
    ["Winston-Salem", "NC", "winston-salem-nc"],
    ["Coeur d'Alene", "ID", "coeur-dalene-id"],
    ["Saint-Côme--Linière", "QC", "saint-come-liniere-qc"],
    ["Sept-Îles", "QC", "sept-iles-qc"],
    ["Behchokǫ̀", "NT", "behchoko-nt"],
    ["100 Mile House", "BC", "100-mile-house-bc"],
  ])("%s, %s → %s", (name, region, slug) => {
    expect(citySlug(name, region)).toBe(slug);
    expect(isCitySlugShape(slug)).toBe(true);
  });
});

describe("every place's slug and its inverse", () => {
  it("covers every US and Canadian place", () => {
    expect(places).toHaveLength(gazetteer.size);
    expect(gazetteer.size).toBeGreaterThan(17_000);
  });

  it("gives each place a well-formed slug of its own name and region", () => {
    for (const place of places) {
      expect(isCitySlugShape(place.slug), place.slug).toBe(true);
      expect(place.slug).toBe(citySlug(place.name, place.region));
    }
  });

  it("shares no slug between two places, and bySlug finds each place back", () => {
    expect(new Set(places.map((place) => place.slug)).size).toBe(places.length);
    for (const place of places) expect(gazetteer.bySlug(place.slug)).toBe(place);
  });

  it("keeps the most populous place when GeoNames has two with one slug", async () => {
    let dropped = 0;
    await readCities((city) => {
      const region = regionOf(city.country, city.adminCode);
      if (!region || !isLocalityFeature(city.featureCode)) return;
      // Plain names only: their slug is citySlug of the GeoNames name.
      if (/[,(]/.test(city.name) || gazetteer.byId(`gn:${city.cityId.toString()}`)) return;
      const holder = gazetteer.bySlug(citySlug(city.name, region.code));
      dropped += 1;
      expect(holder, city.name).toBeDefined();
      expect(holder?.population, city.name).toBeGreaterThanOrEqual(city.population);
    });
    expect(dropped).toBeGreaterThan(100);
    expect(dropped).toBeLessThan(gazetteer.size / 50);
    expect(gazetteer.bySlug("miami-gardens-fl")?.population).toBeGreaterThan(100_000);
  });

  it.each(POPULAR_CITIES)("finds the popular city $slug", (city) => {
    const place = gazetteer.bySlug(city.slug);
    expect(place).toMatchObject({ name: city.name, region: city.region, slug: city.slug });
    expect(place?.population).toBeGreaterThan(400_000);
  });

  it("knows no slug it did not make", () => {
    expect(gazetteer.bySlug("atlantis-zz")).toBeUndefined();
    expect(gazetteer.bySlug("denver")).toBeUndefined();
  });
});
