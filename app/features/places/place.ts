import type { Country } from "./gazetteer-regions.server";

/** A city or town of the gazetteer (its own module: the lookups built from it import it). */
export interface Place {
  /** Stable: `gn:<GeoNames id>`. */
  id: string;
  /** Display name with accents: "Montréal", "St. John's". */
  name: string;
  /** Two-letter postal code: "QC", "NL", "CO". */
  region: string;
  regionName: string;
  country: Country;
  population: number;
  lat: number;
  lon: number;
  /** Spec §9: "denver-co", "st-johns-nl", "montreal-qc". */
  slug: string;
}
