/** Businesses with a full public profile, for the profile's data tests. */
import { randomUUID } from "node:crypto";
import type { Database } from "~/lib/db.server";
import { contractors } from "../../database/schema";

type ContractorValues = typeof contractors.$inferInsert;

/**
 * A real business in Denver with every profile field filled in and shown
 * (a roofer working 30 miles around Denver, and in Aurora); override any
 * column. Its slug is unique unless given.
 */
export async function createProfile(
  db: Database,
  overrides: Partial<ContractorValues> = {},
): Promise<{ id: string; slug: string; name: string }> {
  const id = randomUUID();
  const values: ContractorValues = {
    id,
    slug: `peak-line-roofing-${id.slice(0, 8)}`,
    name: "Peak Line Roofing",
    description: "Roof repairs within a week; gutters too.",
    rating: 0,
    reviewCount: 0,
    features: [],
    phone: "+13035550147",
    email: `office-${id}@peakline.example`,
    address: "1200 Larimer St, Denver, CO 80202",
    gallery: [],
    categories: ["roofing"],
    services: ["roof-repair", "gutter-installation"],
    citySlugs: ["aurora-co", "denver-co"],
    country: "US",
    basePlace: "denver-co",
    serviceRadius: 30,
    radiusUnit: "mi",
    yearsInBusiness: 12,
    licenceNumber: "RC-2024-0147",
    licenceRegion: "CO",
    insuranceCarrier: "Acme Mutual",
    hours: "Mon–Fri 7am–6pm",
    showPhone: true,
    showEmail: true,
    showAddress: true,
    isSample: false,
    ownerId: null,
    ...overrides,
  };
  await db.insert(contractors).values(values);
  return { id, slug: values.slug, name: values.name };
}
