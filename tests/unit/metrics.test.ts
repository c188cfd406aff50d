/** The labels of the request metrics and the console's recent figures (server/metrics.ts, decision 042). */
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import type { DatabaseHandle } from "~/lib/db.server";
import type { DatabaseObserver } from "~/lib/db-timing.server";
import {
  createMetrics,
  DATABASE_SAMPLE_MS,
  DURATION_BUCKETS,
  presentsToken,
  quantile,
  RecentAnswers,
  routeLabel,
  statusClass,
} from "../../server/metrics";

describe("the status class", () => {
  it("is the hundreds of the status", () => {
    expect(statusClass(200)).toBe("2xx");
    expect(statusClass(204)).toBe("2xx");
    expect(statusClass(301)).toBe("3xx");
    expect(statusClass(404)).toBe("4xx");
    expect(statusClass(503)).toBe("5xx");
    expect(statusClass(101)).toBe("1xx");
  });

  it("says when no status was sent, and never makes up a class", () => {
    expect(statusClass(null)).toBe("aborted");
    expect(statusClass(0)).toBe("other");
    expect(statusClass(600)).toBe("other");
  });
});

describe("the route label", () => {
  const noRoute = () => {
    throw new Error("the route is not looked up");
  };

  it("is React Router's route id for what the router answered", () => {
    expect(routeLabel({ way: "router", status: 200 }, () => "routes/marketing/listing")).toBe(
      "routes/marketing/listing",
    );
    expect(routeLabel({ way: "router", status: 500 }, () => "es/routes/pro/inbox")).toBe(
      "es/routes/pro/inbox",
    );
    expect(routeLabel({ way: "router", status: 200 }, () => undefined)).toBe("unmatched");
  });

  it("is one fixed name for every path that is not found, without looking the path up", () => {
    expect(routeLabel({ way: "router", status: 404 }, noRoute)).toBe("not_found");
    expect(routeLabel({ way: "endpoint", endpoint: "/_operator/", status: 404 }, noRoute)).toBe(
      "not_found",
    );
  });

  it("names the edge's own answers, never by their path", () => {
    expect(routeLabel({ way: "static", status: 200 }, noRoute)).toBe("static");
    expect(routeLabel({ way: "redirect", status: 301 }, noRoute)).toBe("redirect");
    expect(routeLabel({ way: "refused", status: 400 }, noRoute)).toBe("refused");
    expect(routeLabel({ way: "endpoint", endpoint: "/_operator/", status: 200 }, noRoute)).toBe(
      "operator",
    );
    expect(routeLabel({ way: "endpoint", endpoint: "/metrics", status: 200 }, noRoute)).toBe(
      "metrics",
    );
  });
});

describe("a histogram's quantile", () => {
  const bounds = [0.1, 0.2, 0.4];

  it("interpolates within the bucket it falls in, as histogram_quantile does", () => {
    expect(quantile(bounds, [0, 10, 0, 0], 0.5)).toBeCloseTo(0.15);
    expect(quantile(bounds, [90, 0, 10, 0], 0.95)).toBeCloseTo(0.3);
    expect(quantile(bounds, [100, 0, 0, 0], 0.95)).toBeCloseTo(0.095);
  });

  it("is the last bound past every bound, and nothing without observations", () => {
    expect(quantile(bounds, [0, 0, 0, 5], 0.95)).toBe(0.4);
    expect(quantile(bounds, [0, 0, 0, 0], 0.95)).toBeNull();
  });
});

