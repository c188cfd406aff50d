/**
 * The numbers to watch (issue 35, decision 042): `/metrics` in Prometheus's
 * text format for the operator token only (the site's 404 for anyone else),
 * its counters moving with requests; `/readyz` ready while the database
 * answers with every migration applied, and not while it is away.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { sendToPros } from "~/features/marketplace/requests.server";
import { threads } from "../../database/schema";
import { CookieJar } from "../support/cookie-jar";
import {
  consentFor,
  createBusiness,
  createRequest,
  delivery,
} from "../support/marketplace-factories";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { freshDataDir, startSite, type SiteServer, type TestServer } from "../support/server";
import { startServerBehindProxy, type ServerBehindProxy } from "../support/server-behind-proxy";
import type { TcpProxy } from "../support/tcp-proxy";

const TOKEN = "metrics-test-3f1c9a7e5b2d4f6081a3c5e7092b4d6f";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus's text format (0.0.4), read strictly: `# HELP`/`# TYPE` lines,
 * and samples `name{label="value",…} value`, each of a family its TYPE
 * declared (a histogram's as `_bucket`, `_sum` and `_count`).
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  const sampleLine = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("# HELP ")) {
      expect(line, line).toMatch(new RegExp(`^# HELP ${NAME} `));
      continue;
    }
    if (line.startsWith("# TYPE ")) {
      const match = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(
        line,
      );
      expect(match, line).not.toBeNull();
      if (match?.[1] && match[2]) types.set(match[1], match[2]);
      continue;
    }
    const match = sampleLine.exec(line);
    expect(match, line).not.toBeNull();
    if (!match?.[1] || match[3] === undefined) continue;
    const labels: Record<string, string> = {};
    const body = match[2] ?? "";
    label.lastIndex = 0;
    while (label.lastIndex < body.length) {
      const pair = label.exec(body);
      expect(pair, line).not.toBeNull();
      if (!pair?.[1] || pair[2] === undefined) break;
      labels[pair[1]] = pair[2].replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    const raw = match[3];
    // Prometheus reads these case-insensitively (prom-client writes `Nan`).
    const value = /^nan$/i.test(raw)
      ? Number.NaN
      : raw === "+Inf"
        ? Infinity
        : raw === "-Inf"
          ? -Infinity
          : Number(raw);
    expect(/^nan$/i.test(raw) || !Number.isNaN(value), line).toBe(true);
    const family = match[1].replace(/_(bucket|sum|count)$/, "");
    expect(types.has(match[1]) || types.get(family) === "histogram", line).toBe(true);
    samples.push({ name: match[1], labels, value });
  }
  return { types, samples };
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(url: string) {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  return parseExposition(await response.text()).samples;
}

describe("/metrics and /readyz", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir, OPERATOR_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("is the site's own 404 for anyone without the operator token", async () => {
    // An unknown path of the same shape: the 404 page names the path it was asked for.
    const unknown = await fetch(`${server.url}/metricx`);
    expect(unknown.status).toBe(404);
    const notFound = (await unknown.text())
      .replaceAll("metricx", "metrics")
      .replaceAll("Metricx", "Metrics");
    for (const authorization of [
      undefined,
      `Bearer ${"x".repeat(TOKEN.length)}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await fetch(`${server.url}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status, authorization).toBe(404);
      expect(response.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
      expect(await response.text(), authorization).toBe(notFound);
    }
  });

  it("uses OPERATOR_TOKEN as the operator token, for the command line too", () => {
    const runtime = JSON.parse(readFileSync(path.join(data.dir, "server.json"), "utf8")) as {
      token: string;
    };
    expect(runtime.token).toBe(TOKEN);
  });

  it("answers the token with Prometheus text: every figure the operator watches", async () => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { types, samples } = parseExposition(await response.text());
    expect(Object.fromEntries([...types].filter(([name]) => !name.startsWith("nodejs_")))).toEqual(
      expect.objectContaining({
        http_requests_total: "counter",
        http_request_duration_seconds: "histogram",
        render_gate_queue_length: "gauge",
        render_gate_wait_seconds: "histogram",
        page_cache_hits_total: "counter",
        page_cache_misses_total: "counter",
        page_cache_bytes: "gauge",
        page_cache_entries: "gauge",
        page_cache_purges_total: "counter",
        outbox_jobs_due: "gauge",
        outbox_jobs_failed: "gauge",
        outbox_oldest_due_age_seconds: "gauge",
        live_streams_open: "gauge",
        database_up: "gauge",
        database_probe_seconds: "gauge",
        database_query_seconds: "histogram",
        database_pool_wait_seconds: "histogram",
        process_resident_memory_bytes: "gauge",
      }),
    );
    expect(types.get("nodejs_eventloop_lag_p99_seconds")).toBe("gauge");
    expect(valueOf(samples, "database_up")).toBe(1);
    expect(valueOf(samples, "database_probe_seconds")).toBeGreaterThan(0);
    expect(valueOf(samples, "outbox_oldest_due_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "live_streams_open")).toBe(0);

    const head = await fetch(`${server.url}/metrics`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(head.status).toBe(200);
  });

  it("counts a request under its route id and status class, never its path", async () => {
    const healthz = { route: "routes/resources/healthz", status_class: "2xx" };
    const before = await scrape(server.url);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/not-a-place-anyone-has-heard-of`)).status).toBe(404);
    await expect
      .poll(async () => valueOf(await scrape(server.url), "http_requests_total", healthz))
      .toBe(valueOf(before, "http_requests_total", healthz) + 2);
    const after = await scrape(server.url);
    expect(
      valueOf(after, "http_request_duration_seconds_count", healthz) -
        valueOf(before, "http_request_duration_seconds_count", healthz),
    ).toBe(2);
    expect(
      valueOf(after, "http_requests_total", { route: "not_found", status_class: "4xx" }),
    ).toBeGreaterThan(valueOf(before, "http_requests_total", { route: "not_found" }));
    // The scrapes themselves, under the endpoint's fixed name.
    expect(valueOf(after, "http_requests_total", { route: "metrics" })).toBeGreaterThan(0);
    const routes = new Set(
      after.filter((s) => s.name === "http_requests_total").map((s) => s.labels.route),
    );
    for (const route of routes) expect(route).not.toMatch(/^\/|heard-of/);
  });

  it("counts the page cache's hits and misses", async () => {
    const before = await scrape(server.url);
    const looked = [];
    for (let i = 0; i < 3; i++) {
      const page = await fetch(`${server.url}/roofing`);
      expect(page.status).toBe(200);
      await page.arrayBuffer();
      looked.push(page.headers.get("x-cache"));
    }
    const after = await scrape(server.url);
    const hits = looked.filter((x) => x === "HIT" || x === "PRERENDERED").length;
    expect(valueOf(after, "page_cache_hits_total") - valueOf(before, "page_cache_hits_total")).toBe(
      hits,
    );
    expect(
      valueOf(after, "page_cache_misses_total") - valueOf(before, "page_cache_misses_total"),
    ).toBe(3 - hits);
    expect(valueOf(after, "page_cache_entries")).toBeGreaterThan(0);
    expect(valueOf(after, "page_cache_bytes")).toBeGreaterThan(0);
  });

  it("shows the operator's console the figures that matter now", async () => {
    // A sign-in link through the operator endpoint, as `npm run operator -- link` asks for one.
    const linked = await fetch(`${server.url}/_operator/operators`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ command: "link" }),
    });
    expect(linked.status).toBe(200);
    const { url } = (await linked.json()) as { url: string };
    const jar = new CookieJar();
    expect((await jar.fetch(url)).status).toBe(200);
    const signedIn = await jar.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "",
    });
    expect(signedIn.status).toBe(302);
    const overview = await jar.fetch(`${server.url}/admin`);
    expect(overview.status).toBe(200);
    const html = await overview.text();
    expect(html).toContain(">Now</h2>");
    expect(html).toMatch(/95th percentile \(this instance, last <!-- -->5<!-- --> minutes\)/);
    expect(html).toMatch(/Oldest outbox job due<\/dt><dd[^>]*>None due</);
    expect(html).toMatch(/Errors \(5xx\) in the last hour \(this instance\)<\/dt><dd[^>]*>0</);
  });

  it("is ready: the database answers and has every migration", async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.text()).toBe("ready\n");
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(baseUrl)("/readyz and /metrics when PostgreSQL goes away and comes back", () => {
  let site: ServerBehindProxy;
  let server: TestServer;
  let proxy: TcpProxy;

  beforeAll(async () => {
    site = await startServerBehindProxy(baseUrl ?? "", { OPERATOR_TOKEN: TOKEN });
    ({ server, proxy } = site);
  });
  afterAll(async () => {
    await site.stop();
  });

  it("is not ready while the database is away, and ready once it is back", async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await proxy.cut();
    try {
      const started = performance.now();
      const down = await fetch(`${server.url}/readyz`);
      expect(down.status).toBe(503);
      expect(down.headers.get("cache-control")).toBe("no-store");
      expect(await down.text()).toMatch(/^not ready: the database [^\n]+\n$/);
      // Bounded by its own timeout, not the driver's connection timeout.
      expect(performance.now() - started).toBeLessThan(4_000);
      // The metrics still answer, saying the database is down.
      await expect
        .poll(async () => valueOf(await scrape(server.url), "database_up"), { timeout: 15_000 })
        .toBe(0);
    } finally {
      await proxy.restore();
    }
    await expect
      .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 20_000 })
      .toBe(200);
    await expect
      .poll(async () => valueOf(await scrape(server.url), "database_up"), { timeout: 15_000 })
      .toBe(1);
  });

  it("is not ready while the build's latest migration is missing from the database", async () => {
    const sql = postgres(site.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [latest] = await sql<{ id: number; hash: string; created_at: string }[]>`
        select id, hash, created_at from drizzle.__drizzle_migrations
        order by created_at desc limit 1`;
      if (!latest) throw new Error("no migrations recorded");
      await sql`delete from drizzle.__drizzle_migrations where id = ${latest.id}`;
      const pending = await fetch(`${server.url}/readyz`);
      expect(pending.status).toBe(503);
      expect(await pending.text()).toMatch(/^not ready: migrations are not applied up to \S+\n$/);
      await sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${latest.id}, ${latest.hash}, ${latest.created_at})`;
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await sql.end();
    }
  });
});

describe.runIf(baseUrl)("a conversation's live stream on /metrics", () => {
  let site: PostgresSite;

  beforeAll(async () => {
    site = await startSiteOnPostgres({ OPERATOR_TOKEN: TOKEN });
  }, 120_000);
  afterAll(async () => {
    await site.stop();
  });

  /** A homeowner's request accepted by a pro: their thread. */
  async function thread() {
    const [homeowner, pro] = await Promise.all([signedInOn(site), signedInOn(site)]);
    const actor = (userId: string) => ({ userId, clientAddress: "203.0.113.9", userAgent: "test" });
    const business = await createBusiness(site.db, actor(pro.userId), "Gauge Roofing");
    const owner = actor(homeowner.userId);
    const leadId = await createRequest(site.db, owner, { preferredContact: "messages" });
    await sendToPros(site.db, owner, leadId, [business.id], consentFor(business), delivery);
    await proStep(site.db, pro.userId, leadId, business.id, { event: "accept" });
    const [row] = await site.db
      .select({ id: threads.id })
      .from(threads)
      .where(and(eq(threads.leadId, leadId), eq(threads.contractorId, business.id)));
    if (!row) throw new Error("accepting opened no thread");
    return { pro, threadId: row.id };
  }

  it("is counted open while it is, and as a request (not a request time) once it closes", async () => {
    const { pro, threadId } = await thread();
    const events = { route: "routes/resources/thread-events" };
    const stream = new AbortController();
    try {
      const response = await pro.jar.fetch(`${site.url}/threads/${threadId}/events`, {
        signal: stream.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body?.getReader();
      if (!reader) throw new Error("no stream");
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain("retry:");
      const open = await scrape(site.url);
      expect(valueOf(open, "live_streams_open")).toBe(1);
      expect(valueOf(open, "http_requests_total", events)).toBe(0);
    } finally {
      stream.abort();
    }
    await expect.poll(async () => valueOf(await scrape(site.url), "live_streams_open")).toBe(0);
    const closed = await scrape(site.url);
    expect(valueOf(closed, "http_requests_total", { ...events, status_class: "2xx" })).toBe(1);
    expect(valueOf(closed, "http_request_duration_seconds_count", events)).toBe(0);
  });

  it("times the queries a page makes, and their waits for a connection", async () => {
    const person = await signedInOn(site);
    const before = await scrape(site.url);
    expect((await person.jar.fetch(`${site.url}/dashboard`)).status).toBe(200);
    const after = await scrape(site.url);
    for (const name of ["database_query_seconds_count", "database_pool_wait_seconds_count"])
      expect(valueOf(after, name)).toBeGreaterThan(valueOf(before, name));
    expect(valueOf(after, "database_query_seconds_sum")).toBeGreaterThan(
      valueOf(before, "database_query_seconds_sum"),
    );
  });
});
