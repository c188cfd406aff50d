/**
 * How the gazetteer reads what follows a city name in a query: "Denver, CO",
 * "toronto ontario", "Paris, France", "London UK". The regions themselves
 * are gazetteer-regions.server.ts.
 */
import { REGIONS, type Country } from "./gazetteer-regions.server";
import { normalizeForSearch } from "./normalize";
import { count, type WorkMeter } from "./work-meter";

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
  readings(text: string, options: { partial: boolean; meter?: WorkMeter }): Reading[];
  /** The served region a normalised text names ("ontario", "on"), if any. */
  regionNamed(text: string): string | undefined;
  /** True when the text names a served region or any country, not a locality. */
  namesRegionOrCountry(text: string): boolean;
}

/*
 * The work one query costs is bounded by construction, whatever is typed.
 * (Issue 18: "a,ca,ca,…" was read every way its parts allow; "ca" is both
 * California and Canada, so each part doubled the readings, and a query of
 * 33 parts ran the server out of memory.)
 * - After the name, at most MAX_QUALIFIER_PARTS comma-separated parts are
 *   read ("City, Region, Country" has two); a query with more is text we
 *   don't know, read without looking any part up.
 * - Each part is at most two qualifiers (a region and a country spelled
 *   alike), so the comma form has at most 2 ** MAX_QUALIFIER_PARTS readings.
 * - Without commas, only texts of at most MAX_WORDS words are split, each
 *   into a name and one or two qualifiers: O(MAX_WORDS²) look-ups.
 * - Whatever the rules above allow, at most MAX_READINGS distinct readings
 *   are made, the most likely first, and then the reading stops: the hard cap.
 */

/** Qualifier parts read after the name; more than any real query has ("Denver, CO, USA"). */
export const MAX_QUALIFIER_PARTS = 3;
/** Longer texts are read only as a whole name (splitting them costs more, finds nothing). */
export const MAX_WORDS = 10;
/** The hard cap on the readings of one query (real queries have fewer than ten). */
export const MAX_READINGS = 32;

/** Country names whose start, typed after a city, means any region of the country. */
const COUNTRY_PREFIXES = ["united states", "usa", "canada"];

/** The readings of one query: distinct, in the order found, at most MAX_READINGS. */
class Readings {
  readonly found: Reading[] = [];
  readonly #seen = new Set<string>();

  isFull(): boolean {
    return this.found.length >= MAX_READINGS;
  }

  add(reading: Reading | undefined): void {
    if (!reading || this.isFull()) return;
    const regions = reading.regions ? [...reading.regions].sort().join() : "*";
    const key = [reading.name, regions, reading.foreign ?? "", reading.unknown ?? ""].join("|");
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.found.push(reading);
  }
}

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

  /** What a text after the name can mean: at most two qualifiers (a region, a country). */
  function qualifier(text: string, partial: boolean, meter: WorkMeter | undefined): Qualifier[] {
    count(meter);
    const found: Qualifier[] = [];
    const region = regionByName.get(text);
    if (region) found.push({ regions: new Set([region]) });
    const country = countryByName.get(text);
    if (country) found.push(countryQualifier(country));
    if (found.length > 0 || !partial || text === "") return found;
    // Still typing the region: "denver, co" while heading for "Colorado".
    count(meter, regionByName.size + COUNTRY_PREFIXES.length);
    const regions = new Set<string>();
    for (const [name, code] of regionByName) if (name.startsWith(text)) regions.add(code);
    for (const name of COUNTRY_PREFIXES) {
      const code = countryByName.get(name);
      if (name.startsWith(text) && code) for (const r of served[code as Country]) regions.add(r);
    }
    return regions.size > 0 ? [{ regions }] : [];
  }

  /** Combines the qualifiers of a reading: regions intersect, a foreign country wins. */
  function combine(
    name: string,
    qualifiers: readonly Qualifier[],
    rank: number,
    meter: WorkMeter | undefined,
  ): Reading | undefined {
    count(meter, qualifiers.length + 1);
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

  /** The ways to read `words` (at most MAX_WORDS) as one or two qualifiers. */
  function* qualifierRuns(
    words: readonly string[],
    partial: boolean,
    meter: WorkMeter | undefined,
  ): Generator<Qualifier[]> {
    for (const q of qualifier(words.join(" "), partial, meter)) yield [q];
    for (let cut = 1; cut < words.length; cut++) {
      const firsts = qualifier(words.slice(0, cut).join(" "), false, meter);
      if (firsts.length === 0) continue;
      const seconds = qualifier(words.slice(cut).join(" "), partial, meter);
      for (const first of firsts) for (const second of seconds) yield [first, second];
    }
  }

  function readings(
    text: string,
    { partial, meter }: { partial: boolean; meter?: WorkMeter },
  ): Reading[] {
    // Linear in the text: one pass per comma-separated part.
    const parts = text.split(",").map(normalizeForSearch).filter(Boolean);
    count(meter, parts.length);
    const [name, ...rest] = parts;
    if (name === undefined) return [];
    const found = new Readings();
    if (rest.length > MAX_QUALIFIER_PARTS) return [{ name, rank: 0, unknown: true }];
    if (rest.length > 0) {
      // "City, Region[, Country]": the parts after the first are qualifiers,
      // each one or two, so at most 2 ** MAX_QUALIFIER_PARTS runs.
      let runs: Qualifier[][] = [[]];
      rest.forEach((part, index) => {
        const options = qualifier(part, partial && index === rest.length - 1, meter);
        runs = runs.flatMap((run) => options.map((q) => [...run, q]));
        count(meter, runs.length);
      });
      if (runs.length === 0) return [{ name, rank: 0, unknown: true }];
      for (const run of runs) found.add(combine(name, run, 0, meter));
      return found.found;
    }
    found.add({ name, rank: 0 });
    // "City Region": try every split, the shortest qualifier first.
    const words = name.split(" ");
    if (words.length > MAX_WORDS) return found.found;
    for (let cut = words.length - 1; cut >= 1 && !found.isFull(); cut--) {
      const city = words.slice(0, cut).join(" ");
      for (const run of qualifierRuns(words.slice(cut), partial, meter)) {
        found.add(combine(city, run, 1, meter));
        if (found.isFull()) break;
      }
    }
    return found.found;
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
