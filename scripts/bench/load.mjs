// `npm run bench:load`: the production server under a realistic mix of
// traffic, 80 % page views across the page types, 15 % place lookups and 5 %
// lead submits, at 100 and 400 concurrent connections, on the embedded
// database and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set) on
// PostgreSQL. Prints requests/s, p50/p99 latency per kind, errors, leads
// answered vs stored (must be equal) and the server's memory before and after.
// A benchmark, not a test.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { requireNode } from "../require-node.mjs";
import { buildFor, startBenchServer, withBenchPostgres } from "./server.mjs";

requireNode();

const PORT = Number(process.env.BENCH_PORT ?? 4401);
const SITE_URL = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "100,400").split(",").map(Number);

// Twenty slots walked in turn by every connection: 16 page views, 3 place
// lookups, 1 lead submit.
const PAGES = [
  "/",
  "/roofing",
  "/plumbing",
  "/denver-co",
  "/denver-co/roofing",
  "/toronto-on",
  "/toronto-on/plumbing",
  "/search?service=roofing&zip=80202",
  "/electrical",
  "/austin-tx",
  "/austin-tx/electrical",
  "/home-renovation",
  "/login",
  "/search?service=plumbing&zip=M5V%202T6",
  "/privacy",
  "/landscaping",
];
const PLACE_QUERIES = ["den", "toronto", "san fr", "austin", "vancouver", "spring", "90210", "mon"];
const SLOTS = [
  ...PAGES.slice(0, 6).map((page) => ({ kind: "page", path: page })),
  { kind: "place lookup" },
  ...PAGES.slice(6, 11).map((page) => ({ kind: "page", path: page })),
  { kind: "place lookup" },
  ...PAGES.slice(11).map((page) => ({ kind: "page", path: page })),
  { kind: "place lookup" },
  { kind: "lead submit" },
];

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Resident memory of the server process, in MB (Linux). */
function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

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

