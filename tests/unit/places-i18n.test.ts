/**
 * The places area in every language (issue 23, decision 030): the spec's two
 * location errors (Spanish on English and Spanish pages, French on French
 * ones) from the server and from the browser's providers, breadcrumbs,
 * licensing notes, region and country names, and the look-ups' refusals.
 */
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { breadcrumbs, crumbLabelsOf } from "~/features/places/breadcrumb";
import { toSuggestion, type Place } from "~/features/places/gazetteer.server";
import { choiceFromComponents } from "~/features/places/google-places";
import { LICENSING_NOTES, licensingNote } from "~/features/places/licensing-notes";
import { createOfflinePlaces } from "~/features/places/offline-places";
import {
  PLACE_LOOKUP_LIMITED,
  PLACE_LOOKUP_LIMITED_MESSAGE,
  placeLookupLocale,
  placeQueryProblem,
} from "~/features/places/place-query";
import { REGION_NAMES, regionName } from "~/features/places/region-names";
import { appContext, requestContext, type AppServices } from "~/lib/app-context.server";
import { parseEnv } from "~/lib/env.server";
import { i18nFor } from "~/lib/i18n.server";
import { LOCALES } from "~/lib/locales";
import { loader as resolveLoader } from "~/routes/resources/place-resolve";
import { loader as suggestLoader } from "~/routes/resources/places";
import { LOCATION_ERRORS } from "~/site";

const FRENCH_ERRORS = {
  invalidCity: "Veuillez sélectionner une ville valide",
  unsupportedCountry: "Veuillez sélectionner une ville aux États-Unis ou au Canada",
};

/** What the place endpoints need of the server; `burst` look-ups allowed. */
function serverContext(burst = 100): RouterContextProvider {
  const env = parseEnv({
    PLACES_RATE_LIMIT_BURST: String(burst),
    PLACES_RATE_LIMIT_PER_S: "0.001",
  });
  const services: Pick<AppServices, "env" | "logger"> = { env, logger: pino({ level: "silent" }) };
  const context = new RouterContextProvider();
  context.set(appContext, services as AppServices);
  context.set(requestContext, { clientAddress: "203.0.113.40" });
  return context;
}

async function resolveText(text: string, lang: string | null, context = serverContext()) {
  const url = new URL("http://127.0.0.1/api/places/resolve");
  url.searchParams.set("text", text);
  if (lang !== null) url.searchParams.set("lang", lang);
  const response = await resolveLoader({
    request: new Request(url),
    url,
    params: {},
    context,
    pattern: "/api/places/resolve",
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the location errors from the server", () => {
  it("are the spec's Spanish for English and Spanish pages, French for French ones", async () => {
    for (const lang of [null, "en", "es"]) {
      expect((await resolveText("Xyzzyqq", lang)).body).toEqual({
        ok: false,
        message: LOCATION_ERRORS.invalidCity,
      });
      expect((await resolveText("Paris, France", lang)).body).toEqual({
        ok: false,
        message: LOCATION_ERRORS.unsupportedCountry,
      });
    }
    expect((await resolveText("Xyzzyqq", "fr")).body).toEqual({
      ok: false,
      message: FRENCH_ERRORS.invalidCity,
    });
    expect((await resolveText("Paris, France", "fr")).body).toEqual({
      ok: false,
      message: FRENCH_ERRORS.unsupportedCountry,
    });
  });

  it("take an unknown language as English, and still find the city", async () => {
    expect(placeLookupLocale(new URL("http://x/?lang=de"))).toBe("en");
    expect(placeLookupLocale(new URL("http://x/?lang=fr"))).toBe("fr");
    expect((await resolveText("Xyzzyqq", "de")).body).toMatchObject({
      message: LOCATION_ERRORS.invalidCity,
    });
    expect((await resolveText("Denver, CO", "fr")).body).toEqual({
      ok: true,
      slug: "denver-co",
      label: "Denver, CO",
    });
  });

  it("refuse too many look-ups and overlong text in the page's language", async () => {
    const context = serverContext(1);
    await resolveText("Denver, CO", "fr", context);
    const refused = await resolveText("Denver, CO", "fr", context);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(i18nFor("fr")._(PLACE_LOOKUP_LIMITED));
    expect(refused.body.error).not.toBe(PLACE_LOOKUP_LIMITED_MESSAGE);

    const url = new URL("http://127.0.0.1/api/places?lang=es");
    url.searchParams.set("q", "x".repeat(101));
    const tooLong = await suggestLoader({
      request: new Request(url),
      url,
      params: {},
      context: serverContext(),
      pattern: "/api/places",
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      error: "Escriba como máximo 100 caracteres para buscar un lugar.",
    });
  });

  it("say the English of the limit message word for word", () => {
    expect(i18nFor("en")._(PLACE_LOOKUP_LIMITED)).toBe(PLACE_LOOKUP_LIMITED_MESSAGE);
    expect(placeQueryProblem("x".repeat(101))).toBe(
      "Please type at most 100 characters to search for a place.",
    );
    expect(placeQueryProblem("a\u0007b", i18nFor("fr"))).toBe(
      "Une recherche de lieu ne peut pas contenir de caractères de contrôle.",
    );
  });
});

describe("the location errors in the browser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("come in the page's language when a look-up fails, and look-ups name the language", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const asked: string[] = [];
    vi.stubGlobal("fetch", (input: string) => {
      asked.push(input);
      return Promise.reject(new Error("offline"));
    });
    for (const [locale, expected] of [
      ["en", LOCATION_ERRORS.invalidCity],
      ["es", LOCATION_ERRORS.invalidCity],
      ["fr", FRENCH_ERRORS.invalidCity],
    ] as const) {
      const places = createOfflinePlaces(i18nFor(locale));
      expect(await places.resolveText("Denver")).toEqual({ ok: false, message: expected });
    }
    expect(asked).toEqual([
      "/api/places/resolve?text=Denver",
      "/api/places/resolve?text=Denver&lang=es",
      "/api/places/resolve?text=Denver&lang=fr",
    ]);
  });

  it("come in the page's language from Google's answers too", () => {
    const paris = [
      { long_name: "Paris", short_name: "Paris", types: ["locality"] },
      { long_name: "Île-de-France", short_name: "IDF", types: ["administrative_area_level_1"] },
      { long_name: "France", short_name: "FR", types: ["country"] },
    ];
    expect(choiceFromComponents(paris, i18nFor("en"))).toEqual({
      ok: false,
      message: LOCATION_ERRORS.unsupportedCountry,
    });
    expect(choiceFromComponents(paris, i18nFor("fr"))).toEqual({
      ok: false,
      message: FRENCH_ERRORS.unsupportedCountry,
    });
    expect(choiceFromComponents(paris.slice(2), i18nFor("es"))).toEqual({
      ok: false,
      message: LOCATION_ERRORS.invalidCity,
    });
  });
});

