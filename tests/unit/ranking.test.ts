/**
 * The published order (issues 22 and 33), written out: the formula's
 * constants, each part at the points the "How we rank pros" page names, the
 * score, and the order with its tie-breaks.
 */
import { describe, expect, it } from "vitest";
import {
  answerRateOf,
  answerRecordOf,
  answerTimeOf,
  inTenOf,
  medianHoursOf,
  rankAnswersOf,
  type AnswerRecord,
} from "../../app/features/marketplace/answer-figures";
import { answerLineIn } from "../../app/features/marketplace/answer-words";
import { i18nFor } from "../../app/lib/i18n.server";
import {
  ANSWER_MIN_RECEIVED,
  answerPart,
  bayesianStars,
  closeness,
  DISTANCE_SCALE_KM,
  NEW_ANSWER_RATE,
  NO_MEDIAN_HOURS,
  PRIOR_REVIEWS,
  PRIOR_STARS,
  RANK_WEIGHTS,
  rankPros,
  rankScore,
  realThenSamples,
  RESPONSE_MIN_ANSWERS,
  RESPONSE_SCALE_HOURS,
  RESPONSE_WINDOW_DAYS,
  responsiveness,
  UNKNOWN_DISTANCE_KM,
  WORKED_EXAMPLE,
  type Rankable,
} from "../../app/features/marketplace/ranking";

const pro = (overrides: Partial<Rankable> & { name: string }): Rankable => ({
  isSample: false,
  reviewCount: 0,
  reviewStars: 0,
  answerRate: null,
  medianResponseHours: null,
  km: null,
  ...overrides,
});

describe("the ranking's constants", () => {
  it("are the published ones", () => {
    expect({ PRIOR_STARS, PRIOR_REVIEWS }).toEqual({ PRIOR_STARS: 4, PRIOR_REVIEWS: 5 });
    expect({ RESPONSE_SCALE_HOURS, NO_MEDIAN_HOURS }).toEqual({
      RESPONSE_SCALE_HOURS: 24,
      NO_MEDIAN_HOURS: 24,
    });
    expect({ RESPONSE_WINDOW_DAYS, RESPONSE_MIN_ANSWERS }).toEqual({
      RESPONSE_WINDOW_DAYS: 90,
      RESPONSE_MIN_ANSWERS: 3,
    });
    expect({ DISTANCE_SCALE_KM, UNKNOWN_DISTANCE_KM }).toEqual({
      DISTANCE_SCALE_KM: 20,
      UNKNOWN_DISTANCE_KM: 20,
    });
    expect({ ANSWER_MIN_RECEIVED, NEW_ANSWER_RATE }).toEqual({
      ANSWER_MIN_RECEIVED: 5,
      NEW_ANSWER_RATE: 0.75,
    });
    expect(RANK_WEIGHTS).toEqual({ rating: 0.5, answerRate: 0.2, response: 0.15, distance: 0.15 });
    expect(
      RANK_WEIGHTS.rating + RANK_WEIGHTS.answerRate + RANK_WEIGHTS.response + RANK_WEIGHTS.distance,
    ).toBeCloseTo(1, 12);
  });
});

describe("the Bayesian rating", () => {
  it("is the prior with no reviews, and moves towards the mean as reviews add up", () => {
    expect(bayesianStars(0, 0)).toBe(4);
    // (5·4 + 10) / (5 + 2)
    expect(bayesianStars(2, 10)).toBeCloseTo(30 / 7, 12);
    // (5·4 + 1) / (5 + 1): one bad review pulls a new pro down a little.
    expect(bayesianStars(1, 1)).toBeCloseTo(3.5, 12);
    expect(bayesianStars(1000, 5000)).toBeCloseTo(5020 / 1005, 12);
    expect(bayesianStars(1000, 5000)).toBeGreaterThan(bayesianStars(10, 50));
  });
});

describe("the answer rate's part", () => {
  it("is the rate, and three quarters for a pro without enough requests", () => {
    expect(answerPart(0.9)).toBe(0.9);
    expect(answerPart(0)).toBe(0);
    expect(answerPart(1)).toBe(1);
    expect(answerPart(null)).toBe(0.75);
    // As far up its scale as the prior puts a pro without reviews on the rating's.
    expect(answerPart(null)).toBe((PRIOR_STARS - 1) / 4);
  });
});

