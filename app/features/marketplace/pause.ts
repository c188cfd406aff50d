/**
 * A business's pause as a rule of its settings (availability.server.ts
 * reads them): pure, so pages, the console and tests share it. Days and
 * weeks are UTC until issue 34 gives each business its own time zone.
 */
import { DAY_MS } from "~/lib/retention";

/** Why a business takes no new requests now. */
export type PauseReason = "paused" | "weekly_limit" | "inactive";

/**
 * A business that takes no new requests: why, and the first day it takes
 * them again ("YYYY-MM-DD"), null when no day is known (inactivity).
 */
export interface Pause {
  reason: PauseReason;
  until: string | null;
}

/** The UTC day of an instant, "YYYY-MM-DD". */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** When the week of `now` began: Monday 00:00 UTC (issue 34: the business's own zone). */
export function weekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The day the next week begins (a Monday), "YYYY-MM-DD". */
export const nextWeekDay = (now: Date): string =>
  dayOf(new Date(weekStart(now).getTime() + 7 * DAY_MS));

/** What decides a business's pause, as a row holds it. */
export interface PauseSettings {
  pausedUntil: string | null;
  weeklyLimit: number | null;
  inactivePausedAt: Date | null;
  /** Requests that reached it since the week of `now` began. */
  thisWeek: number;
}

/**
 * The business's pause at `now`, or null when it takes new requests. When
 * several hold, inactivity (no end) wins, then the later day.
 */
export function pauseAt(settings: PauseSettings, now: Date): Pause | null {
  if (settings.inactivePausedAt !== null) return { reason: "inactive", until: null };
  const today = dayOf(now);
  const own = settings.pausedUntil !== null && settings.pausedUntil > today;
  const full = settings.weeklyLimit !== null && settings.thisWeek >= settings.weeklyLimit;
  const limitEnds = nextWeekDay(now);
  if (own && settings.pausedUntil !== null && (!full || settings.pausedUntil >= limitEnds))
    return { reason: "paused", until: settings.pausedUntil };
  return full ? { reason: "weekly_limit", until: limitEnds } : null;
}

/**
 * Whether two pauses look the same on public pages: the cards and the
 * profile say whether it takes new requests and, if not, until when (not
 * why). A change to the break that leaves this alone makes no page stale.
 */
export function sameShownPause(a: Pause | null, b: Pause | null): boolean {
  if (a === null || b === null) return a === b;
  return a.until === b.until;
}
