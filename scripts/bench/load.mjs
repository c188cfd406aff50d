// `npm run bench:load`: the production server under issue 18's visitor mix:
// 80 % page views (half cached pages, half long-tail city and city/service
// pages across the gazetteer's places, rarely repeated and so rendered), 15 %
// place look-ups and 5 % quote posts, at 100 and 400 concurrent connections,
// on the embedded database and (when TEST_DATABASE_URL or BENCH_DATABASE_URL
// is set) on PostgreSQL, in a database of its own.
//
// It prints, within each run: p50/p99 per kind of request, the quote posts'
// latency as a ratio of the page views', socket errors, unexpected statuses,
// leads answered vs stored, the server's RSS and CPU, the database's ceiling
// (single-row inserts per second through app/lib/db.server.ts, measured just
// before the server starts) and the lead path's share of it, and a table of
// issue 18's targets. A benchmark, not a test; decision 016.
//
// BENCH_DURATION_S (30), BENCH_CONNECTIONS ("100,400"), BENCH_PORT (4401),
// BENCH_DATABASES ("pglite,postgres"), BENCH_NO_WRITE=1 (print only, leave
// docs/performance-load.md alone).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { CATEGORY_SLUGS } from "../../app/site.ts";
import { format, resolveConfig } from "prettier";
import { requireNode } from "../require-node.mjs";
import { longTailCityPaths } from "./long-tail.mjs";
import {
  buildFor,
  cpuSeconds,
  formKeyFrom,
  percentile,
  printTable,
  processRssMb,
  removeDataDir,
  startBenchServer,
  tempDataDir,
  withBenchPostgres,
} from "./harness.mjs";

requireNode();

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 4401);
const SITE_URL = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "100,400").split(",").map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
/** Quote posts wait this long after their page, as a person filling in the form does. */
const FORM_MIN_FILL_MS = 1000;
/** Issue 18's targets. */
const TARGETS = {
  p50Ratio: 3,
  p99Ratio: 2,
  rssMb: { "PGlite (embedded)": 500, PostgreSQL: 300 },
};

// Cached pages: prerendered or kept five minutes, all at canonical paths (the
// warm-up checks that each is served from the cache).
const CACHED_PAGES = [
  "/",
  "/roofing",
  "/plumbing",
  "/denver-co",
  "/denver-co/roofing",
  "/toronto-on",
  "/toronto-on/plumbing",
  "/electrical",
  "/austin-tx",
  "/austin-tx/electrical",
  "/home-renovation",
  "/privacy",
  "/landscaping",
];
const PLACE_QUERIES = ["den", "toronto", "san fr", "austin", "vancouver", "spring", "90210", "mon"];

// Twenty slots walked in turn by one counter shared by every connection: 8
// cached pages, 8 long-tail pages, 3 place look-ups, 1 quote post.
const SLOTS = [
  ..."CLCLPCLCLPCLCLPCLCLQ"
    .split("")
    .map(
      (letter) =>
        ({ C: "cached page", L: "long-tail page", P: "place look-up", Q: "quote post" })[letter],
    ),
];
const KINDS = ["cached page", "long-tail page", "place look-up", "quote post"];
const EXPECTED_STATUS = {
  "cached page": 200,
  "long-tail page": 200,
  "place look-up": 200,
  // A quote request continues to /search (spec §2).
  "quote post": 302,
};

/**
 * Place look-ups come from many visitors (this many addresses, in turn,
 * under TRUST_PROXY), so that a per-client limit sized for a person typing
 * does not see the whole bench as one client.
 */
const PLACE_VISITORS = 2000;
/** Resident memory of the server process, in whole MB (Linux). */
const rssMb = (pid) => Math.round(processRssMb(pid));

/** The run numbers of the leads the database holds (from their names). */
async function storedLeadNumbers(dataDir) {
  const runtime = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8"));
  const csv = await (
    await fetch(`${SITE_URL}/_operator/leads?since=1970-01-01`, {
      headers: { authorization: `Bearer ${runtime.token}` },
    })
  ).text();
  return new Set([...csv.matchAll(/Load Person (\d+)/g)].map((match) => Number(match[1])));
}

/** The database's ceiling: single-row inserts per second through the app's database layer. */
function databaseCeiling(target) {
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/bench/db-ceiling.ts", JSON.stringify(target)],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (child.status !== 0) throw new Error("the database ceiling run failed");
  return JSON.parse(child.stdout.trim().split("\n").at(-1));
}

/** Shared state of one server's runs: counters that go on from run to run. */
function createWalk(longTail, warmupCookie) {
  return {
    turn: 0,
    longTail,
    nextLongTail: 0,
    lookups: 0,
    posts: 0,
    // Form keys handed out by pages, oldest first, each used by one post once
    // it is FORM_MIN_FILL_MS old (as a person fills in the form).
    formKeys: [],
    warmupCookie,
    postsWithWarmupCookie: 0,
  };
}

