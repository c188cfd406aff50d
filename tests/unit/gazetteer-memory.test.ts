// The postal-code table is kept compactly (decision 016, RSS): the
// `zipcodes` package's module would keep 44k record objects and its 5 MB
// source for the life of the server.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { loadGazetteer } from "~/features/places/gazetteer.server";
import { readPostalTable, type ZipRecord } from "~/features/places/gazetteer-postal.server";

const require = createRequire(import.meta.url);

describe("the postal-code table", () => {
  // First: once the package is required below, it stays in the module cache.
  it("answers postal codes without loading the zipcodes module", async () => {
    const gazetteer = await loadGazetteer();
    expect(gazetteer.byPostalCode("80202")?.slug).toBe("denver-co");
    expect(gazetteer.byPostalCode("M5V 2T6")?.slug).toBe("toronto-on");
    expect(require.cache[require.resolve("zipcodes")]).toBeUndefined();
    expect(require.cache[require.resolve("zipcodes/lib/codes.js")]).toBeUndefined();
  });

  it("holds every US ZIP and Canadian FSA of the package, with its point, city and state", () => {
    const table = readPostalTable();
    const zipcodes = require("zipcodes") as { codes: Record<string, ZipRecord> };
    const records = Object.values(zipcodes.codes);
    expect(table.size).toBe(records.length);
    for (const record of records) {
      const point = record.country === "US" ? table.us(record.zip) : table.canada(record.zip);
      // A few codes have no point (null), which the look-up always read as 0.
      expect(point, record.zip).toEqual({
        latitude: record.latitude ?? 0,
        longitude: record.longitude ?? 0,
        city: record.city,
        state: record.state,
      });
    }
    expect(table.us("00000")).toBeUndefined();
    expect(table.us("M5V")).toBeUndefined();
    expect(table.canada("10001")).toBeUndefined();
  });
});
