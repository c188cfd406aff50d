/**
 * The contractor directory, read by city and category: what listings, search
 * results and city pages show. A listing has the businesses the marketplace
 * offers for that place and service (prosServing: a city they list or a
 * radius around their base, in its published order, real profiles first).
 * No page lists the business seeded for a demo account (demoOnly), nor a
 * business an operator suspended. A card carries only the contact details
 * its business chose to show, and the licence and insurance checks that
 * hold today (read with each request: an expiry needs no job). A business
 * taking a break stays listed, with the day it takes new requests again.
 */
import { and, arrayContains, eq, inArray, isNull } from "drizzle-orm";
import {
  inPublishedOrder,
  kmBetween,
  pausesOf,
  prosServing,
  type AnswerRecord,
  type Pause,
} from "~/features/marketplace/index.server";
import { loadGazetteer } from "~/features/places/index.server";
import { findCity } from "~/features/places/index.server";
import type { Database } from "~/lib/db.server";
import type { CategorySlug } from "~/site";
import { contractors } from "../../../database/schema";
import { NOT_VERIFIED, type Verified } from "./verification";
import { verifiedFor } from "./verification.server";

export type ContractorRow = typeof contractors.$inferSelect;

export interface ContractorCardData {
  id: string;
  slug: string;
  name: string;
  description: string;
  /**
   * The rating shown and its count: a real business's published verified
   * reviews (0 and 0 before the first), a sample listing's sample figures.
   */
  rating: number;
  reviewCount: number;
  features: string[];
  /** Empty when the business does not show it. */
  phone: string;
  /** Empty when the business does not show it. */
  email: string;
  /** Empty when the business does not show it. */
  address: string;
  gallery: string[];
  categories: string[];
  isSample: boolean;
  /** Someone manages the business (no "Is this your business?" then). */
  owned: boolean;
  /** An operator's checks that hold today (see verification.ts). */
  verified: Verified;
  /** Its answer rate and time, as the profile and the choose-pros step show them. */
  answers: AnswerRecord;
  /** Taking no new requests now (and until when), or null. */
  pause: Pause | null;
}

function toCard(
  row: ContractorRow,
  verified: Verified = NOT_VERIFIED,
  pause: Pause | null = null,
  answers: AnswerRecord = { shown: "new" },
): ContractorCardData {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    rating: row.rating,
    reviewCount: row.reviewCount,
    features: row.features,
    phone: row.showPhone ? row.phone : "",
    email: row.showEmail ? row.email : "",
    address: row.showAddress ? row.address : "",
    gallery: row.gallery,
    categories: row.categories,
    isSample: row.isSample,
    owned: row.ownerId !== null,
    verified,
    pause,
    answers,
  };
}

/** The cards of these rows (ranked, with their answers), each with the checks that hold today and its pause now. */
async function toCards(
  db: Database,
  rows: (ContractorRow & { answers: AnswerRecord })[],
): Promise<ContractorCardData[]> {
  const ids = rows.map((row) => row.id);
  const [verified, pauses] = await Promise.all([
    verifiedFor(db, ids),
    pausesOf(db, ids, new Date()),
  ]);
  return rows.map((row) => toCard(row, verified.get(row.id), pauses.get(row.id), row.answers));
}

/** Every business serving a place, with no limit: a listing shows them all. */
const ALL_SERVING = Number.POSITIVE_INFINITY;

/**
 * Contractors serving a city in a category (and the service, when a service
 * slug of it is given), in the marketplace's published order.
 */
export async function contractorsFor(
  db: Database,
  citySlug: string,
  category: CategorySlug,
  service?: string,
  now: Date = new Date(),
): Promise<ContractorCardData[]> {
  const serving = await prosServing(
    db,
    { citySlug, postalCode: null, service: service ?? category },
    null,
    ALL_SERVING,
    { keepPaused: true, now },
  );
  if (serving.length === 0) return [];
  const rows = await db
    .select()
    .from(contractors)
    .where(
      inArray(
        contractors.id,
        serving.map((pro) => pro.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toCards(
    db,
    serving.flatMap((pro) => {
      const row = byId.get(pro.id);
      return row ? [{ ...row, answers: pro.answers }] : [];
    }),
  );
}

/**
 * Every contractor listing a city, in the marketplace's published order
 * (ranking.ts: real profiles first, then verified rating, time to answer and
 * distance from the city to the business's base city). None suspended, no demo
 * business.
 */
export async function contractorsInCity(
  db: Database,
  citySlug: string,
): Promise<ContractorCardData[]> {
  const rows = await db
    .select()
    .from(contractors)
    .where(
      and(
        arrayContains(contractors.citySlugs, [citySlug]),
        eq(contractors.demoOnly, false),
        isNull(contractors.suspendedAt),
      ),
    );
  if (rows.length === 0) return [];
  const [city, gazetteer] = await Promise.all([findCity(citySlug), loadGazetteer()]);
  const ranked = await inPublishedOrder(
    db,
    rows.map((row) => {
      // The base city it gave, or none known (never the first city it lists).
      const base = row.basePlace ? gazetteer.bySlug(row.basePlace) : undefined;
      return { ...row, km: city && base ? kmBetween(base, city) : null };
    }),
  );
  return toCards(db, ranked);
}

export async function contractorById(db: Database, id: string): Promise<ContractorRow | undefined> {
  const [row] = await db.select().from(contractors).where(eq(contractors.id, id));
  return row;
}
