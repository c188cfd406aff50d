// `npm run bench:leads`: drives the real lead endpoint (the home page's
// no-JavaScript form post) with autocannon and checks that every success the
// server answered is a stored lead. A benchmark, not a test.
import path from "node:path";
import autocannon from "autocannon";
import { requireNode } from "../require-node.mjs";
import { loadServerBuild } from "../server-build.mjs";
import {
  pageFormKey,
  printTable,
  removeDataDir,
  startBenchServer,
  tempDataDir,
  withBenchPostgres,
} from "./harness.mjs";

requireNode();
await loadServerBuild();

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// A fixed number of requests, so that every request sent is answered and counted.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);

async function storedLeadCount(server, dataDir) {
  const { readFileSync } = await import("node:fs");
  const runtime = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8"));
  const csv = await (
    await fetch(`${server.url}/_operator/leads?since=1970-01-01`, {
      headers: { authorization: `Bearer ${runtime.token}` },
    })
  ).text();
  // One header line; every lead starts a line with its UUID.
  return csv.split("\r\n").filter((line) => /^[0-9a-f]{8}-/.test(line)).length;
}

async function run(label, env) {
  const dataDir = tempDataDir();
  const server = await startBenchServer({
    DATA_DIR: dataDir,
    FORM_MIN_FILL_MS: "0",
    RATE_LIMIT_MAX: "100000000",
    LOG_LEVEL: "info",
    ...env,
  });
  // One form key for every post (each post's fields differ, so each is a lead).
  const cookie = await pageFormKey(`${server.url}/`);
  if (!cookie) throw new Error("the home page gave no form key");
  let sequence = 0;
  const result = await autocannon({
    url: `${server.url}/?index`,
    connections: CONNECTIONS,
    amount: REQUESTS,
    requests: [
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          cookie,
        },
        setupRequest(request) {
          sequence += 1;
          request.body = new URLSearchParams({
            intent: "quote",
            name: `Bench Person ${sequence}`,
            email: `bench.${sequence}@example.com`,
            phone: "(303) 555-0147",
            service: "roofing",
            postalCode: "80202",
            details: "Benchmark request: replace a section of asphalt shingles.",
            consent: "on",
          }).toString();
          return request;
        },
      },
    ],
  });
  const successes = result.statusCodeStats?.["302"]?.count ?? 0;
  const stored = await storedLeadCount(server, dataDir);
  await server.stop();
  removeDataDir(dataDir);
  return {
    database: label,
    "accepted leads/s": Math.round(successes / result.duration),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "successes answered": successes,
    "rows stored": stored,
    equal: successes === stored ? "yes" : "NO",
    errors: result.errors + result.timeouts,
  };
}

const rows = [await run("PGlite (embedded)", {})];
const onPostgres = await withBenchPostgres((url) =>
  run("PostgreSQL 127.0.0.1", { DATABASE_URL: url }),
);
if (onPostgres) rows.push(onPostgres);
printTable(`Lead submissions: ${REQUESTS} requests over ${CONNECTIONS} connections`, rows);
if (rows.some((row) => row.equal !== "yes")) process.exitCode = 1;
