/**
 * The numbers an operator watches (issue 35, decision 042): `/metrics` in
 * Prometheus's text format, on the site's own port, for the operator token
 * only (`Authorization: Bearer`; anyone else gets the site's 404), and the
 * console's "Now" figures from the same observations.
 *
 * Each server has a registry of its own (tests run several in one process);
 * the process's own figures (event-loop delay, memory, CPU, GC) are
 * collected once per process, into a registry every server's output adds.
 * The edge tells what it does through an observer (EdgeObserver, passed in by
 * start.ts: server/http knows nothing of this module); what lives in the
 * database (the outbox) is read by one query per scrape at most every
 * DATABASE_SAMPLE_MS, bounded by DATABASE_SAMPLE_TIMEOUT_MS.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { InstanceFigures } from "../app/lib/app-context.server";
import { rowsOf, type DatabaseHandle } from "../app/lib/db.server";
import { withTimeout } from "../app/lib/timeout";
import type { AnsweredRequest, EdgeObserver, Endpoint, ObservedEdge } from "./http/request-handler";

export const METRICS_PATH = "/metrics";

/** Request times, seconds (prom-client's defaults: 5 ms to 10 s). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A render's wait for its turn, seconds. */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A query's time and its wait for a connection, seconds (most take well under a millisecond). */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The database is asked at most this often, however often it is scraped. */
export const DATABASE_SAMPLE_MS = 5_000;
/** A database that takes longer counts as not answering (database_up 0). */
export const DATABASE_SAMPLE_TIMEOUT_MS = 1_000;

/** The console's latency window, minutes; its error count is the last hour's. */
export const LATENCY_MINUTES = 5;
const ERROR_MINUTES = 60;

/** Distinct paths whose route id is remembered (matching a path costs about 1 ms). */
const REMEMBERED_PATHS = 5_000;

/** `2xx`…`5xx`; `aborted` when the client left before any status was sent. */
export function statusClass(status: number | null): string {
  if (status === null) return "aborted";
  if (status < 100 || status > 599) return "other";
  return `${Math.floor(status / 100).toString()}xx`;
}

/**
 * The `route` label: React Router's route id for what it answered, a fixed
 * name otherwise. Never the path: labels must be a bounded set.
 */
export function routeLabel(
  request: Pick<AnsweredRequest, "way" | "endpoint" | "status">,
  routeId: () => string | undefined,
): string {
  // Unknown paths are unbounded, and every one matches some route (`:cityState`, `*`).
  if (request.status === 404) return "not_found";
  switch (request.way) {
    case "refused":
    case "static":
    case "redirect":
      return request.way;
    case "endpoint":
      // "/_operator/" → "operator", "/metrics" → "metrics".
      return (request.endpoint ?? "").replace(/[^a-z]/g, "") || "endpoint";
    case "router":
      return routeId() ?? "unmatched";
  }
}

/** The q-quantile of a histogram's counts per bucket (the last: above every bound), as Prometheus's histogram_quantile. */
export function quantile(bounds: readonly number[], counts: readonly number[], q: number) {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (const [i, n] of counts.entries()) {
    if (below + n >= rank && n > 0) {
      // Past the last bound: the last bound is all a histogram can say.
      if (i >= bounds.length) return bounds.at(-1) ?? null;
      const lower = i === 0 ? 0 : (bounds[i - 1] ?? 0);
      const upper = bounds[i] ?? lower;
      return lower + (upper - lower) * ((rank - below) / n);
    }
    below += n;
  }
  return bounds.at(-1) ?? null;
}

interface Minute {
  /** Minutes since the epoch. */
  minute: number;
  errors: number;
  /** Request times per bucket of DURATION_BUCKETS, and one above them all. */
  counts: number[];
}

/**
 * The last hour of this instance's answers, minute by minute: 5xx answers
 * and request times in the duration histogram's buckets. What the console
 * shows "now"; Prometheus keeps the history.
 */