describe("the recent answers", () => {
  const minute = 60_000;
  const start = Date.UTC(2026, 10, 29, 8, 0, 0);

  it("counts 5xx answers minute by minute, over the last hour only", () => {
    const recent = new RecentAnswers();
    recent.add(500, 0.01, start);
    recent.add(503, 0.01, start + 30 * minute);
    recent.add(200, 0.01, start + 30 * minute);
    recent.add(404, 0.01, start + 30 * minute);
    recent.add(502, null, start + 59 * minute);
    expect(recent.errors(60, start + 59 * minute)).toBe(3);
    // An hour after the first, it has left the window.
    expect(recent.errors(60, start + 60 * minute)).toBe(2);
    expect(recent.errors(60, start + 89 * minute)).toBe(2);
    expect(recent.errors(60, start + 90 * minute)).toBe(1);
    expect(recent.errors(60, start + 119 * minute)).toBe(0);
  });

  it("forgets a minute's counts when its slot comes round again", () => {
    const recent = new RecentAnswers();
    recent.add(500, 0.01, start);
    recent.add(500, 0.01, start + 60 * minute);
    expect(recent.errors(60, start + 60 * minute)).toBe(1);
  });

  it("gives the p95 of the last minutes' request times, streams aside", () => {
    const recent = new RecentAnswers();
    for (let i = 0; i < 95; i++) recent.add(200, 0.004, start);
    for (let i = 0; i < 5; i++) recent.add(200, 3, start);
    // A stream's time is how long it stayed open, not a request time.
    recent.add(200, null, start);
    const now = recent.latency(5, start + minute);
    expect(now.requests).toBe(100);
    expect(now.p95).not.toBeNull();
    expect(now.p95).toBeLessThanOrEqual(DURATION_BUCKETS[0] ?? 0);
    // A slow request more and the 95th percentile is among the slow ones.
    recent.add(200, 3, start + minute);
    expect(recent.latency(5, start + minute).p95).toBeGreaterThan(2.5);
    // Five minutes on, those requests are out of the window.
    expect(recent.latency(5, start + 6 * minute)).toEqual({ requests: 0, p95: null });
  });
});

describe("the bearer of the operator token", () => {
  const token = "a".repeat(16) + "B".repeat(16);
  const request = (authorization?: string) => ({
    headers: authorization === undefined ? {} : { authorization },
  });

  it("is admitted with the token as a bearer token, and no one else", () => {
    expect(presentsToken(request(`Bearer ${token}`), token)).toBe(true);
    expect(presentsToken(request(`bearer ${token}`), token)).toBe(true);
    expect(presentsToken(request(), token)).toBe(false);
    expect(presentsToken(request("Bearer"), token)).toBe(false);
    expect(presentsToken(request(`Bearer ${token}x`), token)).toBe(false);
    expect(presentsToken(request(`Bearer ${token.slice(1)}`), token)).toBe(false);
    expect(presentsToken(request(`Basic ${token}`), token)).toBe(false);
    expect(presentsToken(request(token), token)).toBe(false);
  });
});

describe("OPERATOR_TOKEN", () => {
  it("is a stable token a scraper can be given, refused when it is guessable or cannot be sent", () => {
    const token = "3f1c9a7e5b2d4f6081a3c5e7092b4d6f";
    expect(parseEnv({ OPERATOR_TOKEN: token }).OPERATOR_TOKEN).toBe(token);
    expect(parseEnv({}).OPERATOR_TOKEN).toBeUndefined();
    expect(() => parseEnv({ OPERATOR_TOKEN: "too-short" })).toThrow(/OPERATOR_TOKEN/);
    expect(() => parseEnv({ OPERATOR_TOKEN: `changeme${"x".repeat(30)}` })).toThrow(/placeholder/);
    expect(() => parseEnv({ OPERATOR_TOKEN: `${token} with spaces` })).toThrow(/printable ASCII/);
  });
});

