/**
 * A place's time zone from the gazetteer's coordinates (issue 34's first
 * part): the zones the issue names, with and without daylight saving, a
 * half-hour one, and places near a zone line.
 */
import { describe, expect, it } from "vitest";
import { zoneAt, zoneOfPlace } from "~/features/places/time-zone.server";

describe("the time zone of a place", () => {
  it.each([
    ["Denver, CO", 39.7392, -104.9903, "America/Denver"],
    ["Toronto, ON", 43.6532, -79.3832, "America/Toronto"],
    ["Halifax, NS", 44.6488, -63.5752, "America/Halifax"],
    ["St. John's, NL", 47.5615, -52.7126, "America/St_Johns"],
    ["Phoenix, AZ (no daylight saving)", 33.4484, -112.074, "America/Phoenix"],
    ["Regina, SK (no daylight saving)", 50.4452, -104.6189, "America/Regina"],
    ["Chicago, IL", 41.8781, -87.6298, "America/Chicago"],
    ["Los Angeles, CA", 34.0522, -118.2437, "America/Los_Angeles"],
    ["Montréal, QC", 45.5017, -73.5673, "America/Toronto"],
    ["El Paso, TX (Mountain, in a Central state)", 31.7619, -106.485, "America/Denver"],
    ["Lloydminster, SK (keeps Alberta's clock)", 53.2783, -110.0055, "America/Edmonton"],
  ])("%s is in %s", (_name, lat, lon, zone) => {
    expect(zoneAt(lat, lon)).toBe(zone);
    expect(zoneOfPlace({ lat, lon })).toBe(zone);
  });

  it("refuses coordinates that are not on Earth", () => {
    expect(() => zoneAt(91, 0)).toThrow();
    expect(() => zoneAt(Number.NaN, 0)).toThrow();
  });
});
