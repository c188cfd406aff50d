import { describe, expect, it } from "vitest";
import { canonicalLocation } from "../../server/canonical";

describe("canonical URLs", () => {
  it.each([
    ["/roofing/", "/roofing"],
    ["/roofing?utm_source=mail", "/roofing"],
    ["/roofing/?ref=x", "/roofing"],
    ["/?ref=x", "/"],
    ["/denver-co/", "/denver-co"],
    ["/denver-co/roofing?x=1", "/denver-co/roofing"],
    ["/search/?service=roofing&zip=80202", "/search?service=roofing&zip=80202"],
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
    "/api/places?q=den",
  ])("%s is canonical already", (url) => {
    expect(canonicalLocation(url)).toBeNull();
  });
});