describe("a server's metrics", () => {
  /** A database that counts its queries, answering the outbox's figures (or never, when down). */
  function fakeDatabase() {
    const state: { queries: number; down: boolean; observer?: DatabaseObserver } = {
      queries: 0,
      down: false,
    };
    const never = new Promise<never>(() => {});
    const database = {
      observe: (observer: DatabaseObserver) => (state.observer = observer),
      ping: () => (state.down ? never : Promise.resolve()),
      db: {
        execute: () => {
          state.queries += 1;
          return Promise.resolve([{ due: 2, failed: 1, oldest: "42.5" }]);
        },
      },
    } as unknown as DatabaseHandle;
    return { state, database };
  }

  function setUp() {
    const clock = { now: Date.UTC(2026, 10, 29, 9, 0, 0) };
    const { state, database } = fakeDatabase();
    const metrics = createMetrics({
      database,
      pageCache: () => ({ entries: 3, bytes: 4096, purges: 5 }),
      now: () => clock.now,
    });
    const observer = metrics.observe({ routeIdOf: () => "routes/pro/inbox", rendersWaiting: 2 });
    const value = async (name: string) => {
      const { body } = await metrics.exposition();
      const line = body.split("\n").find((l) => l.startsWith(`${name} `));
      return line === undefined ? undefined : Number(line.slice(name.length + 1));
    };
    return { clock, state, metrics, observer, value };
  }

  it("counts the streams open, once each however often one closes", async () => {
    const { observer, value } = setUp();
    const closeFirst = observer.streamOpened();
    observer.streamOpened();
    expect(await value("live_streams_open")).toBe(2);
    closeFirst();
    closeFirst();
    expect(await value("live_streams_open")).toBe(1);
  });

  it("puts the database's query times and pool waits in their histograms", async () => {
    const { state, value } = setUp();
    state.observer?.query(0.002);
    state.observer?.query(0.3);
    state.observer?.poolWait(0.04);
    expect(await value("database_query_seconds_count")).toBe(2);
    expect(await value("database_query_seconds_sum")).toBeCloseTo(0.302);
    expect(await value('database_query_seconds_bucket{le="0.0025"}')).toBe(1);
    expect(await value("database_pool_wait_seconds_count")).toBe(1);
    expect(await value('database_pool_wait_seconds_bucket{le="0.025"}')).toBe(0);
  });

  it("reads the render queue and the page cache as they are at the scrape", async () => {
    const { value } = setUp();
    expect(await value("render_gate_queue_length")).toBe(2);
    expect(await value("page_cache_entries")).toBe(3);
    expect(await value("page_cache_bytes")).toBe(4096);
    expect(await value("page_cache_purges_total")).toBe(5);
  });

  it("asks the database at most once per sample time, and says when it does not answer", async () => {
    const { clock, state, metrics, value } = setUp();
    expect(await value("outbox_jobs_due")).toBe(2);
    expect(await value("outbox_jobs_failed")).toBe(1);
    expect(await value("outbox_oldest_due_age_seconds")).toBe(42.5);
    expect(await value("database_up")).toBe(1);
    expect((await metrics.figures()).outbox).toEqual({ due: 2, failed: 1, oldestDueSeconds: 42.5 });
    expect(state.queries).toBe(1);

    state.down = true;
    clock.now += DATABASE_SAMPLE_MS;
    expect(await value("database_up")).toBe(0);
    // The outbox's last figures stand while the database is away.
    expect(await value("outbox_jobs_due")).toBe(2);
    expect(state.queries).toBe(1);
  });

  it("gives the console this instance's p95 and errors from the same answers", async () => {
    const { observer, metrics, value } = setUp();
    const answered = (status: number, seconds: number) => {
      observer.answered({ way: "router", streaming: false, pathname: "/pro", status, seconds });
    };
    for (let i = 0; i < 19; i++) answered(200, 0.02);
    answered(500, 0.02);
    const figures = await metrics.figures();
    expect(figures).toMatchObject({ requests: 20, errorsLastHour: 1, latencyMinutes: 5 });
    expect(figures.p95Seconds).toBeGreaterThan(0.01);
    expect(figures.p95Seconds).toBeLessThanOrEqual(0.025);
    const { body } = await metrics.exposition();
    expect(body).toContain('http_requests_total{route="routes/pro/inbox",status_class="2xx"} 19');
    expect(body).toContain('http_requests_total{route="routes/pro/inbox",status_class="5xx"} 1');
    expect(await value("render_gate_queue_length")).toBe(2);
  });
});
