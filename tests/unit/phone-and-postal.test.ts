import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { formatPhone, isUsOrCanadianPhone, phoneCountry, toE164 } from "~/features/leads/phone";
import { parsePostalCode } from "~/features/leads/postal-code";

describe("US and Canadian phone numbers", () => {
  it.each([
    ["(303) 555-0147", "+13035550147"],
    ["303.555.0147", "+13035550147"],
    ["1 303 555 0147", "+13035550147"],
    ["+1-416-555-0199", "+14165550199"],
    ["800 555 0100", "+18005550100"],
  ])("accepts %s as %s", (input, e164) => {
    expect(isUsOrCanadianPhone(input)).toBe(true);
    expect(toE164(input)).toBe(e164);
  });

  it.each([
    "555-0147",
    "(123) 555-0147",
    "(303) 155-0147",
    "(303) 911-0147",
    "+44 20 7946 0958",
    "(876) 555-0147",
    "call me",
    "3035550147999",
    "",
  ])("rejects %j", (input) => {
    expect(isUsOrCanadianPhone(input)).toBe(false);
  });

  it("knows the country of an area code, and formats for display", () => {
    expect(phoneCountry("+14165550199")).toBe("CA");
    expect(phoneCountry("+13035550147")).toBe("US");
    expect(formatPhone("+13035550147")).toBe("(303) 555-0147");
  });

  it("agrees with libphonenumber on every geographic area code of the two countries", () => {
    const disagreements: string[] = [];
    for (let npa = 200; npa <= 999; npa++) {
      const number = `+1${npa.toString()}2345678`;
      const parsed = parsePhoneNumberFromString(number);
      const theirs =
        parsed?.isValid() === true &&
        (parsed.country === "US" || parsed.country === "CA") &&
        parsed.getType() !== "PREMIUM_RATE";
      const nonGeographic =
        /^(5\d\d|6[0-3][0-9]|900)$/.test(npa.toString()) && !isUsOrCanadianPhone(number);
      if (theirs !== isUsOrCanadianPhone(number) && !nonGeographic)
        disagreements.push(npa.toString());
    }
    expect(disagreements).toEqual([]);
  });
});

describe("ZIP and postal codes", () => {
  it.each([
    ["80202", "80202", "US"],
    ["80202-1234", "80202-1234", "US"],
    ["802021234", "80202-1234", "US"],
    ["m5v2t6", "M5V 2T6", "CA"],
    ["M5V 2T6", "M5V 2T6", "CA"],
    [" k1a 0b1 ", "K1A 0B1", "CA"],
  ])("reads %j as %s (%s)", (input, code, country) => {
    expect(parsePostalCode(input)).toEqual({ code, country });
  });

  it.each(["8020", "802021", "ABCDE", "D5V 2T6", "M5V2T", "W1A 1AA", ""])("rejects %j", (input) => {
    expect(parsePostalCode(input)).toBeNull();
  });
});
