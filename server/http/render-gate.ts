/**
 * At most `limit` uncached page renders at once; the rest wait their turn,
 * first come first served. A render is synchronous work on the one JavaScript
 * thread (10–20 ms for a city page here): hundreds of them in flight share
 * every turn of the event loop, and a quote post's database round trips, a
 * cached page or a place look-up then wait behind all of them (decision 016).
 * Admitted a few at a time, a render takes its own time once started, and
 * the rest of the traffic passes between renders.
 */
export interface RenderGate {
  /** Resolves when this render may start; call the function it gives once done. */
  enter(): Promise<() => void>;
  /** Renders waiting for their turn. */
  readonly waiting: number;
}

/**
 * `onAdmitted` is told how long each render waited for its turn, in seconds
 * (0 when a turn was free): server/metrics.ts, passed in by start.ts.
 */
export function createRenderGate(
  limit: number,
  onAdmitted: (waitedSeconds: number) => void = () => {},
): RenderGate {
  let active = 0;
  const queue: (() => void)[] = [];
  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The slot passes straight to the next render in line.
      if (next) next();
      else active -= 1;
    };
  }
  return {
    async enter() {
      if (active < limit) {
        active += 1;
        onAdmitted(0);
        return releaser();
      }
      const queued = performance.now();
      await new Promise<void>((resolve) => queue.push(resolve));
      onAdmitted((performance.now() - queued) / 1000);
      return releaser();
    },
    get waiting() {
      return queue.length;
    },
  };
}
