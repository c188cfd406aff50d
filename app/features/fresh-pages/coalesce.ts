/**
 * Many announcements for one business in a short time become one (decision
 * 047): per business, the first announcement after a quiet spell goes at
 * once (the writer's next page is fresh, as decision 041 promises), and the
 * ones that follow within the window are held, merged, and go together when
 * the window ends, which opens the next window. A business toggled sixty
 * times in five seconds is purged about once per window, not sixty times,
 * and its last state is what the final purge reads.
 *
 * Per instance, in memory: an instance that stops with an announcement held
 * loses it, and the pages' five-minute expiry stays the safety net, as for a
 * lost notification. The timer is passed in (tests drive it).
 */

/** A one-shot timer. */
export interface Timers {
  setTimeout(run: () => void, ms: number): void;
}

/** The process's own: timers that never keep the process alive. */
export const systemTimers: Timers = {
  setTimeout(run, ms) {
    setTimeout(run, ms).unref();
  },
};

export interface CoalescerOptions<T> {
  windowMs: number;
  timers: Timers;
  /** Two held announcements of one business as one. */
  merge(held: T, next: T): T;
  /** A held announcement going, when its window ends. */
  flush(id: string, held: T): void;
}

export interface Coalescer<T> {
  /**
   * Announces these businesses: returns those that go now (no window open
   * for them; it opens); the others are held with `value` until theirs ends.
   */
  take(ids: readonly string[], value: T): string[];
  /** Businesses with a window open (bounded: only those announced within the last window). */
  readonly size: number;
}

interface Open<T> {
  held: { value: T } | null;
}

export function createCoalescer<T>(options: CoalescerOptions<T>): Coalescer<T> {
  const { windowMs, timers } = options;
  const open = new Map<string, Open<T>>();

  function openWindow(id: string, entry: Open<T>) {
    open.set(id, entry);
    timers.setTimeout(() => {
      const { held } = entry;
      if (!held) {
        open.delete(id);
        return;
      }
      entry.held = null;
      openWindow(id, entry);
      options.flush(id, held.value);
    }, windowMs);
  }

  return {
    take(ids, value) {
      const now: string[] = [];
      for (const id of new Set(ids)) {
        const entry = open.get(id);
        if (!entry) {
          openWindow(id, { held: null });
          now.push(id);
        } else {
          entry.held = { value: entry.held ? options.merge(entry.held.value, value) : value };
        }
      }
      return now;
    },
    get size() {
      return open.size;
    },
  };
}
