/**
 * The published order of pros (issue 22): in the choose-pros step, on
 * listings and on city pages. Free of server code: the "How we rank pros"
 * page (/how-we-rank-pros) states these constants and works its example with
 * these functions, so the page and the order can never disagree.
 *
 * Nobody pays for a place. Real businesses come before sample listings;
 * within each group a pro's score blends three things:
 *
 * - Rating: a Bayesian average of its verified reviews, as if every pro also
 *   had PRIOR_REVIEWS reviews of PRIOR_STARS stars, so two five-star reviews
 *   do not outrank forty good ones.
 * - Responsiveness: how quickly it answers requests (the median over the
 *   last RESPONSE_WINDOW_DAYS days, once it has RESPONSE_MIN_ANSWERS answers).
 * - Closeness: the distance from the place of the request (or page) to its base.
 *
 * Sample listings are ranked among themselves the same way, with their
 * sample figures. Ties go to more reviews, then the name.
 */

/** The prior's stars (m): a pro with no reviews counts as rated this. */
export const PRIOR_STARS = 4;

/** The prior's weight (C), in reviews: "as if every pro also had 5 reviews of 4 stars". */
export const PRIOR_REVIEWS = 5;

/** Responsiveness halves at this median time to answer, in hours. */
export const RESPONSE_SCALE_HOURS = 24;

/** The median assumed for a pro without one yet (too few recent answers), in hours. */
export const NO_MEDIAN_HOURS = 24;

/** Answers given this many days back count towards a pro's median time to answer. */
export const RESPONSE_WINDOW_DAYS = 90;

/** A median needs at least this many answers in the window; fewer count as none. */
export const RESPONSE_MIN_ANSWERS = 3;

/** Closeness halves at this distance, in km. */
export const DISTANCE_SCALE_KM = 20;

/** The distance assumed when a pro's base or the place is unknown, in km. */
export const UNKNOWN_DISTANCE_KM = 20;

/** How much each part counts in the score (they add up to 1). */
export const RANK_WEIGHTS = { rating: 0.6, response: 0.25, distance: 0.15 } as const;

/** The stars a rating runs between. */
export const STAR_RANGE = { min: 1, max: 5 } as const;

export const KM_PER_MILE = 1.609344;

/** What the score of one pro is computed from. */
export interface RankFigures {
  /** Published reviews counted (a sample listing's sample count). */
  reviewCount: number;
  /** The sum of their stars (contractors.review_stars). */
  reviewStars: number;
  /** Median hours to answer a request; null without enough recent answers. */
  medianResponseHours: number | null;
  /** From the place to the pro's base; null when unknown. */
  km: number | null;
}

/** B = (C·m + S) / (C + n): the rating pulled towards the prior when there are few reviews. */
export function bayesianStars(reviewCount: number, reviewStars: number): number {
  return (PRIOR_REVIEWS * PRIOR_STARS + reviewStars) / (PRIOR_REVIEWS + reviewCount);
}

/** R = 1 / (1 + h/24): 1 for an instant answer, 0.5 at a day, lower the longer it takes. */
export function responsiveness(medianHours: number | null): number {
  const hours = Math.max(0, medianHours ?? NO_MEDIAN_HOURS);
  return 1 / (1 + hours / RESPONSE_SCALE_HOURS);
}

/** D = 1 / (1 + km/20): 1 on the spot, 0.5 at 20 km, lower further away. */
export function closeness(km: number | null): number {
  const distance = Math.max(0, km ?? UNKNOWN_DISTANCE_KM);
  return 1 / (1 + distance / DISTANCE_SCALE_KM);
}

export interface ScoreParts {
  /** The Bayesian rating, in stars. */
  bayesian: number;
  /** (B − 1)/4: the Bayesian rating from 0 to 1. */
  ratingPart: number;
  responsiveness: number;
  closeness: number;
  /** 0.6·(B − 1)/4 + 0.25·R + 0.15·D, between 0 and 1. */
  score: number;
}

export function rankScore(figures: RankFigures): ScoreParts {
  const bayesian = bayesianStars(figures.reviewCount, figures.reviewStars);
  const r = responsiveness(figures.medianResponseHours);
  const d = closeness(figures.km);
  const ratingPart = (bayesian - STAR_RANGE.min) / (STAR_RANGE.max - STAR_RANGE.min);
  return {
    bayesian,
    ratingPart,
    responsiveness: r,
    closeness: d,
    score: RANK_WEIGHTS.rating * ratingPart + RANK_WEIGHTS.response * r + RANK_WEIGHTS.distance * d,
  };
}

export interface Rankable extends RankFigures {
  isSample: boolean;
  name: string;
}

/**
 * The pros in the published order (a new array): real businesses before
 * sample listings, then the higher score, then more reviews, then the name.
 */
export function rankPros<T extends Rankable>(pros: readonly T[]): T[] {
  const scored = pros.map((pro) => ({ pro, score: rankScore(pro).score }));
  scored.sort(
    (a, b) =>
      Number(a.pro.isSample) - Number(b.pro.isSample) ||
      b.score - a.score ||
      b.pro.reviewCount - a.pro.reviewCount ||
      a.pro.name.localeCompare(b.pro.name, "en"),
  );
  return scored.map(({ pro }) => pro);
}

/** The "How we rank pros" page's worked example: three made-up pros for one request. */
export const WORKED_EXAMPLE: readonly Rankable[] = [
  {
    name: "Pro A",
    isSample: false,
    reviewCount: 2,
    reviewStars: 10,
    medianResponseHours: 30,
    km: 3,
  },
  {
    name: "Pro B",
    isSample: false,
    reviewCount: 40,
    reviewStars: 190,
    medianResponseHours: 4,
    km: 8,
  },
  {
    name: "Pro C",
    isSample: false,
    reviewCount: 0,
    reviewStars: 0,
    medianResponseHours: null,
    km: 30,
  },
];
