/**
 * The zones a person's times are read in (issues 34, 42): a job's, which is
 * its request's city's (else the business's own, as a visit's is), and a
 * business's own, its visit settings' zone (else its base place's), which the
 * pro sees beside the job's. One reader per page: a list of many threads
 * reads each business's settings once.
 */
import type { Database } from "~/lib/db.server";
import { COUNTRY_ZONES, visitSettingsOf, zoneOfCity } from "./settings.server";

export interface ZoneReader {
  /** The business's own zone. */
  business(contractorId: string): Promise<string>;
  /** The job's zone: its city's, else the business's (else the most populous zone's, as a business's). */
  job(citySlug: string | null, contractorId: string | null): Promise<string>;
}

export function zoneReader(db: Database): ZoneReader {
  const businesses = new Map<string, Promise<string>>();
  const business = (contractorId: string) => {
    let zone = businesses.get(contractorId);
    if (!zone) {
      zone = visitSettingsOf(db, contractorId).then((settings) => settings.timeZone);
      businesses.set(contractorId, zone);
    }
    return zone;
  };
  return {
    business,
    job: async (citySlug, contractorId) =>
      (await zoneOfCity(citySlug)) ??
      (contractorId ? await business(contractorId) : COUNTRY_ZONES.US),
  };
}
