/**
 * Postal codes to places, from the `zipcodes` package: a US ZIP (or ZIP+4)
 * names its USPS city and state, a Canadian postal code's first three
 * characters (the FSA) a point and a list of neighbourhoods.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Place } from "./place";
import { normalizeForSearch } from "./normalize";

/** A postal code's centre and, for a US ZIP, its USPS city and state. */
export interface PostalPoint {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export interface ZipRecord {
  zip: string;
  /** null for a few Canadian FSAs, read as 0 as the package's records always were. */
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  country: string;
}

/**
 * The `zipcodes` package's records, kept compactly: its module keeps 44k
 * objects and its 5 MB source for the life of the process (34 MB of heap),
 * so its two data files are read here, as JSON, and boiled down to typed
 * arrays (a slot per possible ZIP) and one list of city names (1.2 MB).
 */
export interface PostalTable {
  /** A 5-digit US ZIP. */
  us(zip: string): PostalPoint | undefined;
  /** A Canadian FSA ("M5V"). */
  canada(fsa: string): PostalPoint | undefined;
  /** How many codes the table holds. */
  readonly size: number;
}

/** The `codes` object of one of the package's data files (`exports.codes = {…};`). */
function readCodes(file: string, country: string): ZipRecord[] {
  const text = readFileSync(createRequire(import.meta.url).resolve(`zipcodes/lib/${file}`), "utf8");
  const start = text.indexOf("{", text.indexOf("exports.codes"));
  const end = text.lastIndexOf("}", text.indexOf("exports.stateMap"));
  if (start === -1 || end === -1) throw new Error(`Unexpected format of zipcodes/lib/${file}`);
  const codes = JSON.parse(text.slice(start, end + 1)) as Record<string, ZipRecord>;
  return Object.values(codes).filter((record) => record.country === country);
}

interface Columns {
  latitudes: Float64Array;
  longitudes: Float64Array;
  /** Index into `cities`, per code. */
  cityOf: Int32Array;
  /** Index into `states`, per code. */
  stateOf: Uint8Array;
  cities: string[];
  states: string[];
  /** Each ZIP's code index, plus one (0: none). */
  byZip: Int32Array;
  byFsa: Map<string, number>;
}

/** The records as columns; built apart so that no closure kept afterwards holds the records. */
function toColumns(us: readonly ZipRecord[], canada: readonly ZipRecord[]): Columns {
  const count = us.length + canada.length;
  const table: Columns = {
    latitudes: new Float64Array(count),
    longitudes: new Float64Array(count),
    cityOf: new Int32Array(count),
    stateOf: new Uint8Array(count),
    cities: [],
    states: [],
    byZip: new Int32Array(100_000),
    byFsa: new Map(),
  };
  const cityIndex = new Map<string, number>();
  const stateIndex = new Map<string, number>();
  const indexOf = (list: string[], index: Map<string, number>, value: string): number => {
    let at = index.get(value);
    if (at === undefined) {
      at = list.push(value) - 1;
      index.set(value, at);
    }
    return at;
  };
  [...us, ...canada].forEach((record, i) => {
    table.latitudes[i] = record.latitude ?? 0;
    table.longitudes[i] = record.longitude ?? 0;
    table.cityOf[i] = indexOf(table.cities, cityIndex, record.city);
    table.stateOf[i] = indexOf(table.states, stateIndex, record.state);
    if (i < us.length) table.byZip[Number(record.zip)] = i + 1;
    else table.byFsa.set(record.zip, i);
  });
  if (table.states.length > 256) throw new Error("Too many states in the postal table");
  return table;
}

export function readPostalTable(): PostalTable {
  const table = toColumns(readCodes("codes.js", "US"), readCodes("codesCanada.js", "Canada"));
  const point = (i: number | undefined): PostalPoint | undefined =>
    i === undefined || i < 0
      ? undefined
      : {
          latitude: table.latitudes[i] ?? 0,
          longitude: table.longitudes[i] ?? 0,
          city: table.cities[table.cityOf[i] ?? 0] ?? "",
          state: table.states[table.stateOf[i] ?? 0] ?? "",
        };
  return {
    us: (zip) => (/^\d{5}$/.test(zip) ? point((table.byZip[Number(zip)] ?? 0) - 1) : undefined),
    canada: (fsa) => point(table.byFsa.get(fsa)),
    size: table.latitudes.length,
  };
}

/** The province or territory of an FSA by its first letter (X is shared by NT and NU). */
const FSA_REGIONS: Record<string, string[]> = {
  A: ["NL"],
  B: ["NS"],
  C: ["PE"],
  E: ["NB"],
  G: ["QC"],
  H: ["QC"],
  J: ["QC"],
  K: ["ON"],
  L: ["ON"],
  M: ["ON"],
  N: ["ON"],
  P: ["ON"],
  R: ["MB"],
  S: ["SK"],
  T: ["AB"],
  V: ["BC"],
  X: ["NT", "NU"],
  Y: ["YT"],
};

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
const CA_POSTAL = /^([A-Z]\d[A-Z])(?:\s*\d[A-Z]\d)?$/;

/** A ZIP's own city is trusted only this close to the ZIP's centre (same-name towns exist). */
const SAME_CITY_MAX_KM = 40;

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const x = (lon2 - lon1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return 6371 * Math.hypot(x, y);
}

/**
 * The place that best "owns" a point: population over squared distance
 * (at least 1 km). Plain nearest-place picks East York for downtown Toronto
 * (M5V) and a West End neighbourhood for downtown Vancouver; weighting by
 * population picks Toronto and Vancouver while a suburb's own FSA
 * (Richmond Hill, Longueuil) still goes to the suburb.
 */
function owner(places: readonly Place[], lat: number, lon: number): Place | undefined {
  let best: Place | undefined;
  let bestScore = -1;
  for (const place of places) {
    const km = Math.max(distanceKm(lat, lon, place.lat, place.lon), 1);
    const score = Math.max(place.population, 1) / (km * km);
    if (score > bestScore) {
      best = place;
      bestScore = score;
    }
  }
  return best;
}

export interface PostalPlaces {
  /** The served places of a region. */
  inRegion(region: string): readonly Place[];
  /** The most populous place of a region with this normalised name. */
  named(name: string, region: string): Place | undefined;
}

/**
 * The lookup. The postal table (44k codes, read from the `zipcodes`
 * package's files in about 0.3 s) is made on the first postal code asked
 * for, not with the gazetteer: most processes only ever need suggestions
 * and slugs.
 */
export function createPostalLookup(places: PostalPlaces): (code: string) => Place | undefined {
  let table: PostalTable | undefined;

  return (code) => {
    table ??= readPostalTable();
    const text = code.trim().toUpperCase();
    const zip = US_ZIP.exec(text)?.[1];
    if (zip) {
      const record = table.us(zip);
      if (!record) return undefined;
      const inState = places.inRegion(record.state);
      const same = places.named(normalizeForSearch(record.city), record.state);
      const near =
        same &&
        distanceKm(record.latitude, record.longitude, same.lat, same.lon) <= SAME_CITY_MAX_KM;
      return near ? same : owner(inState, record.latitude, record.longitude);
    }
    const fsa = CA_POSTAL.exec(text)?.[1];
    const regions = fsa && FSA_REGIONS[fsa.charAt(0)];
    if (!fsa || !regions) return undefined;
    const record = table.canada(fsa);
    if (!record) return undefined;
    return owner(
      regions.flatMap((region) => places.inRegion(region)),
      record.latitude,
      record.longitude,
    );
  };
}
