/**
 * Dates and prices in each of the site's languages (issue 23): US English
 * by default, exactly as before; US Spanish and Canadian French by Intl.
 */
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/features/marketplace/price";
import { longDay, mediumDate, monthOfYear, shortDay } from "~/lib/dates";
import { INTL_TAGS, isLocale, LOCALES } from "~/lib/locales";

// Intl puts a no-break space (or a narrow one) where French and Spanish group digits.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The reader's now for the dates' year: a day in 2026, and one in 2027. */
const IN_2026 = new Date("2026-11-25T18:00:00Z");
const IN_2027 = new Date("2027-01-04T18:00:00Z");

describe("formats per language", () => {
  it("knows the three languages and their Intl tags", () => {
    expect(LOCALES).toEqual(["en", "es", "fr"]);
    expect(INTL_TAGS).toEqual({ en: "en-US", es: "es-US", fr: "fr-CA" });
    expect(isLocale("fr")).toBe(true);
    expect(isLocale("de")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it("writes dates in US English unless told otherwise", () => {
    expect(mediumDate("2026-11-25T18:00:00Z")).toBe("Nov 25, 2026");
    expect(shortDay("2026-12-07", "en", IN_2026)).toBe("Dec 7");
    expect(mediumDate(new Date("2026-11-25T18:00:00Z"), "en")).toBe("Nov 25, 2026");
  });

  it("writes dates in Spanish and Canadian French", () => {
    expect(spaces(mediumDate("2026-11-25T18:00:00Z", "es"))).toBe("25 nov 2026");
    expect(spaces(mediumDate("2026-11-25T18:00:00Z", "fr"))).toBe("25 nov. 2026");
    expect(spaces(shortDay("2026-12-07", "fr", IN_2026))).toBe("7 déc.");
    expect(monthOfYear("2026-11-01")).toBe("November 2026");
    expect(monthOfYear("2026-11-01", "fr")).toBe("novembre 2026");
  });

  it("writes a day in full, its year when not the reader's or when no reader's year is given", () => {
    expect(longDay("2026-03-10", "en", IN_2026)).toBe("Tuesday, March 10");
    expect(longDay("2027-03-15", "en", IN_2026)).toBe("Monday, March 15, 2027");
    expect(longDay("2026-12-07", "en")).toBe("Monday, December 7, 2026");
    expect(spaces(longDay("2027-03-15", "fr", IN_2026))).toBe("lundi 15 mars 2027");
  });

  it("gives a date its year when it is not the reader's current one, in every language", () => {
    expect(shortDay("2027-01-30", "en", IN_2026)).toBe("Jan 30, 2027");
    expect(shortDay("2027-01-30", "en", IN_2027)).toBe("Jan 30");
    expect(shortDay("2026-12-29", "en", IN_2027)).toBe("Dec 29, 2026");
    expect(spaces(shortDay("2027-01-30", "es", IN_2026))).toBe("30 ene 2027");
    expect(spaces(shortDay("2027-01-30", "fr", IN_2026))).toBe("30 janv. 2027");
    expect(spaces(shortDay("2027-01-30", "fr", IN_2027))).toBe("30 janv.");
  });

  it("writes prices for each currency and language", () => {
    expect(formatPrice("USD", 450_000, 600_000)).toBe("$4,500–$6,000");
    expect(formatPrice("USD", 35_050, 35_050)).toBe("$350.50");
    expect(formatPrice("CAD", 450_000, 450_000)).toBe("CA$4,500");
    expect(spaces(formatPrice("CAD", 450_000, 600_000, "fr"))).toBe("4 500 $–6 000 $");
    expect(spaces(formatPrice("USD", 450_000, 450_000, "es"))).toBe("$4,500");
  });
});
