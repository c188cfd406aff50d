/**
 * The regions the site serves (the 50 states, DC and the 13 provinces and
 * territories) and how the gazetteer reads what follows a city name in a
 * query: "Denver, CO", "toronto ontario", "Paris, France", "London UK".
 */
import { normalizeForSearch } from "./normalize";

export type Country = "US" | "CA";

export interface Region {
  /** Two-letter postal code. */
  code: string;
  name: string;
  country: Country;
}

const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** Canadian provinces and territories by GeoNames' numeric admin code. */
const CA_PROVINCES: Record<string, [code: string, name: string]> = {
  "01": ["AB", "Alberta"],
  "02": ["BC", "British Columbia"],
  "03": ["MB", "Manitoba"],
  "04": ["NB", "New Brunswick"],
  "05": ["NL", "Newfoundland and Labrador"],
  "07": ["NS", "Nova Scotia"],
  "08": ["ON", "Ontario"],
  "09": ["PE", "Prince Edward Island"],
  "10": ["QC", "Quebec"],
  "11": ["SK", "Saskatchewan"],
  "12": ["YT", "Yukon"],
  "13": ["NT", "Northwest Territories"],
  "14": ["NU", "Nunavut"],
};

export const REGIONS: ReadonlyMap<string, Region> = new Map([
  ...Object.entries(US_STATES).map(([code, name]): [string, Region] => [
    code,
    { code, name, country: "US" },
  ]),
  ...Object.values(CA_PROVINCES).map(([code, name]): [string, Region] => [
    code,
    { code, name, country: "CA" },
  ]),
]);

/**
 * The region of a GeoNames city, or undefined outside the served regions
 * (Puerto Rico and the other territories have their own GeoNames country codes).
 */
export function regionOf(country: string, adminCode: string): Region | undefined {
  if (country === "US") return REGIONS.get(adminCode);
  if (country !== "CA") return undefined;
  const province = CA_PROVINCES[adminCode];
  return province && REGIONS.get(province[0]);
}

/** Other names people type for a region. */
const REGION_ALIASES: Record<string, string> = {
  "washington dc": "DC",
  newfoundland: "NL",
  labrador: "NL",
  pei: "PE",
  "yukon territory": "YT",
  nwt: "NT",
  "northwest territory": "NT",
  "nunavut territory": "NU",
};

/** Other names people type for a country (Intl supplies the standard English ones). */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  britain: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  holland: "NL",
  "czech republic": "CZ",
  burma: "MM",
};

/** What a qualifier after the city name allows. */
type Qualifier = { regions: ReadonlySet<string> } | { foreign: string };

/** One way of reading a query: the locality's name and what narrows it. */
export interface Reading {
  name: string;
  /** The US/CA regions the locality must be in (undefined: any). */
  regions?: ReadonlySet<string>;
  /** A country outside the US and Canada that the text names. */
  foreign?: string;
  /** Text after a comma that is no region or country we know ("Paris, Île-de-France"). */
  unknown?: boolean;
  /** How far this reading is from the text as typed (0: the whole text is the name). */
  rank: number;
}

function regionsOf(country: Country): Set<string> {
  return new Set([...REGIONS.values()].filter((r) => r.country === country).map((r) => r.code));
}

export interface QueryReader {
  /** Ways to read a query, most likely first. `partial`: its last word may be unfinished. */
  readings(text: string, options: { partial: boolean }): Reading[];
  /** The served region a normalised text names ("ontario", "on"), if any. */
  regionNamed(text: string): string | undefined;
  /** True when the text names a served region or any country, not a locality. */
  namesRegionOrCountry(text: string): boolean;
}

/** Longer texts are read only as a whole name (splitting them costs more, finds nothing). */
const MAX_WORDS = 10;

