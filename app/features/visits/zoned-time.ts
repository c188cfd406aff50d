/**
 * Wall-clock times in a business's zone and the instants they are (issue 34).
 * A business's hours are wall-clock times in its own IANA zone; visits are
 * stored as UTC instants. The zone math is temporal-polyfill's, which knows
 * each zone's rules from Intl (Node's ICU data).
 *
 * Server side only, with the pure modules that the .server ones call (slots.ts):
 * islands must not import this file, since the polyfill is about 60 KB. The
 * browser formats instants with visit-time.ts, which uses Intl alone.
 */
import { Temporal } from "temporal-polyfill";
import { WEEKDAYS, type Weekday } from "./hours";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** The parts of a "YYYY-MM-DD" date, checked to be a real day. */
function dateParts(date: string): { year: number; month: number; day: number } {
  const match = DATE.exec(date);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const utc = new Date(Date.UTC(year, month - 1, day));
    if (
      utc.getUTCFullYear() === year &&
      utc.getUTCMonth() === month - 1 &&
      utc.getUTCDate() === day
    ) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
}

/** The hour and minute of an "HH:MM" time; "24:00" is the next day's 00:00 (a range's end). */
function timeParts(time: string): { hour: number; minute: number } {
  const match = TIME.exec(time);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) {
    throw new RangeError(`Not an HH:MM time: ${time}`);
  }
  return { hour, minute };
}

/**
 * The instant a wall-clock time on a local date has in the zone. A time that
 * does not exist (spring forward gap) moves later (Temporal "compatible"); an
 * ambiguous one (fall back) takes the earlier. "24:00" is the next day's 00:00.
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const { hour, minute } = timeParts(time);
  const day = hour === 24 ? addDays(date, 1) : date;
  const wall = Temporal.PlainDateTime.from({
    ...dateParts(day),
    hour: hour === 24 ? 0 : hour,
    minute,
  });
  return new Date(
    wall.toZonedDateTime(timeZone, { disambiguation: "compatible" }).epochMilliseconds,
  );
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function zoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("Not a valid instant");
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in a zone. */
export function wallClockOf(
  instant: Date,
  timeZone: string,
): { date: string; time: string; weekday: Weekday } {
  const local = zoned(instant, timeZone);
  return {
    date: local.toPlainDate().toString(),
    time: `${pad(local.hour)}:${pad(local.minute)}`,
    weekday: WEEKDAYS[local.dayOfWeek - 1] as Weekday,
  };
}

/** The first and the next day's first instants of an instant's local date in the zone. */
export function localDayOf(
  instant: Date,
  timeZone: string,
): { date: string; start: Date; end: Date } {
  const local = zoned(instant, timeZone);
  const start = local.startOfDay();
  const end = start.add({ days: 1 }).startOfDay();
  return {
    date: local.toPlainDate().toString(),
    start: new Date(start.epochMilliseconds),
    end: new Date(end.epochMilliseconds),
  };
}

/** Adds days to a YYYY-MM-DD date (calendar days, no zone). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The weekday of a YYYY-MM-DD date (calendar, no zone). */
export function weekdayOfDate(date: string): Weekday {
  const { year, month, day } = dateParts(date);
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7] as Weekday;
}

/**
 * Whether a string is a valid IANA zone name that Intl knows (any case, links
 * such as "US/Mountain" too). UTC offsets such as "+01:00", which Intl also
 * takes, are not zone names and are refused.
 */
export function isTimeZone(value: string): boolean {
  if (typeof value !== "string" || !/^[A-Za-z]/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
