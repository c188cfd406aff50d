/**
 * Many announcements for one business in a short time become one (decision
 * 047, app/features/fresh-pages/coalesce.ts), on a timer the test drives.
 */
import { describe, expect, it } from "vitest";
import { createCoalescer, type Timers } from "~/features/fresh-pages/coalesce";

/** A timer that runs only when the test moves its clock. */
function manualTimers() {
  let now = 0;
  const due: { at: number; run: () => void }[] = [];
  const timers: Timers = {
    setTimeout(run, ms) {
      due.push({ at: now + ms, run });
    },
  };
  return {
    timers,
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        due.sort((a, b) => a.at - b.at);
        const next = due[0];
        if (!next || next.at > until) break;
        due.shift();
        now = next.at;
        next.run();
      }
      now = until;
    },
  };
}

function coalescer() {
  const clock = manualTimers();
  const flushed: [string, string[]][] = [];
  const announcements = createCoalescer<string[]>({
    windowMs: 500,
    timers: clock.timers,
    merge: (held, next) => [...held, ...next],
    flush: (id, held) => flushed.push([id, held]),
  });
  return { clock, flushed, announcements };
}

describe("coalescing a business's announcements", () => {
  it("lets the first go at once and holds the rest of its window as one", () => {
    const { clock, flushed, announcements } = coalescer();
    expect(announcements.take(["a"], ["pause"])).toEqual(["a"]);
    for (let toggle = 1; toggle < 60; toggle++) {
      expect(announcements.take(["a"], [toggle % 2 ? "resume" : "pause"])).toEqual([]);
      clock.advance(5);
    }
    // Sixty toggles in 295 ms: one at once, one when the window ends at 500 ms.
    expect(flushed).toHaveLength(0);
    clock.advance(205);
    expect(flushed).toHaveLength(1);
    expect(flushed[0]?.[0]).toBe("a");
    expect(flushed[0]?.[1]).toHaveLength(59);
  });

  it("opens a window after each flush, and forgets a business after a quiet one", () => {
    const { clock, flushed, announcements } = coalescer();
    announcements.take(["a"], ["1"]);
    clock.advance(100);
    announcements.take(["a"], ["2"]);
    clock.advance(400); // the first window ends: "2" goes, a second window opens
    expect(flushed).toEqual([["a", ["2"]]]);
    announcements.take(["a"], ["3"]);
    clock.advance(500);
    expect(flushed).toEqual([
      ["a", ["2"]],
      ["a", ["3"]],
    ]);
    expect(announcements.size).toBe(1);
    clock.advance(500); // a window with nothing held: the business is forgotten
    expect(announcements.size).toBe(0);
    expect(announcements.take(["a"], ["4"])).toEqual(["a"]);
  });

  it("keeps each business apart, several in one announcement", () => {
    const { clock, flushed, announcements } = coalescer();
    expect(announcements.take(["a"], ["x"])).toEqual(["a"]);
    expect(announcements.take(["a", "b", "b"], ["y"])).toEqual(["b"]);
    clock.advance(500);
    expect(flushed).toEqual([["a", ["y"]]]);
  });
});
