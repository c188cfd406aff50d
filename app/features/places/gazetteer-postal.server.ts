/**
 * Postal codes to places, from the `zipcodes` package: a US ZIP (or ZIP+4)
 * names its USPS city and state, a Canadian postal code's first three
 * characters (the FSA) a point and a list of neighbourhoods.
 */
import { createRequire } from "node:module";
import type { Place } from "./gazetteer.server";
import { normalizeForSearch } from "./normalize";

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipCodes {
  lookup(code: string): ZipRecord | undefined;
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
 * The lookup. The `zipcodes` data (44k records, about 0.4 s and 30 MB to
 * load) is read on the first postal code asked for, not with the gazetteer:
 * most processes only ever need suggestions and slugs.
 */
export function createPostalLookup(places: PostalPlaces): (code: string) => Place | undefined {
  let zipcodes: ZipCodes | undefined;

  return (code) => {
    zipcodes ??= createRequire(import.meta.url)("zipcodes") as ZipCodes;
    const text = code.trim().toUpperCase();
    const zip = US_ZIP.exec(text)?.[1];
    if (zip) {
      const record = zipcodes.lookup(zip);
      if (record?.country !== "US") return undefined;
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
    const record = zipcodes.lookup(fsa);
    if (record?.country !== "Canada") return undefined;
    return owner(
      regions.flatMap((region) => places.inRegion(region)),
      record.latitude,
      record.longitude,
    );
  };
}
