import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n.server";
import {
  CATEGORY_TITLES,
  CONSENT_MESSAGE,
  LEGAL_LABELS,
  LOCATION_ERROR_MESSAGES,
  NOT_FOUND_LABELS,
  BRAND_TAGLINE,
} from "~/lib/site-labels";
import {
  BRAND,
  CATEGORIES,
  CONSENT_TEXT,
  LEGAL_LINKS,
  LOCATION_ERRORS,
  NOT_FOUND_MESSAGE,
  NOT_FOUND_TITLE,
} from "~/site";

const en = i18nFor("en");

describe("the messages of app/site.ts", () => {
  it("say in English exactly what app/site.ts says", () => {
    for (const category of CATEGORIES) {
      expect(en._(CATEGORY_TITLES[category.slug])).toBe(category.title);
    }
    for (const link of LEGAL_LINKS) expect(en._(LEGAL_LABELS[link.path])).toBe(link.label);
    expect(en._(BRAND_TAGLINE)).toBe(BRAND.tagline);
    expect(en._(CONSENT_MESSAGE)).toBe(CONSENT_TEXT);
    expect(en._(NOT_FOUND_LABELS.title)).toBe(NOT_FOUND_TITLE);
    expect(en._(NOT_FOUND_LABELS.message)).toBe(NOT_FOUND_MESSAGE);
  });

  it("keep the spec's location errors in Spanish on English and Spanish pages, French on French", () => {
    for (const locale of ["en", "es"] as const) {
      expect(i18nFor(locale)._(LOCATION_ERROR_MESSAGES.invalidCity)).toBe(
        LOCATION_ERRORS.invalidCity,
      );
      expect(i18nFor(locale)._(LOCATION_ERROR_MESSAGES.unsupportedCountry)).toBe(
        LOCATION_ERRORS.unsupportedCountry,
      );
    }
    expect(i18nFor("fr")._(LOCATION_ERROR_MESSAGES.invalidCity)).toBe(
      "Veuillez sélectionner une ville valide",
    );
    expect(i18nFor("fr")._(LOCATION_ERROR_MESSAGES.unsupportedCountry)).toBe(
      "Veuillez sélectionner une ville aux États-Unis ou au Canada",
    );
  });
});
