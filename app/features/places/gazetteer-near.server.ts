/**
 * The places within a distance of a point (a business's reach: decision
 * 047). The places are sorted by latitude once; a look-up takes the band of
 * latitudes a circle of that radius can touch (binary search) and keeps the
 * places whose great-circle distance from the point is within it. The
 * distance is the same function, with the point first, as the listings use
 * (~/lib/distance), so both agree on every place at the edge.
 */
import { kmBetween, latitudeSpan } from "~/lib/distance";
import type { Place } from "./place";

export type NearLookup = (center: Pick<Place, "lat" | "lon">, km: number) => Place[];

/** The first index whose latitude is at least `lat` (places sorted by latitude). */
function firstFrom(sorted: readonly Place[], lat: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle]?.lat ?? Infinity) < lat) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function createNearLookup(places: readonly Place[]): NearLookup {
  const sorted = [...places].sort((a, b) => a.lat - b.lat);
  return (center, km) => {
    if (!(km >= 0)) return [];
    // A little more than the span: the band only narrows the search, the distance decides.
    const span = latitudeSpan(km) + 0.01;
    const found: Place[] = [];
    for (let i = firstFrom(sorted, center.lat - span); i < sorted.length; i++) {
      const place = sorted[i];
      if (!place || place.lat > center.lat + span) break;
      if (kmBetween(center, place) <= km) found.push(place);
    }
    return found;
  };
}
