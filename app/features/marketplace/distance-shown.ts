/**
 * The distance a pro's card shows (issue 43: every card said "0 mi away").
 * Only when both places are known: the base city the business gave (a city
 * it merely lists says nothing about where it is) and the place asked about.
 * Never "0 mi": a base in the place, or less than one unit from it, reads
 * "Based in Denver, CO". A sample listing's places are made up, so it shows
 * none. Plain code: the choose-pros step reads it, and tests/unit checks it.
 * Only the server imports it: the step gets the line in words (choice.server.ts),
 * so its messages stay in the server's catalogue, not the dashboard's.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DistanceUnit } from "../../../database/enums";
import { KM_PER_MILE } from "~/lib/distance";

export type DistanceShown =
  { kind: "away"; value: number; unit: DistanceUnit } | { kind: "based-in"; place: string };

export function distanceShown({
  km,
  base,
  unit,
  isSample,
}: {
  /** From the business's base city to the place; null when either is unknown. */
  km: number | null;
  /** The base city's name as pages write it ("Denver, CO"); null without one. */
  base: string | null;
  /** The unit of the place's country. */
  unit: DistanceUnit;
  isSample: boolean;
}): DistanceShown | null {
  if (isSample || km === null || base === null) return null;
  const value = Math.round(unit === "km" ? km : km / KM_PER_MILE);
  return value < 1 ? { kind: "based-in", place: base } : { kind: "away", value, unit };
}

/**
 * "12 mi away", "19 km away" (one message per unit: languages place it
 * differently), "Based in Denver, CO", or nothing, in the language of `i18n`.
 */
export function distanceLineIn(i18n: I18n, distance: DistanceShown | null): string | null {
  if (!distance) return null;
  if (distance.kind === "based-in") {
    const place = distance.place;
    return i18n._(msg`Based in ${place}`);
  }
  const value = distance.value;
  return i18n._(distance.unit === "km" ? msg`${value} km away` : msg`${value} mi away`);
}
