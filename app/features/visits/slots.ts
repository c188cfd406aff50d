/**
 * A business's free times for site visits (issue 34), pure: its settings, days
 * off and busy times in, the free start times out.
 *
 * Each range of a day's weekly hours is turned into instants once per local
 * date (instantOf, so a day on which the clocks change still starts at 08:00
 * local), then stepped through in milliseconds from the range's start: elapsed
 * time, right even in the rare range that spans a change at 2:00. The step is
 * the visit's length rounded up to 15 minutes (60-minute visits from 08:00 start
 * on the hour), unless the query gives another. The busy times are sorted and
 * merged once, then looked up by binary search: a year of visits costs little.
 */
import { minutesOfTime, type VisitSettings, type WeeklyHours } from "./hours";
import { addDays, instantOf, localDayOf, wallClockOf, weekdayOfDate } from "./zoned-time";

/** A time the business is taken; `end` already includes that visit's buffer. */
export interface Busy {
  start: Date;
  end: Date;
}

/** A free visit: `end` is start + visitMinutes (without the buffer). */
export interface Slot {
  start: Date;
  end: Date;
}

/** Local dates the business takes no visits on, both inclusive. */
export interface DayOff {
  startsOn: string;
  endsOn: string;
}

export interface SlotQuery {
  settings: VisitSettings;
  daysOff: readonly DayOff[];
  busy: readonly Busy[];
  now: Date;
  /** first local date to list (default: today in the zone) */
  from?: string;
  /** how many local days to look at (default: settings.horizonDays) */
  days?: number;
  /** stop after this many slots (default no limit) */
  limit?: number;
  /** minutes between start times in a range (default: visitMinutes rounded up to 15) */
  stepMinutes?: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The minutes between the start times offered in a range. */
export function stepMinutesOf(query: Pick<SlotQuery, "settings" | "stepMinutes">): number {
  const step = query.stepMinutes ?? Math.ceil(query.settings.visitMinutes / 15) * 15;
  return Math.max(5, Math.round(step));
}

/** Busy times sorted by start and merged where they overlap or touch: disjoint, ends ascending. */
function mergeBusy(busy: readonly Busy[]): { start: number; end: number }[] {
  const sorted = busy
    .map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }))
    .filter((b) => b.end > b.start)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const b of sorted) {
    const last = merged.at(-1);
    if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
    else merged.push({ ...b });
  }
  return merged;
}

/** Whether [start, end) overlaps a merged busy time (half-open: touching is free). */
function overlapsBusy(
  merged: readonly { start: number; end: number }[],
  start: number,
  end: number,
) {
  // The first busy time that ends after `start`; the ends are ascending.
  let low = 0;
  let high = merged.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((merged[mid] as { end: number }).end > start) high = mid;
    else low = mid + 1;
  }
  const next = merged[low];
  return next !== undefined && next.start < end;
}

/** What freeSlots and isFreeSlot share: the window of dates, the rules, the busy times. */
function prepare(query: SlotQuery) {
  const { settings, now } = query;
  const today = wallClockOf(now, settings.timeZone).date;
  const horizonEnd = addDays(today, settings.horizonDays);
  const from = query.from !== undefined && query.from > today ? query.from : today;
  const requestedEnd = addDays(query.from ?? today, query.days ?? settings.horizonDays);
  return {
    settings,
    firstDate: from,
    /** exclusive */
    endDate: requestedEnd < horizonEnd ? requestedEnd : horizonEnd,
    earliest: now.getTime() + settings.noticeHours * HOUR_MS,
    visitMs: settings.visitMinutes * MINUTE_MS,
    blockMs: (settings.visitMinutes + settings.bufferMinutes) * MINUTE_MS,
    stepMs: stepMinutesOf(query) * MINUTE_MS,
    busy: mergeBusy(query.busy),
    daysOff: query.daysOff,
  };
}

type Prepared = ReturnType<typeof prepare>;

function isDayOff(daysOff: readonly DayOff[], date: string): boolean {
  return daysOff.some((off) => off.startsOn <= date && date <= off.endsOn);
}

/** The instants of a date's ranges, [start, end) each, in order; none on a day off. */
function openRanges(p: Prepared, date: string): { start: number; end: number }[] {
  if (date < p.firstDate || date >= p.endDate || isDayOff(p.daysOff, date)) return [];
  // Stored hours are checked when read, but a missing day is a day off rather than an error.
  const hours: Partial<WeeklyHours> = p.settings.weeklyHours;
  const ranges = hours[weekdayOfDate(date)] ?? [];
  return ranges
    .filter((r) => minutesOfTime(r.start) !== undefined && minutesOfTime(r.end, true) !== undefined)
    .map((r) => ({
      start: instantOf(date, r.start, p.settings.timeZone).getTime(),
      end: instantOf(date, r.end, p.settings.timeZone).getTime(),
    }))
    .sort((a, b) => a.start - b.start);
}

function isFreeAt(p: Prepared, start: number): boolean {
  return start >= p.earliest && !overlapsBusy(p.busy, start, start + p.blockMs);
}

/**
 * Free start times, earliest first, each settings.visitMinutes long: on the step
 * grid from the start of a range of an open day's weekly hours, the whole visit
 * inside the range; no sooner than now + noticeHours; on a local date from today
 * to before today + horizonDays in the zone, not a day off; and the visit with
 * its buffer overlapping no busy time (touching is fine).
 */
export function freeSlots(query: SlotQuery): Slot[] {
  const p = prepare(query);
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const slots: Slot[] = [];
  if (limit <= 0) return slots;
  let lastStart = Number.NEGATIVE_INFINITY;
  for (let date = p.firstDate; date < p.endDate; date = addDays(date, 1)) {
    for (const range of openRanges(p, date)) {
      for (let start = range.start; start + p.visitMs <= range.end; start += p.stepMs) {
        // A start already listed (ranges that touch across a clock change) is listed once.
        if (start <= lastStart || !isFreeAt(p, start)) continue;
        slots.push({ start: new Date(start), end: new Date(start + p.visitMs) });
        lastStart = start;
        if (slots.length >= limit) return slots;
      }
    }
  }
  return slots;
}

/** Whether one start time is a free slot by the same rules (the server checks a submitted slot with it). */
export function isFreeSlot(query: SlotQuery, start: Date): boolean {
  const ms = start.getTime();
  if (!Number.isFinite(ms)) return false;
  const p = prepare(query);
  if (!isFreeAt(p, ms)) return false;
  const { date } = wallClockOf(start, p.settings.timeZone);
  return openRanges(p, date).some(
    (range) =>
      ms >= range.start && ms + p.visitMs <= range.end && (ms - range.start) % p.stepMs === 0,
  );
}

/** Slots grouped by local date in the zone: [{ date: "2026-03-10", slots: Slot[] }] in order. */
export function byDay(slots: readonly Slot[], timeZone: string): { date: string; slots: Slot[] }[] {
  const days: { date: string; slots: Slot[] }[] = [];
  let day: { date: string; start: Date; end: Date } | undefined;
  for (const slot of slots) {
    if (!day || slot.start < day.start || slot.start >= day.end) {
      day = localDayOf(slot.start, timeZone);
    }
    const last = days.at(-1);
    if (last?.date === day.date) last.slots.push(slot);
    else days.push({ date: day.date, slots: [slot] });
  }
  return days;
}
