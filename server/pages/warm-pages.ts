/**
 * The city pages and category listings of the popular cities are rendered
 * at start-up, after the server listens, and rendered again shortly before
 * they expire: no visitor ever waits for one of them to render. They come
 * from the database, so they are kept fresh in the running server rather than
 * built into files (see docs/decisions/007).
 */
import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "pino";
import { CATEGORIES, POPULAR_CITIES } from "../../app/site";
import type { PageCache } from "./page-cache";

/**
 * The pages kept warm: each popular city and its nine category listings, and
 * the city pages in Spanish and French (issue 23; their listings render on
 * first request, a third of the work a full copy would add to each pass).
 */
export function popularPagePaths(): string[] {
  return [
    ...POPULAR_CITIES.flatMap((city) => [
      `/${city.slug}`,
      ...CATEGORIES.map((category) => `/${city.slug}/${category.slug}`),
    ]),
    ...POPULAR_CITIES.flatMap((city) => [`/es/${city.slug}`, `/fr/${city.slug}`]),
  ];
}

export interface PageWarmerOptions {
  paths: readonly string[];
  cache: PageCache;
  render: (path: string) => Promise<boolean>;
  logger: Logger;
  /** How often to look for pages close to expiry. */
  checkEveryMs?: number;
  /** A page this close to expiry (or gone from the cache) is rendered again. */
  refreshBeforeMs?: number;
}

export interface PageWarmer {
  /** Renders every page now, then keeps them fresh until stop(). */
  start(): void;
  /** Stops, after the render in progress (if any) finishes. */
  stop(): Promise<void>;
  /** The first full pass, for tests and start-up logs. */
  readonly firstPass: Promise<void>;
}

export function createPageWarmer(options: PageWarmerOptions): PageWarmer {
  const { paths, cache, render, logger } = options;
  const checkEveryMs = options.checkEveryMs ?? 60_000;
  const refreshBeforeMs = options.refreshBeforeMs ?? 2 * checkEveryMs;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let resolveFirstPass: () => void = () => undefined;
  const firstPass = new Promise<void>((resolve) => {
    resolveFirstPass = resolve;
  });

  const due = (path: string) => {
    const page = cache.peek(path);
    return !page || page.expiresAt - Date.now() < refreshBeforeMs;
  };

  async function pass(force: boolean): Promise<{ cached: number; failed: number }> {
    let cached = 0;
    let failed = 0;
    for (const path of paths) {
      if (stopped) break;
      if (!force && !due(path)) continue;
      try {
        if (await render(path)) cached++;
      } catch (error) {
        failed++;
        logger.warn({ err: error, path }, "could not render a popular page ahead of visitors");
      }
      // One page at a time, with the event loop free in between: visitors come first.
      await delay(0);
    }
    return { cached, failed };
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass(false).then(
        () => schedule(),
        () => schedule(),
      );
    }, checkEveryMs);
    timer.unref();
  }

  return {
    firstPass,
    start() {
      const started = performance.now();
      running = pass(true).then(({ cached, failed }) => {
        logger.info(
          { pages: cached, failed, ms: Math.round(performance.now() - started) },
          "popular city and listing pages rendered ahead of visitors",
        );
        resolveFirstPass();
        schedule();
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      resolveFirstPass();
    },
  };
}
