/**
 * A business's reach: the places it serves by the radius around its base,
 * besides the cities it lists. The rule is the listings' own (prosServing:
 * a base the gazetteer knows, a radius, the business's country, and
 * kmBetween(base, place) within the radius; ~/lib/distance), so the pages a
 * change to the business makes stale are exactly those that can show it
 * (decision 047).
 */
import type { DistanceUnit } from "../../../database/enums";
import { radiusKm } from "~/lib/distance";
import { loadGazetteer, type Country, type Place } from "./gazetteer.server";

/** Where a business works by radius, as its row holds it. */
export interface ServiceArea {
  basePlace: string | null;
  serviceRadius: number | null;
  radiusUnit: DistanceUnit;
  country: Country;
}

/** The places within the business's radius (none when it serves no radius). */
export async function placesInReach(area: ServiceArea): Promise<Place[]> {
  if (area.basePlace === null || area.serviceRadius === null) return [];
  const gazetteer = await loadGazetteer();
  const base = gazetteer.bySlug(area.basePlace);
  if (!base) return [];
  return gazetteer
    .near(base, radiusKm(area.serviceRadius, area.radiusUnit))
    .filter((place) => place.country === area.country);
}