function formKeyForPost(walk) {
  const oldest = walk.formKeys[0];
  if (oldest && performance.now() - oldest.at >= FORM_MIN_FILL_MS) {
    walk.formKeys.shift();
    return oldest.cookie;
  }
  walk.postsWithWarmupCookie += 1;
  return walk.warmupCookie;
}

async function mixedRun(connections, walk, pid) {
  const samples = Object.fromEntries(KINDS.map((kind) => [kind, []]));
  const unexpected = Object.fromEntries(KINDS.map((kind) => [kind, new Map()]));
  const timedOut = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  const answered = new Set();
  const requests = [
    {
      setupRequest(request, context) {
        const kind = SLOTS[walk.turn % SLOTS.length];
        walk.turn += 1;
        context.kind = kind;
        if (kind === "cached page") {
          const page = CACHED_PAGES[Math.floor(walk.turn / SLOTS.length) % CACHED_PAGES.length];
          return { ...request, method: "GET", path: page };
        }
        if (kind === "long-tail page") {
          const page = walk.longTail[walk.nextLongTail % walk.longTail.length];
          walk.nextLongTail += 1;
          return { ...request, method: "GET", path: page };
        }
        if (kind === "place look-up") {
          walk.lookups += 1;
          const q = PLACE_QUERIES[walk.lookups % PLACE_QUERIES.length];
          const visitor = walk.lookups % PLACE_VISITORS;
          return {
            ...request,
            method: "GET",
            path: `/api/places?q=${encodeURIComponent(q)}`,
            headers: {
              ...request.headers,
              "x-forwarded-for": `10.200.${(visitor >> 8).toString()}.${(visitor & 255).toString()}`,
            },
          };
        }
        walk.posts += 1;
        const n = walk.posts;
        context.lead = n;
        return {
          ...request,
          method: "POST",
          path: "/?index",
          headers: {
            ...request.headers,
            "content-type": "application/x-www-form-urlencoded",
            origin: SITE_URL,
            // The form key a page gave this visitor, as a browser sends it.
            cookie: formKeyForPost(walk),
            // Each post from its own visitor, as on the open internet (the
            // server trusts the proxy header in this run).
            "x-forwarded-for": `10.${((n >> 16) & 255).toString()}.${((n >> 8) & 255).toString()}.${(n & 255).toString()}`,
          },
          body: new URLSearchParams({
            intent: "quote",
            name: `Load Person ${n.toString()}`,
            email: `load.${n.toString()}@example.com`,
            phone: "(303) 555-0147",
            service: "roofing",
            postalCode: "80202",
            details: "Load run: replace a section of asphalt shingles.",
            consent: "on",
          }).toString(),
        };
      },
    },
  ];
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: SITE_URL,
    connections,
    duration: DURATION_S,
    headers: { "accept-encoding": "gzip, br" },
    requests,
    setupClient(client) {
      client.on("headers", (info) => {
        const cookie = formKeyFrom(info.headers ?? []);
        if (cookie && walk.formKeys.length < 10_000)
          walk.formKeys.push({ cookie, at: performance.now() });
      });
      // Unanswered after autocannon's 10 s: the connection is closed and opened again.
      client.on("timeout", () => {
        timedOut[client.requestIterator.context.kind] += 1;
      });
      client.on("response", (status, _bytes, duration) => {
        const { kind, lead } = client.requestIterator.context;
        samples[kind].push(duration);
        if (status === EXPECTED_STATUS[kind]) {
          if (kind === "quote post") answered.add(lead);
        } else {
          unexpected[kind].set(status, (unexpected[kind].get(status) ?? 0) + 1);
        }
      });
    },
  });
  const serverCpu = Math.round((100 * (cpuSeconds(pid) - cpuBefore)) / result.duration);
  const rows = KINDS.map((kind) => {
    const sorted = samples[kind].sort((a, b) => a - b);
    const statuses = [...unexpected[kind]].map(([status, count]) => `${status}×${count}`);
    return {
      connections,
      kind,
      requests: sorted.length,
      "requests/s": Math.round(sorted.length / result.duration),
      "p50 ms": Math.round(percentile(sorted, 0.5)),
      "p99 ms": Math.round(percentile(sorted, 0.99)),
      "unexpected statuses": statuses.length > 0 ? statuses.join(" ") : 0,
      "timeouts (10 s)": timedOut[kind],
    };
  });
  const pages = [...samples["cached page"], ...samples["long-tail page"]].sort((a, b) => a - b);
  const posts = samples["quote post"];
  return {
    rows,
    pages: { p50: percentile(pages, 0.5), p99: percentile(pages, 0.99) },
    posts: { p50: percentile(posts, 0.5), p99: percentile(posts, 0.99) },
    total: Math.round(result.requests.total / result.duration),
    socketErrors: result.errors,
    timeouts: result.timeouts,
    unexpected: KINDS.reduce(
      (sum, kind) => sum + [...unexpected[kind].values()].reduce((a, b) => a + b, 0),
      0,
    ),
    answered,
    leadsPerS: answered.size / result.duration,
    serverCpu,
  };
}