describe("breadcrumbs", () => {
  it("stay as they were in English", () => {
    expect(breadcrumbs("/denver-co/roofing")).toEqual([
      { label: "Home", path: "/" },
      { label: "Denver Co", path: "/denver-co" },
      { label: "Roofing", path: "/denver-co/roofing" },
    ]);
    expect(breadcrumbs("/how-we-rank-pros").map((c) => c.label)).toEqual([
      "Home",
      "How We Rank Pros",
    ]);
  });

  it("are labelled and linked in Spanish and French", () => {
    expect(breadcrumbs("/denver-co/roofing", "es")).toEqual([
      { label: "Inicio", path: "/es/" },
      { label: "Denver Co", path: "/es/denver-co" },
      { label: "Techos", path: "/es/denver-co/roofing" },
    ]);
    expect(breadcrumbs("/montreal-qc/general-contractors", "fr")).toEqual([
      { label: "Accueil", path: "/fr/" },
      { label: "Montreal Qc", path: "/fr/montreal-qc" },
      { label: "Entrepreneurs généraux", path: "/fr/montreal-qc/general-contractors" },
    ]);
    expect(breadcrumbs("/privacy", "fr").map((c) => c.label)).toEqual([
      "Accueil",
      "Confidentialité",
    ]);
  });

  it("take the labels a page gives its segments (a listing's service)", () => {
    const labels = crumbLabelsOf([
      { loaderData: { languageOffers: [] } },
      { loaderData: { crumbLabels: { "roof-repair": "Reparación de techos" } } },
      { loaderData: undefined },
    ]);
    expect(labels).toEqual({ "roof-repair": "Reparación de techos" });
    expect(breadcrumbs("/denver-co/roof-repair", "es", labels).at(-1)).toEqual({
      label: "Reparación de techos",
      path: "/es/denver-co/roof-repair",
    });
    expect(crumbLabelsOf([{ loaderData: { crumbLabels: null } }])).toBeUndefined();
  });
});

describe("licensing notes and region names", () => {
  it("cover every region in every language", () => {
    expect(Object.keys(REGION_NAMES).sort()).toEqual(Object.keys(LICENSING_NOTES).sort());
    for (const locale of LOCALES) {
      const i18n = i18nFor(locale);
      for (const code of Object.keys(LICENSING_NOTES)) {
        expect(licensingNote(code, i18n)?.length).toBeGreaterThan(100);
      }
    }
    expect(licensingNote("zz", i18nFor("es"))).toBeUndefined();
  });

  it("are translated per state and province", () => {
    expect(licensingNote("co", i18nFor("en"))).toMatch(/^Colorado has no statewide/);
    expect(licensingNote("CO", i18nFor("es"))).toMatch(
      /^Colorado no tiene una licencia estatal para contratistas generales/,
    );
    expect(licensingNote("QC", i18nFor("fr"))).toMatch(
      /^Au Québec, la Régie du bâtiment du Québec \(RBQ\) délivre les licences/,
    );
    expect(licensingNote("CA", i18nFor("fr"))).toContain("1\u00a0000\u00a0$");
    expect(regionName("BC", "British Columbia", i18nFor("en"))).toBe("British Columbia");
    expect(regionName("BC", "British Columbia", i18nFor("fr"))).toBe("Colombie-Britannique");
    expect(regionName("NC", "North Carolina", i18nFor("es"))).toBe("Carolina del Norte");
    expect(regionName("PR", "Puerto Rico", i18nFor("es"))).toBe("Puerto Rico");
  });

  it("name suggestions' countries with Intl outside English", () => {
    const denver: Place = {
      id: "gn:5419384",
      name: "Denver",
      region: "CO",
      regionName: "Colorado",
      country: "US",
      population: 715_522,
      lat: 39.74,
      lon: -104.98,
      slug: "denver-co",
    };
    const toronto: Place = { ...denver, name: "Toronto", region: "ON", country: "CA" };
    expect(toSuggestion(denver).description).toBe("Denver, CO, USA");
    expect(toSuggestion(toronto, "en").secondaryText).toBe("ON, Canada");
    expect(toSuggestion(denver, "es").description).toBe("Denver, CO, Estados Unidos");
    expect(toSuggestion(toronto, "es").secondaryText).toBe("ON, Canadá");
    expect(toSuggestion(denver, "fr").secondaryText).toBe("CO, États-Unis");
    const terms = toSuggestion(denver, "fr").terms;
    expect(terms.at(-1)).toEqual({ offset: "Denver, CO, ".length, value: "États-Unis" });
  });
});
