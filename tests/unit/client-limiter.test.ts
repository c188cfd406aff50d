import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClientLimiter, type ClientLimiter } from "~/lib/client-limiter.server";

/** Takes `count` tokens for a client; how many were allowed. */
function takeMany(limiter: ClientLimiter, client: string, count: number): number {
  let allowed = 0;
  for (let i = 0; i < count; i++) if (limiter.take(client).allowed) allowed++;
  return allowed;
}

describe("the client limiter (a token bucket per client)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("allows a burst, then refuses with the seconds until the next token", () => {
    const limiter = createClientLimiter({ burst: 60, perSecond: 10, maxClients: 100 });
    expect(takeMany(limiter, "203.0.113.7", 60)).toBe(60);
    expect(limiter.take("203.0.113.7")).toEqual({ allowed: false, retryAfterS: 1 });
  });

  it("gives tokens back at the rate asked for, never more than the burst", () => {
    const limiter = createClientLimiter({ burst: 5, perSecond: 10, maxClients: 100 });
    takeMany(limiter, "a", 5);
    expect(limiter.take("a").allowed).toBe(false);
    vi.advanceTimersByTime(100);
    expect(takeMany(limiter, "a", 2)).toBe(1);
    vi.advanceTimersByTime(350);
    expect(takeMany(limiter, "a", 5)).toBe(3);
    // A long pause fills the bucket, and no further.
    vi.advanceTimersByTime(60_000);
    expect(takeMany(limiter, "a", 10)).toBe(5);
  });

  it("says how long a slow refill takes", () => {
    const limiter = createClientLimiter({ burst: 1, perSecond: 0.25, maxClients: 100 });
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterS: 4 });
    vi.advanceTimersByTime(3_000);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterS: 1 });
    vi.advanceTimersByTime(1_000);
    expect(limiter.take("a").allowed).toBe(true);
  });

  it("keeps each client's bucket apart", () => {
    const limiter = createClientLimiter({ burst: 3, perSecond: 1, maxClients: 100 });
    expect(takeMany(limiter, "a", 4)).toBe(3);
    expect(takeMany(limiter, "b", 4)).toBe(3);
  });

  it("tracks at most maxClients, forgetting the one seen least recently", () => {
    const limiter = createClientLimiter({ burst: 2, perSecond: 0.001, maxClients: 3 });
    takeMany(limiter, "a", 2);
    takeMany(limiter, "b", 2);
    takeMany(limiter, "c", 2);
    // "a" seen again: now "b" is the least recently seen.
    expect(limiter.take("a").allowed).toBe(false);
    takeMany(limiter, "d", 2);
    expect(limiter.size).toBe(3);
    // "b" was forgotten and starts again with a full bucket; "a", "c" and "d" are still empty.
    expect(takeMany(limiter, "b", 3)).toBe(2);
    expect(limiter.take("d").allowed).toBe(false);
    for (let i = 0; i < 10_000; i++) limiter.take(`client-${i.toString()}`);
    expect(limiter.size).toBe(3);
  });

  it("refuses settings that would let nothing through or track no one", () => {
    expect(() => createClientLimiter({ burst: 0, perSecond: 1, maxClients: 1 })).toThrow(
      RangeError,
    );
    expect(() => createClientLimiter({ burst: 1, perSecond: 0, maxClients: 1 })).toThrow(
      RangeError,
    );
    expect(() => createClientLimiter({ burst: 1, perSecond: 1, maxClients: 0 })).toThrow(
      RangeError,
    );
    expect(() => createClientLimiter({ burst: Number.NaN, perSecond: 1, maxClients: 1 })).toThrow(
      RangeError,
    );
  });
});
