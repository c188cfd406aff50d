// `npm run bench:places`: the offline gazetteer's cost. Part 1 loads it in
// this process (through Vite, which compiles the TypeScript module) and times
// 10,000 suggestions for random prefixes of real place names; part 2 drives
// GET /api/places on the production server with autocannon. A benchmark, not
// a test.
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import autocannon from "autocannon";
import { createServer } from "vite";
import { requireNode } from "../require-node.mjs";
import { loadServerBuild } from "../server-build.mjs";
import {
  percentile,
  printTable,
  removeDataDir,
  round,
  startBenchServer,
  tempDataDir,
  timed,
} from "./harness.mjs";

requireNode();

const ROOT = path.resolve(import.meta.dirname, "../..");
const QUERIES = Number(process.env.BENCH_QUERIES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

// A full collection before each memory reading, so the deltas are what stays.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const MB = 1024 * 1024;
function memory() {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

/** A small seeded generator, so every run asks the same questions. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Prefixes of 1 to 8 characters of real US and Canadian place names. */
async function prefixes(readCities, count) {
  const names = [];
  await readCities((city) => {
    if (city.country === "US" || city.country === "CA") names.push(city.name);
  });
  const next = random(20_240_601);
  return Array.from({ length: count }, () => {
    const name = names[Math.floor(next() * names.length)];
    return name.slice(0, 1 + Math.floor(next() * 8));
  });
}

async function inProcess() {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    // The app's modules import each other as "~/…" (tsconfig.json's paths).
    resolve: { alias: { "~": path.join(ROOT, "app") } },
    logLevel: "error",
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
  });
  try {
    const { loadGazetteer } = await vite.ssrLoadModule("/app/features/places/gazetteer.server.ts");
    const { readCities } = await vite.ssrLoadModule(
      "/app/features/places/gazetteer-source.server.ts",
    );
    const before = memory();
    const { value: gazetteer, ms: loadMs } = await timed(() => loadGazetteer());
    const loaded = memory();

    // The postal-code data is read on the first postal lookup, not at load.
    const { ms: postalMs } = await timed(() => gazetteer.byPostalCode("80202"));
    const withPostal = memory();

    const queries = await prefixes(readCities, QUERIES);
    for (const query of queries.slice(0, 1000)) gazetteer.suggest(query);
    const times = new Float64Array(queries.length);
    queries.forEach((query, i) => {
      const start = performance.now();
      gazetteer.suggest(query);
      times[i] = performance.now() - start;
    });
    times.sort();
    const total = times.reduce((sum, time) => sum + time, 0);

    return {
      queries,
      row: {
        places: gazetteer.size,
        "load ms": Math.round(loadMs),
        "heap MB": round((loaded.heapUsed - before.heapUsed) / MB),
        "RSS MB": round((loaded.rss - before.rss) / MB),
        "1st postal ms": Math.round(postalMs),
        "postal heap MB": round((withPostal.heapUsed - loaded.heapUsed) / MB),
        suggestions: queries.length,
        "p50 µs": round(percentile(times, 0.5) * 1000),
        "p99 µs": round(percentile(times, 0.99) * 1000),
        "max µs": round(times[times.length - 1] * 1000),
        "per s": Math.round(queries.length / (total / 1000)),
      },
    };
  } finally {
    await vite.close();
  }
}

async function overHttp(queries) {
  await loadServerBuild();
  const dataDir = tempDataDir();
  const server = await startBenchServer({
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: "100000000",
    LOG_LEVEL: "info",
  });
  try {
    // The first request loads the gazetteer; it is not part of the measure.
    const probe = await fetch(`${server.url}/api/places?q=den`);
    if (!probe.ok) {
      return { note: `GET /api/places answered ${probe.status}: no measure` };
    }
    let sequence = 0;
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          method: "GET",
          setupRequest(request) {
            const query = queries[sequence++ % queries.length];
            request.path = `/api/places?q=${encodeURIComponent(query)}`;
            return request;
          },
        },
      ],
    });
    return {
      connections: CONNECTIONS,
      "duration s": DURATION_S,
      "requests/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      requests: result.requests.total,
      "non-2xx": result.non2xx,
      errors: result.errors + result.timeouts,
    };
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

const { queries, row } = await inProcess();
printTable(`Gazetteer in process: load, memory kept, ${QUERIES} suggestions`, [row]);

const http = await overHttp(queries);
printTable("GET /api/places?q=<prefix> over HTTP (production build)", [http]);
if (http.errors || http["non-2xx"]) process.exitCode = 1;
