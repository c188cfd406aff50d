/**
 * The published order of pros (issue 22): in the choose-pros step, on
 * listings and on city pages. Free of server code: the "How we rank pros"
 * page (/how-we-rank-pros) states these constants and works its example with
 * these functions, so the page and the order can never disagree.
 *
 * Nobody pays for a place. Real businesses come before sample listings;
 * within each group a pro's score blends four things:
 *
 * - Rating: a Bayesian average of its verified reviews, as if every pro also
 *   had PRIOR_REVIEWS reviews of PRIOR_STARS stars, so two five-star reviews
 *   do not outrank forty good ones.
 * - Answer rate: the share of its requests it answered within the answer
 *   window (issue 33), once it has ANSWER_MIN_RECEIVED of them.
 * - Responsiveness: how quickly it answers (the median time to answer).
 * - Closeness: the distance from the place of the request (or page) to its
 *   base city, the one the business gave (a city it only lists is no base:
 *   the distance is then unknown, and counts as UNKNOWN_DISTANCE_KM).
 *
 * The answer rate and the median are the figures the profile and the cards
 * show ("Usually answers within 3 hours · answers 9 in 10 requests"), read
 * from the requests that reached the business in the last
 * RESPONSE_WINDOW_DAYS days (answer-rates.server.ts):
 *
 * - Received: those requests, except the ones still inside their answer
 *   window unanswered (not decidable yet) and the ones the homeowner closed,
 *   hired someone else for, or removed the pro from before the pro answered
 *   (not the pro's doing).
 * - Answered in time: accepted or declined at or before the part's deadline
 *   (`answer_by`; for parts from before the rule, arrival + ANSWER_WINDOW_HOURS).
 * - Answer rate = answered in time ÷ received; the median time to answer is
 *   over every answer among them (a late one too: leaving it out would flatter).
 * - Both count only from ANSWER_MIN_RECEIVED received requests; before that
 *   the business is "New on TradeMatch" and counts as NEW_ANSWER_RATE and
 *   NO_MEDIAN_HOURS. The median needs RESPONSE_MIN_ANSWERS answers as well.
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

/** Requests that reached a pro this many days back count towards its answer rate and median. */
export const RESPONSE_WINDOW_DAYS = 90;

/** A median needs at least this many answers in the window; fewer count as none. */
export const RESPONSE_MIN_ANSWERS = 3;

/** A pro's answer figures are shown and ranked once this many requests in the window count. */
export const ANSWER_MIN_RECEIVED = 5;

/**
 * The answer rate a pro counts as before it has ANSWER_MIN_RECEIVED requests:
 * three in four, where the prior puts a pro without reviews on the rating's
 * scale ((PRIOR_STARS − 1) ÷ 4). Below a pro that answers nearly every
 * request in time, above one that lets a quarter of them lapse.
 */
export const NEW_ANSWER_RATE = 0.75;

/** Closeness halves at this distance, in km. */
export const DISTANCE_SCALE_KM = 20;

/** The distance assumed when a pro gave no base city, or the place is unknown, in km. */
export const UNKNOWN_DISTANCE_KM = 20;

/** How much each part counts in the score (they add up to 1). */
export const RANK_WEIGHTS = {
  rating: 0.5,
  answerRate: 0.2,
  response: 0.15,
  distance: 0.15,
} as const;

/** The stars a rating runs between. */
export const STAR_RANGE = { min: 1, max: 5 } as const;

export { KM_PER_MILE } from "~/lib/distance";

/** What the score of one pro is computed from. */
export interface RankFigures {
  /** Published reviews counted (a sample listing's sample count). */
  reviewCount: number;
  /** The sum of their stars (contractors.review_stars). */
  reviewStars: number;
  /** Answered in time ÷ received (0 to 1); null with fewer than ANSWER_MIN_RECEIVED received. */
  answerRate: number | null;
  /** Median hours to answer a request; null without enough recent requests and answers. */
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

/** A = the answer rate, or NEW_ANSWER_RATE for a pro without enough requests yet. */
export function answerPart(rate: number | null): number {
  return Math.min(1, Math.max(0, rate ?? NEW_ANSWER_RATE));
}

export interface ScoreParts {
  /** The Bayesian rating, in stars. */
  bayesian: number;
  /** (B − 1)/4: the Bayesian rating from 0 to 1. */
  ratingPart: number;
  answerPart: number;
  responsiveness: number;
  closeness: number;
  /** 0.5·(B − 1)/4 + 0.2·A + 0.15·R + 0.15·D, between 0 and 1. */
  score: number;
}

export function rankScore(figures: RankFigures): ScoreParts {
  const bayesian = bayesianStars(figures.reviewCount, figures.reviewStars);
  const a = answerPart(figures.answerRate);
  const r = responsiveness(figures.medianResponseHours);
  const d = closeness(figures.km);
  const ratingPart = (bayesian - STAR_RANGE.min) / (STAR_RANGE.max - STAR_RANGE.min);
  return {
    bayesian,
    ratingPart,
    answerPart: a,
    responsiveness: r,
    closeness: d,
    score:
      RANK_WEIGHTS.rating * ratingPart +
      RANK_WEIGHTS.answerRate * a +
      RANK_WEIGHTS.response * r +
      RANK_WEIGHTS.distance * d,
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

/**
 * A ranked list as pages show it (issue 43): the real businesses, then the
 * sample listings apart, under their own heading. Each group keeps the
 * published order, and no sample listing is ever placed before a real
 * business, whatever its sample figures.
 */
export function realThenSamples<T extends { isSample: boolean }>(
  ranked: readonly T[],
): { real: T[]; samples: T[] } {
  return {
    real: ranked.filter((pro) => !pro.isSample),
    samples: ranked.filter((pro) => pro.isSample),
  };
}

/** The "How we rank pros" page's worked example: three made-up pros for one request. */
export const WORKED_EXAMPLE: readonly Rankable[] = [
  {
    name: "Pro A",
    isSample: false,
    reviewCount: 2,
    reviewStars: 10,
    answerRate: 0.6,
    medianResponseHours: 30,
    km: 3,
  },
  {
    name: "Pro B",
    isSample: false,
    reviewCount: 40,
    reviewStars: 190,
    answerRate: 0.9,
    medianResponseHours: 4,
    km: 8,
  },
  {
    name: "Pro C",
    isSample: false,
    reviewCount: 0,
    reviewStars: 0,
    answerRate: null,
    medianResponseHours: null,
    km: 30,
  },
];