describe("responsiveness and closeness", () => {
  it("halve at a day and at 20 km; unknown counts as a day and as 20 km", () => {
    expect(responsiveness(0)).toBe(1);
    expect(responsiveness(24)).toBe(0.5);
    expect(responsiveness(48)).toBeCloseTo(1 / 3, 12);
    expect(responsiveness(null)).toBe(0.5);
    expect(closeness(0)).toBe(1);
    expect(closeness(20)).toBe(0.5);
    expect(closeness(60)).toBe(0.25);
    expect(closeness(null)).toBe(0.5);
  });

  it("never exceed 1 for a negative figure", () => {
    expect(responsiveness(-3)).toBe(1);
    expect(closeness(-1)).toBe(1);
  });
});

describe("the score", () => {
  it("is 0.5·(B − 1)/4 + 0.2·A + 0.15·R + 0.15·D", () => {
    const parts = rankScore({
      reviewCount: 2,
      reviewStars: 10,
      answerRate: 0.8,
      medianResponseHours: 6,
      km: 10,
    });
    const b = 30 / 7;
    const r = 1 / (1 + 6 / 24);
    const d = 1 / (1 + 10 / 20);
    expect(parts.bayesian).toBeCloseTo(b, 12);
    expect(parts.ratingPart).toBeCloseTo((b - 1) / 4, 12);
    expect(parts.answerPart).toBe(0.8);
    expect(parts.responsiveness).toBeCloseTo(r, 12);
    expect(parts.closeness).toBeCloseTo(d, 12);
    expect(parts.score).toBeCloseTo(0.5 * ((b - 1) / 4) + 0.2 * 0.8 + 0.15 * r + 0.15 * d, 12);
  });

  it("of a new pro with nothing known is 0.5·0.75 + 0.2·0.75 + 0.15·0.5 + 0.15·0.5", () => {
    expect(
      rankScore({
        reviewCount: 0,
        reviewStars: 0,
        answerRate: null,
        medianResponseHours: null,
        km: null,
      }).score,
    ).toBeCloseTo(0.375 + 0.15 + 0.075 + 0.075, 12);
  });

  it("runs from 0 (all one-star, never answering, far away) to 1", () => {
    const best = rankScore({
      reviewCount: 1e9,
      reviewStars: 5e9,
      answerRate: 1,
      medianResponseHours: 0,
      km: 0,
    }).score;
    expect(best).toBeCloseTo(1, 6);
    const worst = rankScore({
      reviewCount: 1e9,
      reviewStars: 1e9,
      answerRate: 0,
      medianResponseHours: 1e12,
      km: 1e12,
    }).score;
    expect(worst).toBeCloseTo(0, 6);
  });
});

