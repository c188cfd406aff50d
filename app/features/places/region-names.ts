/**
 * The names of the served states, DC, provinces and territories, as pages
 * show them (decision 030): "Colorado", "Colombie-Britannique". Keyed by
 * two-letter postal code; the English is the gazetteer's
 * (gazetteer-regions.server.ts; query-reader.server.ts reads typed English names).
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const REGION_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  // United States
  AL: msg`Alabama`,
  AK: msg`Alaska`,
  AZ: msg`Arizona`,
  AR: msg`Arkansas`,
  CA: msg`California`,
  CO: msg`Colorado`,
  CT: msg`Connecticut`,
  DE: msg`Delaware`,
  DC: msg`District of Columbia`,
  FL: msg`Florida`,
  GA: msg`Georgia`,
  HI: msg`Hawaii`,
  ID: msg`Idaho`,
  IL: msg`Illinois`,
  IN: msg`Indiana`,
  IA: msg`Iowa`,
  KS: msg`Kansas`,
  KY: msg`Kentucky`,
  LA: msg`Louisiana`,
  ME: msg`Maine`,
  MD: msg`Maryland`,
  MA: msg`Massachusetts`,
  MI: msg`Michigan`,
  MN: msg`Minnesota`,
  MS: msg`Mississippi`,
  MO: msg`Missouri`,
  MT: msg`Montana`,
  NE: msg`Nebraska`,
  NV: msg`Nevada`,
  NH: msg`New Hampshire`,
  NJ: msg`New Jersey`,
  NM: msg`New Mexico`,
  NY: msg`New York`,
  NC: msg`North Carolina`,
  ND: msg`North Dakota`,
  OH: msg`Ohio`,
  OK: msg`Oklahoma`,
  OR: msg`Oregon`,
  PA: msg`Pennsylvania`,
  RI: msg`Rhode Island`,
  SC: msg`South Carolina`,
  SD: msg`South Dakota`,
  TN: msg`Tennessee`,
  TX: msg`Texas`,
  UT: msg`Utah`,
  VT: msg`Vermont`,
  VA: msg`Virginia`,
  WA: msg`Washington`,
  WV: msg`West Virginia`,
  WI: msg`Wisconsin`,
  WY: msg`Wyoming`,

  // Canada
  AB: msg`Alberta`,
  BC: msg`British Columbia`,
  MB: msg`Manitoba`,
  NB: msg`New Brunswick`,
  NL: msg`Newfoundland and Labrador`,
  NS: msg`Nova Scotia`,
  ON: msg`Ontario`,
  PE: msg`Prince Edward Island`,
  QC: msg`Quebec`,
  SK: msg`Saskatchewan`,
  YT: msg`Yukon`,
  NT: msg`Northwest Territories`,
  NU: msg`Nunavut`,
};

/** A region's name in the language of `i18n`; `fallback` (the gazetteer's) for a code not listed. */
export function regionName(code: string, fallback: string, i18n: I18n): string {
  const name = Object.hasOwn(REGION_NAMES, code) ? REGION_NAMES[code] : undefined;
  return name ? i18n._(name) : fallback;
}
