/**
 * The distance a pro's card shows (issue 43: every card said "0 mi away"):
 * only from the base city the business gave to a known place, in the place's
 * unit, "Based in …" under one unit, and none for a sample listing.
 */
import { describe, expect, it } from "vitest";
import { distanceLineIn, distanceShown } from "../../app/features/marketplace/distance-shown";
import { i18nFor } from "../../app/lib/i18n.server";

const real = { isSample: false } as const;

describe("the distance a card shows", () => {
  it("is nothing when the business gave no base city, or the place is unknown", () => {
    expect(distanceShown({ ...real, km: null, base: null, unit: "mi" })).toBeNull();
    expect(distanceShown({ ...real, km: null, base: "Denver, CO", unit: "mi" })).toBeNull();
  });

  it("is never 0: a base in the place, or less than one unit away, is where it is based", () => {
    expect(distanceShown({ ...real, km: 0, base: "Denver, CO", unit: "mi" })).toEqual({
      kind: "based-in",
      place: "Denver, CO",
    });
    // 0.7 km is under half a mile: rounds to 0 mi, said as the base.
    expect(distanceShown({ ...real, km: 0.7, base: "Glendale, CO", unit: "mi" })).toEqual({
      kind: "based-in",
      place: "Glendale, CO",
    });
  });

  it("is rounded in the place's unit: miles in the US, kilometres in Canada", () => {
    expect(distanceShown({ ...real, km: 40, base: "Boulder, CO", unit: "mi" })).toEqual({
      kind: "away",
      value: 25,
      unit: "mi",
    });
    expect(distanceShown({ ...real, km: 40.4, base: "Oshawa, ON", unit: "km" })).toEqual({
      kind: "away",
      value: 40,
      unit: "km",
    });
  });

  it("is nothing for a sample listing, whose places are made up", () => {
    expect(distanceShown({ isSample: true, km: 12, base: "Denver, CO", unit: "mi" })).toBeNull();
  });
});

describe("the distance in words", () => {
  it("says how far, or where it is based, in the page's language, and nothing when unknown", () => {
    const en = i18nFor("en");
    const fr = i18nFor("fr");
    expect(distanceLineIn(en, { kind: "away", value: 25, unit: "mi" })).toBe("25 mi away");
    expect(distanceLineIn(fr, { kind: "away", value: 40, unit: "km" })).toBe("à 40 km");
    expect(distanceLineIn(en, { kind: "based-in", place: "Denver, CO" })).toBe(
      "Based in Denver, CO",
    );
    expect(distanceLineIn(fr, { kind: "based-in", place: "Montréal, QC" })).toBe(
      "Ville d'attache\u00a0: Montréal, QC",
    );
    expect(distanceLineIn(en, null)).toBeNull();
  });
});
