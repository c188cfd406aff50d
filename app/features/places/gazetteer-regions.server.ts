/**
 * The regions the site serves: the 50 states, DC and the 13 provinces and
 * territories, by their postal codes. How a query names them is read by
 * query-reader.server.ts.
 */

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