export class RecentAnswers {
  private readonly minutes: Minute[];

  constructor(
    private readonly size = ERROR_MINUTES,
    private readonly bounds: readonly number[] = DURATION_BUCKETS,
  ) {
    this.minutes = Array.from({ length: size }, () => this.empty(-1));
  }

  private empty(minute: number): Minute {
    return { minute, errors: 0, counts: new Array<number>(this.bounds.length + 1).fill(0) };
  }

  private slot(now: number): Minute {
    const minute = Math.floor(now / 60_000);
    const index = minute % this.size;
    let slot = this.minutes[index];
    if (slot?.minute !== minute) this.minutes[index] = slot = this.empty(minute);
    return slot;
  }

  /** An answer: its status, and its time unless it is not a request time (a stream). */
  add(status: number | null, seconds: number | null, now = Date.now()): void {
    const slot = this.slot(now);
    if (status !== null && status >= 500) slot.errors += 1;
    if (seconds === null) return;
    const found = this.bounds.findIndex((bound) => seconds <= bound);
    const bucket = found < 0 ? this.bounds.length : found;
    slot.counts[bucket] = (slot.counts[bucket] ?? 0) + 1;
  }

  private within(minutes: number, now: number): Minute[] {
    const current = Math.floor(now / 60_000);
    return this.minutes.filter((slot) => slot.minute > current - minutes && slot.minute <= current);
  }

  /** 5xx answers in the last `minutes` (this one included). */
  errors(minutes: number, now = Date.now()): number {
    return this.within(minutes, now).reduce((sum, slot) => sum + slot.errors, 0);
  }

  /** Request times in the last `minutes`: how many, and their 95th percentile (seconds). */
  latency(minutes: number, now = Date.now()): { requests: number; p95: number | null } {
    const counts = new Array<number>(this.bounds.length + 1).fill(0);
    for (const slot of this.within(minutes, now)) {
      for (const [i, n] of slot.counts.entries()) counts[i] = (counts[i] ?? 0) + n;
    }
    return {
      requests: counts.reduce((sum, n) => sum + n, 0),
      p95: quantile(this.bounds, counts, 0.95),
    };
  }
}

let processRegistry: Registry | undefined;

/** The process's figures (event loop, memory, CPU, GC), collected once however many servers run. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Whether the request presents the token as `Authorization: Bearer`, compared in constant time. */
export function presentsToken(req: Pick<IncomingMessage, "headers">, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? "");
  // Digests of equal length: neither the token's length nor its bytes show in the time taken.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}

interface DatabaseSample {
  up: boolean;
  /** `select 1`'s round trip, a free pool connection's wait included, seconds. */
  probeSeconds: number | null;
  outbox: InstanceFigures["outbox"];
}

/** One `select 1` timed, then the outbox's jobs in one query on its (status, next_attempt_at) index. */
async function sampleDatabase(database: DatabaseHandle): Promise<DatabaseSample> {
  const started = performance.now();
  await database.ping();
  const probeSeconds = (performance.now() - started) / 1000;
  const result = await database.db.execute(sql`
    select
      count(*) filter (where status = 'pending' and next_attempt_at <= now())::int as due,
      count(*) filter (where status = 'failed')::int as failed,
      extract(epoch from now() - min(next_attempt_at)
        filter (where status = 'pending' and next_attempt_at <= now()))::float8 as oldest
    from outbox_jobs where status in ('pending', 'failed')`);
  const row = rowsOf<{ due: number; failed: number; oldest: number | string | null }>(result)[0];
  return {
    up: true,
    probeSeconds,
    outbox: {
      due: row?.due ?? 0,
      failed: row?.failed ?? 0,
      oldestDueSeconds: row?.oldest === null || row?.oldest === undefined ? 0 : Number(row.oldest),
    },
  };
}