/** A reader for queries, knowing the ISO codes of the countries in the data. */
export function createQueryReader(countryCodes: Iterable<string>): QueryReader {
  const regionByName = new Map<string, string>();
  for (const region of REGIONS.values()) {
    regionByName.set(region.code.toLowerCase(), region.code);
    regionByName.set(normalizeForSearch(region.name), region.code);
  }
  for (const [alias, code] of Object.entries(REGION_ALIASES)) regionByName.set(alias, code);

  const countryByName = new Map<string, string>();
  const displayNames = new Intl.DisplayNames(["en"], { type: "region" });
  for (const code of new Set([...countryCodes, "US", "CA", "GB"])) {
    countryByName.set(code.toLowerCase(), code);
    const name = displayNames.of(code);
    if (name && name !== code) countryByName.set(normalizeForSearch(name), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countryByName.set(alias, code);
  const served = { US: regionsOf("US"), CA: regionsOf("CA") };

  const countryQualifier = (code: string): Qualifier =>
    code === "US" || code === "CA" ? { regions: served[code] } : { foreign: code };

  function qualifier(text: string, partial: boolean): Qualifier[] {
    const found: Qualifier[] = [];
    const region = regionByName.get(text);
    if (region) found.push({ regions: new Set([region]) });
    const country = countryByName.get(text);
    if (country) found.push(countryQualifier(country));
    if (found.length > 0 || !partial || text === "") return found;
    // Still typing the region: "denver, co" while heading for "Colorado".
    const regions = new Set<string>();
    for (const [name, code] of regionByName) if (name.startsWith(text)) regions.add(code);
    for (const name of ["united states", "usa", "canada"]) {
      const code = countryByName.get(name);
      if (name.startsWith(text) && code) for (const r of served[code as Country]) regions.add(r);
    }
    return regions.size > 0 ? [{ regions }] : [];
  }

  /** Combines the qualifiers of a reading: regions intersect, a foreign country wins. */
  function combine(name: string, qualifiers: Qualifier[], rank: number): Reading | undefined {
    const reading: Reading = { name, rank };
    for (const q of qualifiers) {
      if ("foreign" in q) reading.foreign = q.foreign;
      else
        reading.regions = reading.regions
          ? new Set([...reading.regions].filter((code) => q.regions.has(code)))
          : q.regions;
    }
    return reading.regions?.size === 0 ? undefined : reading;
  }

  /** Every way to read `words` as one or two qualifiers. */
  function qualifierRuns(words: string[], partial: boolean): Qualifier[][] {
    const runs = qualifier(words.join(" "), partial).map((q) => [q]);
    for (let cut = 1; cut < words.length; cut++) {
      for (const first of qualifier(words.slice(0, cut).join(" "), false)) {
        for (const second of qualifier(words.slice(cut).join(" "), partial)) {
          runs.push([first, second]);
        }
      }
    }
    return runs;
  }

  function readings(text: string, { partial }: { partial: boolean }): Reading[] {
    const parts = text.split(",").map(normalizeForSearch).filter(Boolean);
    const [name, ...rest] = parts;
    if (name === undefined) return [];
    const found: Reading[] = [];
    if (rest.length > 0) {
      // "City, Region[, Country]": the parts after the first are qualifiers.
      let runs: Qualifier[][] = [[]];
      rest.forEach((part, index) => {
        const options = qualifier(part, partial && index === rest.length - 1);
        runs = runs.flatMap((run) => options.map((q) => [...run, q]));
      });
      if (runs.length === 0) return [{ name, rank: 0, unknown: true }];
      for (const run of runs) {
        const reading = combine(name, run, 0);
        if (reading) found.push(reading);
      }
      return found;
    }
    found.push({ name, rank: 0 });
    // "City Region": try every split, the shortest qualifier first.
    const words = name.split(" ");
    if (words.length > MAX_WORDS) return found;
    for (let cut = words.length - 1; cut >= 1; cut--) {
      for (const run of qualifierRuns(words.slice(cut), partial)) {
        const reading = combine(words.slice(0, cut).join(" "), run, 1);
        if (reading) found.push(reading);
      }
    }
    return found;
  }

  function namesRegionOrCountry(text: string): boolean {
    const normalized = normalizeForSearch(text);
    return regionByName.has(normalized) || countryByName.has(normalized);
  }

  return {
    readings,
    regionNamed: (text) => regionByName.get(text),
    namesRegionOrCountry,
  };
}
