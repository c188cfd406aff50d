/**
 * The pros a homeowner may choose for a request: the businesses that work in
 * the request's category (and service, when they list services) and serve
 * its place, either by listing it or by a radius around their base place.
 *
 * The order is published (PRODUCT.md, honest signals; /how-we-rank-pros),
 * and nobody pays for a place in it: real profiles before sample listings,
 * then the score of ranking.ts (the Bayesian average of verified reviews,
 * the answer rate, the median time to answer, the distance), then more
 * reviews, then by name. Every business shows its own figures: a real one
 * the mean and count of its published verified reviews and its answer
 * figures, a sample listing its sample rating (both labelled).
 *
 * The business seeded for a demo contractor belongs to one browser (decision
 * 017): it is offered only to its own owner, so no visitor's request ever
 * reaches it. A business a person creates (/pro/join) is offered to everyone
 * its area and trades fit, in local mode too. A business an operator
 * suspended is offered to nobody, its owner included (issue 21). A business
 * taking a break (its own pause, its weekly limit reached, or paused for
 * inactivity: availability.server.ts) is left out of the choice until its
 * pause ends; listings keep it, with the line that says until when.
 */
import { and, arrayContains, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { findCity, placeLabel } from "~/features/places/index.server";
import { loadGazetteer, type Place } from "~/features/places/index.server";
import type { Database } from "~/lib/db.server";
import { categoryOfService, isCategorySlug, isServiceSlug, type CategorySlug } from "~/site";
import { contractors, type DistanceUnit } from "../../../database/schema";
import { takingRequests } from "./availability.server";
import { answerRecordOf, rankAnswersOf, type AnswerRecord } from "./answer-figures";
import { answerFiguresOf } from "./answer-rates.server";
import { kmBetween, withinRadius } from "~/lib/distance";
import { distanceShown, type DistanceShown } from "./distance-shown";
import { rankPros } from "./ranking";

export { kmBetween };

/** The choice shows at most this many pros (the homeowner ticks up to 3 of them). */
export const MAX_PROS_OFFERED = 6;

export interface ProChoice {
  id: string;
  slug: string;
  name: string;
  isSample: boolean;
  /**
   * The rating shown, one decimal, and its count: a real business's verified
   * reviews (0 and 0 before the first: "No reviews yet"), a sample listing's
   * sample figures (labelled as such).
   */
  rating: number;
  reviewCount: number;
  yearsInBusiness: number | null;
  /** The state or province of its declared licence. */
  licenceRegion: string | null;
  /**
   * From the business's base city to the request's place, in the request
   * country's unit, or "based in" its base when that is under one unit away;
   * null when either place is unknown, and for a sample listing (distance-shown.ts).
   */
  distance: DistanceShown | null;
  /** Its answer rate and time, as every page shows them (answer-figures.ts). */
  answers: AnswerRecord;
}

/**
 * A pro on offer as the choose-pros step shows it: its answer figures and its
 * distance already in words, in the page's language (choice.server.ts), so the
 * browser needs none of their messages.
 */
export type OfferedPro = Omit<ProChoice, "answers" | "distance"> & {
  answerLine: string;
  /** "12 mi away", "Based in Denver, CO", or null (distance-shown.ts). */
  distanceLine: string | null;
};

/** Where and what a request is about, as the lead stores it. */
export interface RequestScope {
  citySlug: string | null;
  postalCode: string | null;
  service: string | null;
}

export function categoryOf(service: string | null): CategorySlug | null {
  if (!service) return null;
  if (isCategorySlug(service)) return service;
  return isServiceSlug(service) ? categoryOfService(service) : null;
}

/** The request's place: its city, else its ZIP or postal code's. */
export async function placeOf(scope: RequestScope): Promise<Place | undefined> {
  const city = await findCity(scope.citySlug ?? undefined);
  if (city) return city;
  return scope.postalCode ? (await loadGazetteer()).byPostalCode(scope.postalCode) : undefined;
}

/**
 * Businesses a person may be offered: not another browser's seeded demo
 * business, and none that is suspended.
 */
export function offeredTo(viewerId: string | null): SQL | undefined {
  const listed = eq(contractors.demoOnly, false);
  return and(
    isNull(contractors.suspendedAt),
    viewerId ? or(listed, eq(contractors.ownerId, viewerId)) : listed,
  );
}

/** What the published order needs of a business, besides its id. */
export interface RankCandidate {
  id: string;
  isSample: boolean;
  name: string;
  reviewCount: number;
  reviewStars: number;
  /** From the request's (or page's) place to the business's base; null when unknown. */
  km: number | null;
}

/**
 * The candidates in the published order (ranking.ts), each with its answer
 * figures as pages show them: the figures are read in one query for all of
 * them, at `now`, and the order scores what the cards say.
 */
export async function inPublishedOrder<T extends RankCandidate>(
  db: Database,
  candidates: readonly T[],
  now: Date = new Date(),
): Promise<(T & { answers: AnswerRecord })[]> {
  const figures = await answerFiguresOf(
    db,
    candidates.map((candidate) => candidate.id),
    now,
  );
  return rankPros(
    candidates.map((candidate) => {
      const counted = figures.get(candidate.id);
      return {
        candidate,
        answers: counted ? answerRecordOf(counted, candidate.isSample) : { shown: "new" as const },
        isSample: candidate.isSample,
        name: candidate.name,
        reviewCount: candidate.reviewCount,
        reviewStars: candidate.reviewStars,
        ...(counted
          ? rankAnswersOf(counted, candidate.isSample)
          : { answerRate: null, medianResponseHours: null }),
        km: candidate.km,
      };
    }),
  ).map(({ candidate, answers }) => ({ ...candidate, answers }));
}

/** Who is served at which instant: the choice leaves paused businesses out, a listing keeps them. */
export interface ServingOptions {
  /** The instant pauses and answer figures are read at (tests move it); the wall clock when absent. */
  now?: Date;
  /** Keep businesses taking no new requests (a listing shows them, with their line). */
  keepPaused?: boolean;
}

/**
 * Up to `limit` businesses serving the request, in the published order.
 * Empty when the request has no known place or service.
 */
export async function prosServing(
  db: Database,
  scope: RequestScope,
  viewerId: string | null,
  limit = MAX_PROS_OFFERED,
  options: ServingOptions = {},
): Promise<ProChoice[]> {
  const category = categoryOf(scope.service);
  const place = await placeOf(scope);
  if (!category || !place) return [];
  const serviceFilter =
    scope.service && isServiceSlug(scope.service)
      ? or(
          sql`cardinality(${contractors.services}) = 0`,
          arrayContains(contractors.services, [scope.service]),
        )
      : undefined;
  const rows = await db
    .select({
      id: contractors.id,
      slug: contractors.slug,
      name: contractors.name,
      isSample: contractors.isSample,
      rating: contractors.rating,
      reviewCount: contractors.reviewCount,
      reviewStars: contractors.reviewStars,
      yearsInBusiness: contractors.yearsInBusiness,
      licenceRegion: contractors.licenceRegion,
      citySlugs: contractors.citySlugs,
      basePlace: contractors.basePlace,
      serviceRadius: contractors.serviceRadius,
      radiusUnit: contractors.radiusUnit,
    })
    .from(contractors)
    .where(
      and(
        arrayContains(contractors.categories, [category]),
        serviceFilter,
        offeredTo(viewerId),
        options.keepPaused ? undefined : takingRequests(options.now ?? new Date()),
        or(
          arrayContains(contractors.citySlugs, [place.slug]),
          and(
            isNotNull(contractors.basePlace),
            isNotNull(contractors.serviceRadius),
            eq(contractors.country, place.country),
          ),
        ),
      ),
    );
  const gazetteer = await loadGazetteer();
  const unit: DistanceUnit = place.country === "CA" ? "km" : "mi";
  const serving = rows.flatMap((row) => {
    // Only the base city the business gave: the first city it lists says nothing
    // about where it is (issue 43: every card read "0 mi away").
    const base = row.basePlace ? gazetteer.bySlug(row.basePlace) : undefined;
    const km = base ? kmBetween(base, place) : null;
    const listed = row.citySlugs.includes(place.slug);
    // The same rule names the pages a change to it makes stale (placesInReach, decision 047).
    if (!listed && !withinRadius(km, row.serviceRadius, row.radiusUnit)) return [];
    const baseName = base ? placeLabel(base) : null;
    return [
      {
        choice: {
          id: row.id,
          slug: row.slug,
          name: row.name,
          isSample: row.isSample,
          rating: row.rating,
          reviewCount: row.reviewCount,
          yearsInBusiness: row.yearsInBusiness,
          licenceRegion: row.licenceRegion,
          distance: distanceShown({ km, base: baseName, unit, isSample: row.isSample }),
        } satisfies Omit<ProChoice, "answers">,
        id: row.id,
        isSample: row.isSample,
        name: row.name,
        reviewCount: row.reviewCount,
        reviewStars: row.reviewStars,
        km,
      },
    ];
  });
  return (await inPublishedOrder(db, serving, options.now))
    .slice(0, limit)
    .map(({ choice, answers }) => ({ ...choice, answers }));
}
