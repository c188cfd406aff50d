/**
 * Distances on the map, in one place: who a business serves by its radius
 * (the listings and the choose-pros step: serving-pros.server.ts) and which
 * pages a change to that business makes stale (its reach: the fresh-pages
 * feature, decision 047) must agree to the metre, so both read this rule.
 * Plain code with no server part: the "How we rank pros" page states the mile.
 */
import type { DistanceUnit } from "../../database/enums";

export const KM_PER_MILE = 1.609344;

const EARTH_KM = 6371;

/** Great-circle distance in km (haversine). */
export function kmBetween(
  a: { readonly lat: number; readonly lon: number },
  b: { readonly lat: number; readonly lon: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The degrees of latitude a great circle of `km` spans at most: every point
 * within `km` of a place lies within this many degrees north or south of it.
 */
export const latitudeSpan = (km: number): number => (km / EARTH_KM) * (180 / Math.PI);

/** A business's radius in km (it is stored in the unit of its country). */
export const radiusKm = (radius: number, unit: DistanceUnit): number =>
  radius * (unit === "km" ? 1 : KM_PER_MILE);

/**
 * Whether a place `km` from a business's base is in its reach: the
 * business serves a radius (null: it lists its cities only) and the place is
 * no farther than it. `km` is kmBetween(base, place), in that order.
 */
export function withinRadius(
  km: number | null,
  radius: number | null,
  unit: DistanceUnit,
): boolean {
  return km !== null && radius !== null && km <= radiusKm(radius, unit);
}
