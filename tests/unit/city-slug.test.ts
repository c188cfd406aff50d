import { describe, expect, it } from "vitest";
import { isCitySlugShape } from "~/features/places/slug";

describe("the city-slug rule (spec §9)", () => {
  it.each(["denver-co", "new-york-ny", "st-johns-nl", "winston-salem-nc", "quebec-qc"])(
    "accepts %s",
    (slug) => {
      expect(isCitySlugShape(slug)).toBe(true);
    },
  );

  it.each([
    "roofing",
    "denver",
    "Denver-CO",
    "denver-colorado",
    "-co",
    "denver--co",
    "denver-co-",
    "den ver-co",
    "denver-c0",
    "",
  ])("rejects %j", (slug) => {
    expect(isCitySlugShape(slug)).toBe(false);
  });
});