describe("the order", () => {
  it("puts real businesses before sample listings, whatever their figures", () => {
    const ranked = rankPros([
      pro({ name: "Sample star", isSample: true, reviewCount: 200, reviewStars: 990, km: 0 }),
      pro({ name: "New real pro", km: 400 }),
    ]);
    expect(ranked.map((p) => p.name)).toEqual(["New real pro", "Sample star"]);
  });

  it("ranks sample listings among themselves by the same score", () => {
    const ranked = rankPros([
      pro({ name: "Sample B", isSample: true, reviewCount: 10, reviewStars: 42 }),
      pro({ name: "Sample A", isSample: true, reviewCount: 100, reviewStars: 480 }),
    ]);
    expect(ranked.map((p) => p.name)).toEqual(["Sample A", "Sample B"]);
  });

  it("puts verified five-star reviews ahead of none, a fast answer ahead of a slow one, the nearer ahead", () => {
    expect(
      rankPros([
        pro({ name: "A without reviews" }),
        pro({ name: "Z with reviews", reviewCount: 3, reviewStars: 15 }),
      ]).map((p) => p.name),
    ).toEqual(["Z with reviews", "A without reviews"]);
    expect(
      rankPros([
        pro({ name: "A slow", medianResponseHours: 48 }),
        pro({ name: "Z fast", medianResponseHours: 1 }),
      ]).map((p) => p.name),
    ).toEqual(["Z fast", "A slow"]);
    expect(
      rankPros([pro({ name: "A far", km: 35 }), pro({ name: "Z near", km: 2 })]).map((p) => p.name),
    ).toEqual(["Z near", "A far"]);
  });

  it("puts a pro that answers 9 in 10 ahead of a new one, and a new one ahead of 6 in 10", () => {
    expect(
      rankPros([
        pro({ name: "A sometimes", answerRate: 0.6 }),
        pro({ name: "B new" }),
        pro({ name: "C reliable", answerRate: 0.9 }),
      ]).map((p) => p.name),
    ).toEqual(["C reliable", "B new", "A sometimes"]);
  });

  it("lets a reliable answerer overtake a faster one that lets requests lapse", () => {
    // 0.2 × (1 − 0.5) = 0.1 of answer rate against 0.15 × (1/(1+1/24) − 1/(1+6/24)) ≈ 0.024 of speed.
    expect(
      rankPros([
        pro({ name: "A fast, unreliable", answerRate: 0.5, medianResponseHours: 1 }),
        pro({ name: "Z slower, reliable", answerRate: 1, medianResponseHours: 6 }),
      ]).map((p) => p.name),
    ).toEqual(["Z slower, reliable", "A fast, unreliable"]);
  });

  it("does not let two perfect reviews outrank a long record of good ones", () => {
    const ranked = rankPros([
      pro({ name: "Two perfect", reviewCount: 2, reviewStars: 10 }),
      pro({ name: "Long record", reviewCount: 60, reviewStars: 282 }),
    ]);
    expect(ranked.map((p) => p.name)).toEqual(["Long record", "Two perfect"]);
  });

  it("breaks a tie by more reviews, then by name", () => {
    // Same Bayesian rating (4.0): the prior's own figures, and none.
    const ranked = rankPros([
      pro({ name: "Birch" }),
      pro({ name: "Alder" }),
      pro({ name: "Cedar", reviewCount: 5, reviewStars: 20 }),
    ]);
    expect(ranked.map((p) => p.name)).toEqual(["Cedar", "Alder", "Birch"]);
  });

  it("returns a new array and leaves the input alone", () => {
    const input = [pro({ name: "B" }), pro({ name: "A" })];
    const ranked = rankPros(input);
    expect(ranked).not.toBe(input);
    expect(input.map((p) => p.name)).toEqual(["B", "A"]);
  });
});

describe("the groups pages show", () => {
  it("are the real businesses, then the sample listings apart, each in the published order", () => {
    const { real, samples } = realThenSamples(
      rankPros([
        pro({
          name: "Sample Mile High Roofing",
          isSample: true,
          reviewCount: 127,
          reviewStars: 610,
        }),
        pro({ name: "Mile High Roofing Co.", km: 3 }),
        pro({ name: "Sample Front Range", isSample: true, reviewCount: 20, reviewStars: 80 }),
        pro({ name: "Boulder Roofing", reviewCount: 40, reviewStars: 195, km: 40 }),
      ]),
    );
    expect(real.map((p) => p.name)).toEqual(["Boulder Roofing", "Mile High Roofing Co."]);
    expect(samples.map((p) => p.name)).toEqual(["Sample Mile High Roofing", "Sample Front Range"]);
  });

  it("hold every pro once, and nothing when there is none of a kind", () => {
    const only = [pro({ name: "Real only" })];
    expect(realThenSamples(only)).toEqual({ real: only, samples: [] });
    expect(realThenSamples([])).toEqual({ real: [], samples: [] });
  });
});

describe("the worked example on /how-we-rank-pros", () => {
  it("has three pros whose order differs from their alphabetical one", () => {
    const names = WORKED_EXAMPLE.map((p) => p.name);
    const order = rankPros(WORKED_EXAMPLE).map((p) => p.name);
    expect(order).toHaveLength(3);
    expect(order).not.toEqual([...names].sort());
    expect(order).toEqual(["Pro B", "Pro A", "Pro C"]);
  });
});