async function mixedRun(connections, sequence) {
  const samples = { page: [], "place lookup": [], "lead submit": [] };
  const errors = { page: 0, "place lookup": 0, "lead submit": 0 };
  let lookup = 0;
  const answered = new Set();
  let turn = 0;
  // One global turn counter walks the twenty slots, so the mix holds from
  // the first second whatever the number of connections.
  const requests = [
    {
      setupRequest(request, context) {
        const slot = SLOTS[turn % SLOTS.length];
        turn += 1;
        context.kind = slot.kind;
        if (slot.kind === "page") return { ...request, method: "GET", path: slot.path };
        if (slot.kind === "place lookup") {
          lookup += 1;
          const q = PLACE_QUERIES[lookup % PLACE_QUERIES.length];
          return { ...request, method: "GET", path: `/api/places?q=${encodeURIComponent(q)}` };
        }
        sequence.value += 1;
        const n = sequence.value;
        context.lead = n;
        return {
          ...request,
          method: "POST",
          path: "/?index",
          headers: {
            ...request.headers,
            "content-type": "application/x-www-form-urlencoded",
            origin: SITE_URL,
            // Each submit from its own visitor, as on the open internet (the
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
  const result = await autocannon({
    url: SITE_URL,
    connections,
    duration: DURATION_S,
    headers: { "accept-encoding": "gzip, br" },
    requests,
    setupClient(client) {
      client.on("response", (status, _bytes, duration) => {
        const kind = client.requestIterator.context.kind;
        samples[kind].push(duration);
        const ok = kind === "lead submit" ? status === 302 : status === 200;
        if (kind === "lead submit" && ok) answered.add(client.requestIterator.context.lead);
        if (!ok) errors[kind] += 1;
      });
    },
  });
  const rows = Object.entries(samples).map(([kind, durations]) => {
    const sorted = durations.sort((a, b) => a - b);
    return {
      connections,
      kind,
      requests: sorted.length,
      "share %": Math.round((sorted.length / result.requests.total) * 100),
      "requests/s": Math.round(sorted.length / result.duration),
      "p50 ms": Math.round(percentile(sorted, 0.5)),
      "p99 ms": Math.round(percentile(sorted, 0.99)),
      "errors (non-2xx/3xx)": errors[kind],
    };
  });
  return {
    rows,
    total: Math.round(result.requests.total / result.duration),
    socketErrors: result.errors + result.timeouts,
    answered,
  };
}

async function runOn(label, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tm-bench-load-"));
  const server = await startBenchServer({
    PORT: String(PORT),
    SITE_URL,
    DATA_DIR: dataDir,
    // Built just above, for this address.
    SKIP_BUILD_CHECK: "1",
    // A load generator is one client sending forms at machine speed.
    FORM_MIN_FILL_MS: "0",
    RATE_LIMIT_MAX: "100000000",
    TRUST_PROXY: "1",
    ...env,
  });
  const sequence = { value: 0 };
  const answeredLeads = new Set();
  const summary = [];
  const kinds = [];
  try {
    // Warm up (first query, gazetteer, page renders) before measuring.
    for (const slot of SLOTS) if (slot.kind === "page") await fetch(`${SITE_URL}${slot.path}`);
    await fetch(`${SITE_URL}/api/places?q=den`);
    const before = rssMb(server.pid);
    for (const connections of CONNECTIONS) {
      console.error(`${label}: ${connections} connections for ${DURATION_S} s…`);
      const run = await mixedRun(connections, sequence);
      for (const n of run.answered) answeredLeads.add(n);
      kinds.push(...run.rows.map((row) => ({ database: label, ...row })));
      summary.push({
        database: label,
        connections,
        "requests/s": run.total,
        "socket errors": run.socketErrors,
        "leads answered": run.answered.size,
        "RSS MB after": rssMb(server.pid),
      });
    }
    const stored = await storedLeadNumbers(dataDir);
    const lost = [...answeredLeads].filter((n) => !stored.has(n));
    return {
      kinds,
      summary,
      leads: {
        database: label,
        "RSS MB before": before,
        "RSS MB after": rssMb(server.pid),
        "leads sent": sequence.value,
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
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await buildFor(SITE_URL);

const results = [await runOn("PGlite (embedded)", {})];
const onPostgres = await withBenchPostgres((url) => runOn("PostgreSQL", { DATABASE_URL: url }));
if (onPostgres) results.push(onPostgres);

console.log(
  `\nMixed load: ${DURATION_S} s per run; 80 % pages, 15 % place lookups, 5 % lead submits\n`,
);
console.log("Per kind of request");
console.table(results.flatMap((result) => result.kinds));
console.log("Per run");
console.table(results.flatMap((result) => result.summary));
console.log("Leads and memory");
console.table(results.map((result) => result.leads));

const markdown = (rows) => {
  const keys = Object.keys(rows[0]);
  return [
    `| ${keys.join(" | ")} |`,
    `|${keys.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${keys.map((key) => String(row[key])).join(" | ")} |`),
  ].join("\n");
};
writeFileSync(
  path.join(import.meta.dirname, "../../docs/performance-load.md"),
  [
    "# Mixed load",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:load\` on ${os.cpus().length.toString()} × ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.versions.node}: ${DURATION_S.toString()} s per run, 80 % page views, 15 % place lookups, 5 % lead submits (each from its own address). autocannon runs on the same two cores as the server.`,
    "",
    "## Per kind of request",
    "",
    markdown(results.flatMap((result) => result.kinds)),
    "",
    "## Per run",
    "",
    markdown(results.flatMap((result) => result.summary)),
    "",
    "## Leads and memory",
    "",
    markdown(results.map((result) => result.leads)),
    "",
  ].join("\n"),
);
if (results.some((result) => result.leads.equal !== "yes")) process.exitCode = 1;
