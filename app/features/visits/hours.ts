/**
 * A business's settings for site visits (issue 34): the hours of each weekday
 * it takes visits in, as wall-clock times in its own zone, how long a visit
 * is, the time kept free after one, the least notice and how far ahead it can
 * be booked. Pure and free of server code: the settings form's island checks
 * the hours with checkWeeklyHours as the server does.
 */

/** The days of the week in ISO order, Monday first. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM" 24-hour wall-clock times; end > start; ranges of a day sorted and not overlapping. */
export interface TimeRange {
  start: string;
  end: string;
}

/** Each weekday's ranges; [] is a day off. */
export type WeeklyHours = Record<Weekday, TimeRange[]>;

export interface VisitSettings {
  /** IANA zone name, e.g. "America/Denver": every time of the business is in it. */
  timeZone: string;
  weeklyHours: WeeklyHours;
  /** 15–240 */
  visitMinutes: number;
  /** 0–120, kept free after each visit */
  bufferMinutes: number;
  /** 0–168, least notice before a visit */
  noticeHours: number;
  /** 1–365, how far ahead homeowners can book it (proposals reach PROPOSAL_REACH_DAYS) */
  horizonDays: number;
}

export const VISIT_LIMITS = {
  visitMinutes: { min: 15, max: 240 },
  bufferMinutes: { min: 0, max: 120 },
  noticeHours: { min: 0, max: 168 },
  horizonDays: { min: 1, max: 365 },
  rangesPerDay: 4,
} as const;

/**
 * What a business keeps of days off (issue 42): at most `coming` ranges that
 * have not ended yet (overlapping and touching ones are joined into one when
 * added, so only distinct ranges count); each added
 * range starts within `startsWithinDays` of today and lasts at most
 * `longestDays`; a note of at most `noteMax` characters.
 */
export const DAYS_OFF_LIMITS = {
  coming: 100,
  startsWithinDays: 730,
  longestDays: 365,
  noteMax: 80,
} as const;

/** How far ahead a business that never chose can be booked. */
export const DEFAULT_HORIZON_DAYS = 30;

/**
 * How far ahead a pro may propose times, whatever its horizon (issue 43):
 * the horizon bounds what homeowners book themselves; a roofer agreeing on
 * spring work in winter proposes it, up to a year ahead.
 */
export const PROPOSAL_REACH_DAYS = VISIT_LIMITS.horizonDays.max;

const WORKDAY: readonly TimeRange[] = [{ start: "08:00", end: "17:00" }];

/** Monday to Friday 08:00–17:00; Saturday and Sunday off. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  mon: [...WORKDAY],
  tue: [...WORKDAY],
  wed: [...WORKDAY],
  thu: [...WORKDAY],
  fri: [...WORKDAY],
  sat: [],
  sun: [],
};

/** The settings of a business that never changed them: 60-minute visits, a day's notice, 30 days ahead. */
export function defaultVisitSettings(timeZone: string): VisitSettings {
  return {
    timeZone,
    weeklyHours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, DEFAULT_WEEKLY_HOURS[day].map((range) => ({ ...range }))]),
    ) as WeeklyHours,
    visitMinutes: 60,
    bufferMinutes: 0,
    noticeHours: 24,
    horizonDays: DEFAULT_HORIZON_DAYS,
  };
}

/** What is wrong with one range of a day (its index in the day's list). */
export interface HoursProblem {
  day: Weekday;
  index: number;
  /**
   * format: not an "HH:MM" time from 00:00 to 24:00 on a 5-minute grid (24:00 only as an end);
   * order: it does not end after it starts; overlap: it starts before the day's previous range
   * ends (the ranges are out of order or overlap); too_many: more than VISIT_LIMITS.rangesPerDay.
   */
  problem: "format" | "order" | "overlap" | "too_many";
}

const HH_MM = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Minutes after midnight of an "HH:MM" time on the 5-minute grid, or undefined. */
export function minutesOfTime(time: unknown, allowEndOfDay = false): number | undefined {
  if (typeof time !== "string") return undefined;
  const match = HH_MM.exec(time);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes % 5 !== 0 || minutes > 24 * 60) return undefined;
  if (minutes === 24 * 60 && !allowEndOfDay) return undefined;
  return minutes;
}

/** The problems of a week's hours, day by day in order; empty when they are valid. */
export function checkWeeklyHours(hours: WeeklyHours): HoursProblem[] {
  const problems: HoursProblem[] = [];
  for (const day of WEEKDAYS) {
    const ranges: unknown = (hours as Partial<WeeklyHours>)[day];
    if (!Array.isArray(ranges)) {
      problems.push({ day, index: 0, problem: "format" });
      continue;
    }
    let previousEnd: number | undefined;
    ranges.forEach((range: unknown, index) => {
      if (index >= VISIT_LIMITS.rangesPerDay) {
        problems.push({ day, index, problem: "too_many" });
        return;
      }
      const { start: startText, end: endText } =
        typeof range === "object" && range !== null ? (range as Partial<TimeRange>) : {};
      const start = minutesOfTime(startText);
      const end = minutesOfTime(endText, true);
      if (start === undefined || end === undefined) {
        problems.push({ day, index, problem: "format" });
      } else if (end <= start) {
        problems.push({ day, index, problem: "order" });
      } else if (previousEnd !== undefined && start < previousEnd) {
        problems.push({ day, index, problem: "overlap" });
      } else {
        previousEnd = end;
      }
    });
  }
  return problems;
}
