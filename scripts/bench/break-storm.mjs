// `npm run bench:break-storm`: what one pro toggling its break costs the page
// cache (issue 42, decision 047), on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL). A benchmark, not a test.
//
// A pro joins with all nine trades and a 500-mile radius around Denver.
// - Sixty toggles: pause and resume posted one after another on /pro/break;
//   the purges the bus carried (NOTIFYs on its channel, and the keys they
//   named), and whether pages far outside the radius (Phoenix, Chicago), one
//   in it (Colorado Springs) and its own city's page are still answered from
//   the cache (X-Cache) once the storm is over.
// - A cached page under a storm: /phoenix-az/plumbing at BENCH_CONNECTIONS
//   (10) for BENCH_SECONDS (10), quiet and then while a second such pro posts
//   pause and resume as fast as they go; the toggles answered, by status.
import autocannon from "autocannon";
import postgres from "postgres";
import { requireNode } from "../require-node.mjs";
import { loadServerBuild } from "../server-build.mjs";
import {
  printTable,
  removeDataDir,
  startBenchServer,
  tempDataDir,
  withBenchPostgres,
} from "./harness.mjs";

requireNode();
await loadServerBuild();

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOGGLES = 60;
const PAGES = [
  "/phoenix-az/plumbing",
  "/chicago-il/paint",
  "/colorado-springs-co/plumbing",
  "/denver-co",
];
const CATEGORIES = [
  "general-contractors",
  "home-renovation",
  "roofing",
  "plumbing",
  "electrical",
  "landscaping",
  "pools",
  "commercial-construction",
  "paint",
];
/** The bus's one channel (app/lib/message-bus-postgres.server.ts). */
const CHANNEL = "thread_messages";
const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A browser signed in (local mode: a demo account of its own); its cookie header. */
async function signIn(url) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: "",
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const post = (url, cookie, path, body) =>
  fetch(`${url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url, cookie },
    body: new URLSearchParams(body).toString(),
  });

/** A pro with all nine trades and 500 miles around Denver: its /pro/break path. */
async function travellingPro(url, sql, name) {
  const cookie = await signIn(url);
  const joined = await post(url, cookie, "/pro/join", [
    ["name", name],
    ...CATEGORIES.map((category) => ["categories", category]),
    ["basePlace", "Denver, CO"],
    ["radius", "500"],
    ["yearsInBusiness", "7"],
    ["email", "office@travelling.example"],
  ]);
  if (joined.status !== 302) throw new Error(`join answered ${joined.status}`);
  const [row] = await sql`select id from contractors where name = ${name}`;
  return { cookie, path: `/pro/break?business=${row.id}` };
}

/** The page's X-Cache once it has been read three times (kept from its second request). */
async function cacheOf(url, path) {
  const answer = await fetch(`${url}${path}`);
  await answer.arrayBuffer();
  return answer.headers.get("x-cache");
}

async function warm(url) {
  // A page purged in the last two seconds is not kept (PURGE_SETTLE_MS): read until it is.
  for (const path of PAGES) {
    for (let reads = 0; reads < 100 && (await cacheOf(url, path)) !== "HIT"; reads++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function toggle(url, pro, n) {
  const body = n % 2 === 0 ? { intent: "pause", until } : { intent: "resume" };
  const answer = await post(url, pro.cookie, pro.path, body);
  await answer.arrayBuffer();
  return answer.status;
}

async function sixtyToggles(url, sql, heard) {
  const pro = await travellingPro(url, sql, "Far Reach Home Services");
  await warm(url);
  const before = heard.length;
  const started = performance.now();
  const statuses = [];
  for (let n = 0; n < TOGGLES; n++) statuses.push(await toggle(url, pro, n));
  const seconds = (performance.now() - started) / 1000;
  // A held announcement goes when its window ends (half a second): wait a little longer.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const storm = heard.slice(before);
  const row = {
    toggles: TOGGLES,
    "in s": Math.round(seconds * 10) / 10,
    accepted: statuses.filter((status) => status === 302).length,
    "refused (429)": statuses.filter((status) => status === 429).length,
    NOTIFYs: storm.length,
    "keys named": new Set(storm.flat()).size,
    "category:* named": storm.flat().filter((key) => key.startsWith("category:")).length,
  };
  for (const path of PAGES) row[path] = await cacheOf(url, path);
  return row;
}

async function cachedPage(url, label) {
  const result = await autocannon({
    url: `${url}/phoenix-az/plumbing`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return {
    run: label,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "non-2xx": result.non2xx,
  };
}

async function underStorm(url, sql, heard) {
  const quiet = await cachedPage(url, "quiet");
  const pro = await travellingPro(url, sql, "Second Reach Home Services");
  await warm(url);
  const before = heard.length;
  const statuses = new Map();
  let stop = false;
  const storm = (async () => {
    for (let n = 0; !stop; n++) {
      const status = await toggle(url, pro, n);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  })();
  const loaded = await cachedPage(url, "while a pro toggles its break");
  stop = true;
  await storm;
  const posted = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  loaded["toggles/s"] = Math.round(posted / SECONDS);
  loaded["toggles by status"] = JSON.stringify(Object.fromEntries(statuses));
  loaded.NOTIFYs = heard.length - before;
  return [quiet, loaded];
}

const ran = await withBenchPostgres(async (databaseUrl) => {
  const dataDir = tempDataDir();
  const server = await startBenchServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DEMO_ACCOUNTS_PER_HOUR: "1000",
    PAGE_WARMING: "false",
    PORT: process.env.BENCH_PORT ?? "0",
  });
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  /** Each purge NOTIFY the bus carried: its keys. */
  const heard = [];
  const listening = await sql.listen(CHANNEL, (payload) => {
    const event = JSON.parse(payload);
    if (event.kind === "purge") heard.push(event.keys);
  });
  try {
    return {
      sixty: await sixtyToggles(server.url, sql, heard),
      storm: await underStorm(server.url, sql, heard),
    };
  } finally {
    await listening.unlisten();
    await sql.end();
    await server.stop();
    removeDataDir(dataDir);
  }
});
if (!ran) {
  console.error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server.");
  process.exit(1);
}
printTable(
  "Sixty pause/resume toggles on /pro/break (all nine trades, 500 miles around Denver): purges on the bus, X-Cache after",
  [ran.sixty],
);
printTable(
  `/phoenix-az/plumbing (cached), ${CONNECTIONS} connections, ${SECONDS} s: quiet, then while another such pro toggles its break as fast as it goes`,
  ran.storm,
);