export interface MetricsOptions {
  database: DatabaseHandle;
  /** The page cache's figures now; `purges`: pages purged since start (decision 041). */
  pageCache: () => { entries: number; bytes: number; purges: number };
  now?: () => number;
}

export interface SiteMetrics {
  /** This server's own metrics (the process's are added to the output). */
  registry: Registry;
  /** For the HTTP edge (HandlerOptions.observe). */
  observe(edge: ObservedEdge): EdgeObserver;
  /** `GET /metrics` for the bearer of the token; for anyone else it is not there. */
  endpoint(token: string): Endpoint;
  /** The exposition: this server's metrics and the process's. */
  exposition(): Promise<{ contentType: string; body: string }>;
  /** The console's "Now" (app/lib/app-context.server.ts). */
  figures(): Promise<InstanceFigures>;
}

export function createMetrics(options: MetricsOptions): SiteMetrics {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  const registers = [registry];
  const recent = new RecentAnswers();
  const routeIds = new LRUCache<string, string>({ max: REMEMBERED_PATHS });
  let edge: ObservedEdge | undefined;

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route id (or static, operator, metrics, redirect, refused, not_found) and status class.",
    labelNames: ["route", "status_class"],
    registers,
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer (event streams are counted, not timed).",
    labelNames: ["route", "status_class"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  new Gauge({
    name: "render_gate_queue_length",
    help: "Uncached renders waiting for their turn (render gate).",
    registers,
    collect() {
      this.set(edge?.rendersWaiting ?? 0);
    },
  });
  const renderWaits = new Histogram({
    name: "render_gate_wait_seconds",
    help: "How long each uncached render waited for its turn (0 when one was free).",
    buckets: WAIT_BUCKETS,
    registers,
  });
  const cacheHits = new Counter({
    name: "page_cache_hits_total",
    help: "Reads of a cacheable page answered from the page cache.",
    registers,
  });
  const cacheMisses = new Counter({
    name: "page_cache_misses_total",
    help: "Reads of a cacheable page the page cache did not have.",
    registers,
  });
  new Gauge({
    name: "page_cache_bytes",
    help: "Memory the kept pages hold (bodies, encodings, headers).",
    registers,
    collect() {
      this.set(options.pageCache().bytes);
    },
  });
  new Gauge({
    name: "page_cache_entries",
    help: "Pages kept in the page cache.",
    registers,
    collect() {
      this.set(options.pageCache().entries);
    },
  });
  let purgesSeen = 0;
  new Counter({
    name: "page_cache_purges_total",
    help: "Pages dropped from the page cache before their time because what they show changed.",
    registers,
    collect() {
      const { purges } = options.pageCache();
      if (purges > purgesSeen) this.inc(purges - purgesSeen);
      purgesSeen = purges;
    },
  });
  const streams = new Gauge({
    name: "live_streams_open",
    help: "Event streams open on this instance (a conversation's live messages).",
    registers,
  });

  let sample: { at: number; value: Promise<DatabaseSample> } | undefined;
  /** The database's figures, asked at most every DATABASE_SAMPLE_MS (concurrent scrapes share one). */
  function databaseSample(): Promise<DatabaseSample> {
    if (sample && now() - sample.at < DATABASE_SAMPLE_MS) return sample.value;
    const previous = sample?.value;
    const value = withTimeout(
      sampleDatabase(options.database),
      DATABASE_SAMPLE_TIMEOUT_MS,
      () => new Error("the database did not answer in time"),
    ).catch(
      // Down or slow: the outbox's last figures stand, marked by database_up 0.
      async () => ({
        up: false,
        probeSeconds: null,
        outbox: previous ? (await previous).outbox : null,
      }),
    );
    sample = { at: now(), value };
    return value;
  }
  const fromDatabase = (name: string, help: string, read: (s: DatabaseSample) => number | null) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        // Unknown (the database has not answered yet): NaN, not a reassuring 0.
        this.set(read(await databaseSample()) ?? Number.NaN);
      },
    });
  fromDatabase(
    "database_up",
    `1 when the database answered a select 1 within ${DATABASE_SAMPLE_TIMEOUT_MS.toString()} ms (asked at most every ${(DATABASE_SAMPLE_MS / 1000).toString()} s).`,
    (s) => (s.up ? 1 : 0),
  );
  fromDatabase(
    "database_probe_seconds",
    "Round trip of a select 1 through the pool, its wait for a free connection included (one probe per sample; every query is in database_query_seconds).",
    (s) => s.probeSeconds,
  );
  fromDatabase(
    "outbox_jobs_due",
    "Outbox jobs waiting to be sent now.",
    (s) => s.outbox?.due ?? null,
  );
  fromDatabase(
    "outbox_jobs_failed",
    "Outbox jobs that failed for good (an operator retries or resolves them).",
    (s) => s.outbox?.failed ?? null,
  );
  fromDatabase(
    "outbox_oldest_due_age_seconds",
    "How long the oldest due outbox job has been due (0 when none is).",
    (s) => s.outbox?.oldestDueSeconds ?? null,
  );

  const queries = new Histogram({
    name: "database_query_seconds",
    help: "Each query's time from a connection taking it to its answer (on PGlite, its turn behind the others included).",
    buckets: QUERY_BUCKETS,
    registers,
  });
  const poolWaits = new Histogram({
    name: "database_pool_wait_seconds",
    help: "How long each query, or each transaction until its BEGIN answered, waited for a free connection of the pool (PostgreSQL only: PGlite has no pool).",
    buckets: QUERY_BUCKETS,
    registers,
  });
  options.database.observe({
    query: (seconds) => queries.observe(seconds),
    poolWait: (seconds) => poolWaits.observe(seconds),
  });

  const routeIdOf = (pathname: string) => () => {
    const known = routeIds.get(pathname);
    if (known !== undefined) return known;
    const id = edge?.routeIdOf(pathname);
    if (id !== undefined) routeIds.set(pathname, id);
    return id;
  };

  const observer: EdgeObserver = {
    answered(request) {
      const labels = {
        route: routeLabel(request, routeIdOf(request.pathname)),
        status_class: statusClass(request.status),
      };
      requests.inc(labels);
      if (!request.streaming) durations.observe(labels, request.seconds);
      recent.add(request.status, request.streaming ? null : request.seconds, now());
    },
    pageCache: (hit) => (hit ? cacheHits : cacheMisses).inc(),
    renderAdmitted: (waited) => renderWaits.observe(waited),
    streamOpened() {
      streams.inc();
      let open = true;
      return () => {
        if (open) streams.dec();
        open = false;
      };
    },
  };

  const everything = Registry.merge([processMetrics(), registry]);
  const exposition = async () => ({
    contentType: everything.contentType,
    body: await everything.metrics(),
  });

  return {
    registry,
    observe(observed) {
      edge = observed;
      return observer;
    },
    endpoint: (token) => ({
      prefix: METRICS_PATH,
      async answer(req, res, pathname) {
        const read = req.method === "GET" || req.method === "HEAD";
        // Not answered: the request goes on to the router's 404, as any unknown path.
        if (pathname !== METRICS_PATH || !read || !presentsToken(req, token)) return false;
        const { contentType, body } = await exposition();
        res.statusCode = 200;
        res.setHeader("Content-Type", contentType);
        res.setHeader("Cache-Control", "no-store");
        res.end(req.method === "HEAD" ? undefined : body);
        return true;
      },
    }),
    exposition,
    async figures() {
      const at = now();
      const latency = recent.latency(LATENCY_MINUTES, at);
      return {
        latencyMinutes: LATENCY_MINUTES,
        requests: latency.requests,
        p95Seconds: latency.p95,
        errorsLastHour: recent.errors(ERROR_MINUTES, at),
        outbox: (await databaseSample()).outbox,
      };
    },
  };
}
