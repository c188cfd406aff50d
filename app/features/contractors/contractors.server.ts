/** The contractor directory, read by city and category. */
import { and, arrayContains, desc, eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { CategorySlug } from "~/site";
import { contractors } from "../../../database/schema";

export type ContractorRow = typeof contractors.$inferSelect;

export interface ContractorCardData {
  id: string;
  slug: string;
  name: string;
  description: string;
  rating: number;
  reviewCount: number;
  features: string[];
  phone: string;
  email: string;
  address: string;
  gallery: string[];
  categories: string[];
  isSample: boolean;
}

function toCard(row: ContractorRow): ContractorCardData {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    rating: row.rating,
    reviewCount: row.reviewCount,
    features: row.features,
    phone: row.phone,
    email: row.email,
    address: row.address,
    gallery: row.gallery,
    categories: row.categories,
    isSample: row.isSample,
  };
}

/** Contractors serving a city in a category, best rated first. */
export async function contractorsFor(
  db: Database,
  citySlug: string,
  category: CategorySlug,
): Promise<ContractorCardData[]> {
  const rows = await db
    .select()
    .from(contractors)
    .where(
      and(
        arrayContains(contractors.citySlugs, [citySlug]),
        arrayContains(contractors.categories, [category]),
      ),
    )
    .orderBy(desc(contractors.rating), desc(contractors.reviewCount));
  return rows.map(toCard);
}

/** Every contractor serving a city, best rated first. */
export async function contractorsInCity(
  db: Database,
  citySlug: string,
): Promise<ContractorCardData[]> {
  const rows = await db
    .select()
    .from(contractors)
    .where(arrayContains(contractors.citySlugs, [citySlug]))
    .orderBy(desc(contractors.rating), desc(contractors.reviewCount));
  return rows.map(toCard);
}

export async function contractorById(db: Database, id: string): Promise<ContractorRow | undefined> {
  const [row] = await db.select().from(contractors).where(eq(contractors.id, id));
  return row;
}