let longTailPaths;

/** Half city pages, half city/service pages, in an order that repeats none for long. */
function longTailWalk(cityPaths) {
  const pages = cityPaths.flatMap((city, i) => [
    city,
    `${city}/${CATEGORY_SLUGS[i % CATEGORY_SLUGS.length]}`,
  ]);
  // A fixed shuffle (a linear congruential generator): the same walk every run.
  let seed = 18;
  for (let i = pages.length - 1; i > 0; i -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [pages[i], pages[j]] = [pages[j], pages[i]];
  }
  return pages;
}

async function runOn(label, env, ceilingTarget) {
  console.error(`${label}: the database's ceiling…`);
  const ceiling = databaseCeiling(ceilingTarget);
  const dataDir = tempDataDir("tm-bench-load-");
  const server = await startBenchServer({
    PORT: String(PORT),
    SITE_URL,
    DATA_DIR: dataDir,
    // Built just above, for this address.
    SKIP_BUILD_CHECK: "1",
    FORM_MIN_FILL_MS: String(FORM_MIN_FILL_MS),
    RATE_LIMIT_MAX: "100000000",
    TRUST_PROXY: "1",
    ...env,
  });
  const summary = [];
  const kinds = [];
  const answeredLeads = new Set();
  let walk;
  try {
    // Warm up (first query, gazetteer, page renders) before measuring, and
    // check that the cached pages are served from the cache.
    let warmupCookie;
    let warmupCookieAt = 0;
    // Twice each: the page cache keeps a page from its second request on.
    for (const page of [...CACHED_PAGES, ...CACHED_PAGES]) {
      const response = await fetch(`${SITE_URL}${page}`);
      await response.arrayBuffer();
      if (warmupCookie) continue;
      warmupCookie = formKeyFrom(
        response.headers.getSetCookie().flatMap((value) => ["set-cookie", value]),
      );
      warmupCookieAt = performance.now();
    }
    const notCached = [];
    for (const page of CACHED_PAGES) {
      const response = await fetch(`${SITE_URL}${page}`);
      await response.arrayBuffer();
      if (!/^(HIT|PRERENDERED)$/.test(response.headers.get("x-cache") ?? "")) notCached.push(page);
    }
    if (notCached.length > 0) console.error(`Not served from the cache: ${notCached.join(", ")}`);
    if (!longTailPaths) {
      console.error("Finding long-tail city pages through the places API…");
      longTailPaths = longTailWalk(
        await longTailCityPaths(SITE_URL, 4000, { "x-forwarded-for": "10.250.0.1" }),
      );
    }
    walk = createWalk(longTailPaths, warmupCookie);
    // Posts that find no page's form key old enough yet send the warm-up's.
    const wait = FORM_MIN_FILL_MS + 100 - (performance.now() - warmupCookieAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const before = rssMb(server.pid);
    for (const connections of CONNECTIONS) {
      console.error(`${label}: ${connections} connections for ${DURATION_S} s…`);
      const run = await mixedRun(connections, walk, server.pid);
      for (const n of run.answered) answeredLeads.add(n);
      kinds.push(...run.rows.map((row) => ({ database: label, ...row })));
      summary.push({
        database: label,
        connections,
        "requests/s": run.total,
        "server CPU %": run.serverCpu,
        "page p50/p99 ms": `${Math.round(run.pages.p50)} / ${Math.round(run.pages.p99)}`,
        "post p50/p99 ms": `${Math.round(run.posts.p50)} / ${Math.round(run.posts.p99)}`,
        "post/page p50": ratio(run.posts.p50, run.pages.p50),
        "post/page p99": ratio(run.posts.p99, run.pages.p99),
        // autocannon counts a request unanswered after 10 s as an error and a timeout.
        "socket errors": run.socketErrors,
        "of which timeouts": run.timeouts,
        "unexpected statuses": run.unexpected,
        "leads/s": Math.round(run.leadsPerS),
        "DB ceiling inserts/s": ceiling.insertsPerS,
        "lead path % of ceiling": Math.round((100 * run.leadsPerS) / ceiling.insertsPerS),
        "RSS MB after": rssMb(server.pid),
      });
    }
    const stored = await storedLeadNumbers(dataDir);
    const lost = [...answeredLeads].filter((n) => !stored.has(n));
    return {
      label,
      ceiling,
      kinds,
      summary,
      leads: {
        database: label,
        "RSS MB before": before,
        "RSS MB after": rssMb(server.pid),
        "DB ceiling inserts/s": ceiling.insertsPerS,
        "ceiling insert p50/p99 ms": `${ceiling.p50Ms} / ${ceiling.p99Ms}`,
        "leads sent": walk.posts,
        "posts with the warm-up's form key": walk.postsWithWarmupCookie,
        "leads answered": answeredLeads.size,
        "answered and stored": answeredLeads.size - lost.length,
        // Requests cut off when a run ends: stored, but their answer was never read.
        "stored, answer cut off": [...stored].filter((n) => !answeredLeads.has(n)).length,
        "answered, not stored": lost.length,
        equal: lost.length === 0 ? "yes" : "NO",
      },
    };
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

function ratio(a, b) {
  return b > 0 ? `${(a / b).toFixed(1)}×` : "n/a";
}

function targetRows(results) {
  const rows = [];
  const verdict = (ok) => (ok ? "met" : "NOT MET");
  for (const result of results) {
    for (const run of result.summary) {
      const p50 = Number.parseFloat(run["post/page p50"]);
      const p99 = Number.parseFloat(run["post/page p99"]);
      const rssLimit = TARGETS.rssMb[result.label];
      rows.push({
        database: result.label,
        connections: run.connections,
        [`post p50 ≤ ${TARGETS.p50Ratio}× page`]: `${run["post/page p50"]} ${verdict(p50 <= TARGETS.p50Ratio)}`,
        [`post p99 ≤ ${TARGETS.p99Ratio}× page`]: `${run["post/page p99"]} ${verdict(p99 <= TARGETS.p99Ratio)}`,
        "0 socket errors": `${run["socket errors"]} ${verdict(run["socket errors"] === 0)}`,
        "0 unexpected statuses": `${run["unexpected statuses"]} ${verdict(run["unexpected statuses"] === 0)}`,
        "answered = stored": `${result.leads.equal} ${verdict(result.leads.equal === "yes")}`,
        [`RSS ≤ limit`]: `${run["RSS MB after"]} / ${rssLimit} MB ${verdict(run["RSS MB after"] <= rssLimit)}`,
      });
    }
  }
  return rows;
}

await buildFor(SITE_URL);

const results = [];
if (DATABASES.includes("pglite")) {
  const ceilingDir = tempDataDir("tm-bench-ceiling-");
  try {
    results.push(await runOn("PGlite (embedded)", {}, { dataDir: ceilingDir }));
  } finally {
    removeDataDir(ceilingDir);
  }
}
if (DATABASES.includes("postgres")) {
  const onPostgres = await withBenchPostgres((url) =>
    runOn("PostgreSQL", { DATABASE_URL: url }, { url }),
  );
  if (onPostgres) results.push(onPostgres);
}

const mix = "80 % page views (half cached, half long-tail), 15 % place look-ups, 5 % quote posts";
console.log(`\nMixed load: ${DURATION_S} s per run; ${mix}`);
printTable(
  "Per kind of request",
  results.flatMap((result) => result.kinds),
);
printTable(
  "Per run",
  results.flatMap((result) => result.summary),
);
printTable(
  "Leads, memory and the database's ceiling",
  results.map((result) => result.leads),
);
const targets = targetRows(results);
printTable("Issue 18's targets", targets);

const markdown = (rows) => {
  const keys = Object.keys(rows[0]);
  return [
    `| ${keys.join(" | ")} |`,
    `|${keys.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${keys.map((key) => String(row[key])).join(" | ")} |`),
  ].join("\n");
};
if (process.env.BENCH_NO_WRITE !== "1" && results.length > 0) {
  const file = path.join(ROOT, "docs/performance-load.md");
  const page = [
    "# Mixed load",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:load\` on ${os.cpus().length.toString()} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.versions.node}: ${DURATION_S.toString()} s per run; ${mix}. Each post comes from its own address with the form key a page gave it, at least ${FORM_MIN_FILL_MS.toString()} ms old. autocannon runs on the same two cores as the server. The database's ceiling is measured just before each server starts (decision 016).`,
    "",
    "## Issue 18's targets",
    "",
    markdown(targets),
    "",
    "## Per run",
    "",
    markdown(results.flatMap((result) => result.summary)),
    "",
    "## Per kind of request",
    "",
    markdown(results.flatMap((result) => result.kinds)),
    "",
    "## Leads, memory and the database's ceiling",
    "",
    markdown(results.map((result) => result.leads)),
    "",
  ].join("\n");
  writeFileSync(file, await format(page, { ...(await resolveConfig(file)), filepath: file }));
}
if (results.some((result) => result.leads.equal !== "yes")) process.exitCode = 1;
