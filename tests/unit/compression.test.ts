import { describe, expect, it } from "vitest";
import { chooseEncoding } from "../../server/http/compression";

describe("content negotiation", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
    ["gzip;q=0", "identity"],
  ] as const)("Accept-Encoding %j → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
