// `npm run bench`: builds, starts the production server, and measures the
// pages people land on: the median of three Lighthouse mobile runs per page
// (scores, FCP, LCP, TBT, CLS, bytes) and server throughput with autocannon.
// Writes the table to docs/performance.md. A benchmark, not a test.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../../tests/support/browser.ts";
import { requireNode } from "../require-node.mjs";
import { buildFor, startBenchServer } from "./server.mjs";

requireNode();

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 4400);
const SITE_URL = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = [
  "/",
  "/roofing",
  "/denver-co",
  "/denver-co/roofing",
  "/search?service=roofing&zip=80202",
  "/login",
];
const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

// Built for this address, so the prerendered pages are the ones served.
buildFor(SITE_URL);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "tm-bench-site-"));
const server = await startBenchServer({
  PORT: String(PORT),
  SITE_URL,
  DATA_DIR: dataDir,
  // Built just above, for this address.
  SKIP_BUILD_CHECK: "1",
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function lighthouseRuns(url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      chromeFlags: CHROMIUM_FLAGS,
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result.lhr;
      const resources = lhr.audits["resource-summary"].details?.items ?? [];
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        bytes: lhr.audits["total-byte-weight"].numericValue,
        js: resources.find((item) => item.resourceType === "script")?.transferSize ?? 0,
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(runs.map((run) => run[key]));
  return {
    page: new URL(url).pathname + new URL(url).search,
    perf: pick("performance"),
    a11y: pick("accessibility"),
    "best pr.": pick("bestPractices"),
    seo: pick("seo"),
    "FCP ms": Math.round(pick("fcp")),
    "LCP ms": Math.round(pick("lcp")),
    "TBT ms": Math.round(pick("tbt")),
    CLS: Number(pick("cls").toFixed(3)),
    "KB total": Math.round(pick("bytes") / 1000),
    "KB JS": Math.round(pick("js") / 1000),
  };
}

/**
 * Each page twice: as browsers ask for it (brotli), and uncompressed.
 * autocannon appends every response body to a string (`req.body += chunk`),
 * so a compressed body costs the load generator a UTF-8 decode of binary data:
 * on these two shared cores that, not the server, caps the compressed runs
 * (decision 012). The uncompressed run sends the server five times the bytes
 * and shows what it can do.
 */
async function throughput(label, path) {
  const rows = [];
  for (const encoding of ["gzip, br", "identity"]) {
    const result = await autocannon({
      url: `${SITE_URL}${path}`,
      connections: 50,
      duration: Number(process.env.BENCH_DURATION_S ?? 10),
      headers: { "accept-encoding": encoding },
    });
    rows.push({
      page: `${label}: ${path}`,
      encoding: encoding === "identity" ? "none" : "brotli",
      "requests/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      errors: result.errors + result.timeouts + (result.non2xx ?? 0),
    });
  }
  return rows;
}

try {
  const pages = [];
  for (const page of PAGES) {
    console.error(`Lighthouse ×${RUNS}: ${page}`);
    pages.push(await lighthouseRuns(`${SITE_URL}${page}`));
  }
  console.error("Throughput…");
  // Warm the server-rendered pages once, as a first visitor would.
  await fetch(`${SITE_URL}/denver-co`);
  const load = [
    ...(await throughput("prerendered", "/roofing")),
    ...(await throughput("server-rendered, cached 5 min", "/denver-co")),
    ...(await throughput("server-rendered, cached 5 min", "/search?service=roofing&zip=80202")),
    // Personal pages are never cached: the sign-in page is rendered for every request.
    ...(await throughput("server-rendered every time", "/login")),
  ];
  console.log("\nLighthouse (mobile, median of", RUNS, "runs)");
  console.table(pages);
  console.log("Throughput (autocannon, 50 connections)");
  console.table(load);

  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const table = (rows) => {
    const keys = Object.keys(rows[0]);
    return [
      `| ${keys.join(" | ")} |`,
      `|${keys.map(() => "---").join("|")}|`,
      ...rows.map((row) => `| ${keys.map((k) => row[k]).join(" | ")} |`),
    ].join("\n");
  };
  writeFileSync(
    path.join(ROOT, "docs/performance.md"),
    [
      "# Performance",
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` on ${os.cpus().length.toString()} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30).toString()} GiB, Node ${process.versions.node}, against the production build on ${SITE_URL} (the embedded database).`,
      "",
      `## Lighthouse, mobile (simulated slow 4G and CPU), median of ${RUNS.toString()} runs`,
      "",
      table(pages),
      "",
      "## Server throughput (autocannon, 50 connections)",
      "",
      table(load),
      "",
      "The load generator runs on the same two cores as the server, so these are lower bounds;",
      "with a compressed body autocannon itself is the limit (see decision 012).",
      "",
    ].join("\n"),
  );
  console.error("Wrote docs/performance.md");
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
