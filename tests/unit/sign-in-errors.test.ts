import { describe, expect, it } from "vitest";
import { SIGN_IN_ERRORS, signInErrorMessage } from "~/features/auth/sign-in-errors";

describe("the login page's ?error= message", () => {
  it("is the message of a known code", () => {
    expect(signInErrorMessage("expired")).toBe(SIGN_IN_ERRORS.expired);
    expect(signInErrorMessage("demo-limit")).toBe(SIGN_IN_ERRORS["demo-limit"]);
  });

  it.each([
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "__defineGetter__",
    "isPrototypeOf",
  ])("is nothing for %s, a name every object answers to", (code) => {
    expect(signInErrorMessage(code)).toBeUndefined();
  });

  it("is nothing for an unknown or missing code", () => {
    expect(signInErrorMessage("nope")).toBeUndefined();
    expect(signInErrorMessage("")).toBeUndefined();
    expect(signInErrorMessage(null)).toBeUndefined();
  });
});
