import { describe, expect, it } from "vitest";
import { isSafeReturnPath } from "~/features/auth/return-path";

describe("the post-login return path guard", () => {
  it.each([
    "/dashboard",
    "/denver-co/roofing",
    "/search?service=roofing&zip=80202",
    "/roofing#materials",
    "/a:b",
  ])("accepts %j", (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/ok\nSet-Cookie: x=1",
    "/login",
    "/auth/complete?to=/x",
    `/${"a".repeat(3000)}`,
  ])("rejects %j", (path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });

  it("rejects what is not a string", () => {
    expect(isSafeReturnPath(undefined)).toBe(false);
    expect(isSafeReturnPath(42)).toBe(false);
  });
});
