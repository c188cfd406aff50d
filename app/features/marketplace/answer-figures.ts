/**
 * A business's answer figures (issue 33), from counts to what the public
 * sees: the answer rate and median time to answer that ranking.ts scores,
 * and their rounding for the profile, the listing cards and the choose-pros
 * cards ("Usually answers within 3 hours · answers 9 in 10 requests"). Free
 * of server code: /how-we-rank-pros states the same rules from here, and
 * answer-rates.server.ts does the counting (ranking.ts says what counts).
 */
import { ANSWER_MIN_RECEIVED, RESPONSE_MIN_ANSWERS } from "./ranking";

/** One business's requests of the window, counted (answer-rates.server.ts). */
export interface AnswerFigures {
  /** Requests that reached it and count (not waiting inside their window, not withdrawn). */
  received: number;
  /** Of them, accepted or declined at or before their deadline. */
  answeredInTime: number;
  /** Of them, accepted or declined at all (in time or late). */
  answered: number;
  /** The median seconds from arrival to answer over the answered; null without answers. */
  medianSeconds: number | null;
}

export const NO_ANSWER_FIGURES: AnswerFigures = {
  received: 0,
  answeredInTime: 0,
  answered: 0,
  medianSeconds: null,
};

/** Answered in time ÷ received; null before ANSWER_MIN_RECEIVED requests count. */
export function answerRateOf(figures: AnswerFigures): number | null {
  if (figures.received < ANSWER_MIN_RECEIVED) return null;
  return figures.answeredInTime / figures.received;
}

/** The median in hours; null before ANSWER_MIN_RECEIVED requests and RESPONSE_MIN_ANSWERS answers. */
export function medianHoursOf(figures: AnswerFigures): number | null {
  if (figures.received < ANSWER_MIN_RECEIVED || figures.answered < RESPONSE_MIN_ANSWERS) {
    return null;
  }
  return figures.medianSeconds === null ? null : Math.max(0, figures.medianSeconds) / 3600;
}

/**
 * The rate in tenths ("9 in 10"): the nearest tenth, except that 10 in 10
 * means every request was answered in time and 0 in 10 that none was (a
 * business answering 96% reads 9 in 10, one answering 3% reads 1 in 10).
 */
export function inTenOf(rate: number): number {
  const nearest = Math.round(rate * 10);
  if (rate >= 1) return 10;
  if (rate <= 0) return 0;
  return Math.min(9, Math.max(1, nearest));
}

export type AnswerTimeUnit = "minutes" | "hours" | "days";

/** A median time, rounded up, in the largest unit that reads naturally ("within 3 hours"). */
export interface AnswerTime {
  count: number;
  unit: AnswerTimeUnit;
}

/** Minutes are rounded up to this step ("within 15 minutes", never "within 13 minutes"). */
export const MINUTE_STEP = 5;

/**
 * The median rounded up, never down, so "within" holds for the half that
 * answered faster than it: to the next 5 minutes up to 55 minutes, then to
 * the next hour up to 24 hours, then to the next day.
 */
export function answerTimeOf(seconds: number): AnswerTime {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const stepped = Math.ceil(minutes / MINUTE_STEP) * MINUTE_STEP;
  if (stepped < 60) return { count: stepped, unit: "minutes" };
  const hours = Math.ceil(minutes / 60);
  if (hours <= 24) return { count: hours, unit: "hours" };
  return { count: Math.ceil(hours / 24), unit: "days" };
}

/**
 * What a page shows of a business's answers, already rounded (so every page
 * says the same sentence of the same figures):
 *
 * - "sample": a sample listing. It is demonstration data that nobody
 *   manages, so a request to it is never answered by anyone: a count would
 *   describe the demonstration, not a business, and made-up figures would be
 *   one more invented signal. Its card says it has no answer figures, and
 *   why; the order counts it as new.
 * - "new": fewer than ANSWER_MIN_RECEIVED requests counted ("New on TradeMatch").
 * - "counted": the rate in tenths, and the median time when there are
 *   RESPONSE_MIN_ANSWERS answers to take it over.
 */
export type AnswerRecord =
  | { shown: "sample" }
  | { shown: "new" }
  | { shown: "counted"; inTen: number; within: AnswerTime | null };

export function answerRecordOf(figures: AnswerFigures, isSample: boolean): AnswerRecord {
  if (isSample) return { shown: "sample" };
  const rate = answerRateOf(figures);
  if (rate === null) return { shown: "new" };
  const hours = medianHoursOf(figures);
  return {
    shown: "counted",
    inTen: inTenOf(rate),
    within: hours === null ? null : answerTimeOf(Math.max(0, figures.medianSeconds ?? 0)),
  };
}

/** The figures the order scores a business by (a sample listing's count as new). */
export function rankAnswersOf(
  figures: AnswerFigures,
  isSample: boolean,
): { answerRate: number | null; medianResponseHours: number | null } {
  if (isSample) return { answerRate: null, medianResponseHours: null };
  return { answerRate: answerRateOf(figures), medianResponseHours: medianHoursOf(figures) };
}