describe("the answer figures as pages show them", () => {
  const counted = (received: number, answeredInTime: number, answered = answeredInTime) => ({
    received,
    answeredInTime,
    answered,
    medianSeconds: answered === 0 ? null : 3 * 3600,
  });

  it("count from 5 requests, the median from 3 answers as well", () => {
    expect(answerRateOf(counted(4, 4))).toBeNull();
    expect(answerRateOf(counted(5, 4))).toBe(0.8);
    expect(medianHoursOf(counted(4, 4))).toBeNull();
    expect(medianHoursOf(counted(5, 2))).toBeNull();
    expect(medianHoursOf(counted(5, 3))).toBe(3);
    expect(answerRecordOf(counted(4, 4), false)).toEqual({ shown: "new" });
    expect(answerRecordOf(counted(5, 2), false)).toEqual({
      shown: "counted",
      inTen: 4,
      within: null,
    });
    expect(answerRecordOf(counted(5, 3), true)).toEqual({ shown: "sample" });
    expect(rankAnswersOf(counted(10, 9), true)).toEqual({
      answerRate: null,
      medianResponseHours: null,
    });
    expect(rankAnswersOf(counted(10, 9), false)).toEqual({
      answerRate: 0.9,
      medianResponseHours: 3,
    });
  });

  it("round the rate to the nearest tenth, 10 only for all and 0 only for none", () => {
    expect([0, 0.01, 0.04, 0.05, 0.14, 0.15, 0.5, 0.85, 0.949, 0.95, 0.99, 1].map(inTenOf)).toEqual(
      [0, 1, 1, 1, 1, 2, 5, 9, 9, 9, 9, 10],
    );
  });

  it("round the time up: 5 minutes, then hours to a day, then days", () => {
    const at = (seconds: number) => answerTimeOf(seconds);
    expect(at(0)).toEqual({ count: 5, unit: "minutes" });
    expect(at(5 * 60)).toEqual({ count: 5, unit: "minutes" });
    expect(at(5 * 60 + 1)).toEqual({ count: 10, unit: "minutes" });
    expect(at(55 * 60)).toEqual({ count: 55, unit: "minutes" });
    expect(at(55 * 60 + 1)).toEqual({ count: 1, unit: "hours" });
    expect(at(3 * 3600)).toEqual({ count: 3, unit: "hours" });
    expect(at(3 * 3600 + 1)).toEqual({ count: 4, unit: "hours" });
    expect(at(24 * 3600)).toEqual({ count: 24, unit: "hours" });
    expect(at(24 * 3600 + 1)).toEqual({ count: 2, unit: "days" });
    expect(at(47.5 * 3600)).toEqual({ count: 2, unit: "days" });
  });

  it("say one sentence in each language", () => {
    const line = (locale: "en" | "es" | "fr", record: AnswerRecord) =>
      answerLineIn(i18nFor(locale), record);
    const usual: AnswerRecord = { shown: "counted", inTen: 9, within: { count: 3, unit: "hours" } };
    expect(line("en", usual)).toBe("Usually answers within 3 hours · answers 9 in 10 requests");
    expect(line("en", { ...usual, within: { count: 1, unit: "hours" } })).toBe(
      "Usually answers within 1 hour · answers 9 in 10 requests",
    );
    expect(line("en", { ...usual, within: { count: 15, unit: "minutes" } })).toBe(
      "Usually answers within 15 minutes · answers 9 in 10 requests",
    );
    expect(line("en", { ...usual, within: { count: 2, unit: "days" } })).toBe(
      "Usually answers within 2 days · answers 9 in 10 requests",
    );
    expect(line("en", { shown: "counted", inTen: 4, within: null })).toBe(
      "Answers 4 in 10 requests",
    );
    expect(line("en", { shown: "new" })).toBe("New on TradeMatch");
    expect(line("en", { shown: "sample" })).toBe("No answer figures: sample listing");
    for (const locale of ["es", "fr"] as const) {
      for (const record of [
        usual,
        { ...usual, within: { count: 1, unit: "days" as const } },
        { shown: "counted" as const, inTen: 4, within: null },
        { shown: "new" as const },
        { shown: "sample" as const },
      ]) {
        const said = line(locale, record);
        expect(said).not.toBe(line("en", record));
        expect(said).not.toMatch(/answers|requests|sample listing|Usually/);
      }
    }
  });
});
