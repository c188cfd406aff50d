// `npm run bench:marketplace`: the pro's side under load, on PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL). A benchmark, not a test.
//
// - The inbox: 100,000 requests in all, 10,000 of them sent to one pro's
//   business; GET /pro (the newest page) and a deep page, 50 connections,
//   p50/p99 against the target p99 ≤ 100 ms, and the server's CPU time per
//   page. BENCH_INSTANCES=2 measures it again on two instances of the site on
//   the same database, the connections spread over both.
// - Quotes sent per second: the quote form posted for requests the pro has
//   accepted (each post saves the quote, steps the pro's part and queues the
//   homeowner's email, in one transaction).
// - Photo uploads re-encoded per second (scripts/bench/photo-throughput.ts),
//   against the target of 10.
// - Messages (scripts/bench/messages.mjs): with 1,000 live streams open
//   (BENCH_STREAMS), the time from a message's post to its event's arrival on
//   the thread's streams, p50/p99 against the target p99 ≤ 250 ms, at
//   BENCH_MESSAGE_RATE posts a second (20); then messages posted per second.
// - Site visits (scripts/bench/visit-throughput.ts, on a database of its own):
//   a business's free slots with a year of booked visits, p50/p99 against the
//   target p99 ≤ 20 ms; then bookings per second, 50 workers booking 2,000
//   homeowners' requests at once, checked in SQL: every booking answered is
//   stored, and no two booked visits overlap (a failed check exits non-zero).
//
// BENCH_PARTS=inbox (or quotes, photos, messages, visits; comma-separated) runs only those
// parts, for profiling one of them (NODE_OPTIONS=--cpu-prof reaches the server).
import { spawnSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { requireNode } from "../require-node.mjs";
import { loadServerBuild } from "../server-build.mjs";
import {
  closeStreams,
  messagesPerSecond,
  openStreams,
  postToArrival,
  seedThreads,
} from "./messages.mjs";
import {
  cpuSeconds,
  printTable,
  removeDataDir,
  serverRssMb,
  startBenchServer,
  tempDataDir,
  withBenchPostgres,
} from "./harness.mjs";

requireNode();
await loadServerBuild();

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ALL_REQUESTS = 100_000;
const FOR_THE_PRO = 10_000;
/** Of the pro's requests, these are accepted: the quote bench answers them. */
const ACCEPTED = 3_000;
const BUSINESSES = 100;
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? "inbox,quotes,photos,messages,visits").split(","),
);
/** Live streams open during the messages part: the homeowner's and the pro's on each thread. */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const STREAMS_PER_THREAD = 2;
const MESSAGE_RATE = Number(process.env.BENCH_MESSAGE_RATE ?? 20);
/**
 * Instances of the site on the one database for the inbox (BENCH_INSTANCES=2):
 * the inbox is measured on the first alone, then on all of them side by side,
 * autocannon's connections spread over them in turn.
 */
const INSTANCES = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1));
/**
 * The inbox's Accept-Encoding (BENCH_ENCODING="gzip, deflate, br", as a
 * browser sends): by default none, so pages are measured uncompressed.
 */
const ENCODING = process.env.BENCH_ENCODING;

/** Signs a new browser in (local mode: a demo account of its own); returns its cookie header. */
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

/** 100 businesses, 100,000 requests and their parts, written by PostgreSQL itself. */
async function seed(sql, proUserId) {
  await sql`
    insert into contractors (slug, name, description, rating, review_count, features, phone,
      email, address, gallery, categories, city_slugs, is_sample, owner_id, years_in_business)
    select 'bench-roofing-' || g, 'Bench Roofing ' || g, 'Roof repair and replacement.', 0, 0,
      '{}', '+13035550147', 'office' || g || '@bench.example', 'Denver, CO', '{}',
      '{roofing}', '{denver-co}', false, case when g = 1 then ${proUserId}::uuid end, 10
    from generate_series(1, ${BUSINESSES}) g`;
  await sql`
    insert into leads (source, name, email, phone, service, city_slug, postal_code, country,
      details, preferred_contact, consent_text, consent_at, status, idempotency_key, created_at)
    select 'home', 'Bench Homeowner ' || g, 'homeowner' || g || '@bench.example', '+13035550100',
      'roof-repair', 'denver-co', '80202', 'US', 'A leak above the porch after the storm.',
      'phone', 'bench consent', now() - g * interval '1 minute', 'sent', 'bench:' || g,
      now() - g * interval '1 minute'
    from generate_series(1, ${ALL_REQUESTS}) g`;
  // The newest 10,000 go to the pro's business; the rest to the other 99.
  await sql`
    with numbered as (
      select id, row_number() over (order by created_at desc) as n, created_at from leads
    ), businesses as (
      select id, row_number() over (order by slug) - 1 as k from contractors
      where slug like 'bench-roofing-%' and owner_id is null
    )
    insert into request_pros (lead_id, contractor_id, state, consent_text, consent_version,
      consent_at, client_address, user_agent, accepted_at, updated_at)
    select numbered.id,
      case when n <= ${FOR_THE_PRO} then (select id from contractors where owner_id = ${proUserId}::uuid)
        else (select id from businesses where k = n % ${BUSINESSES - 1}) end,
      case when n <= ${ACCEPTED} then 'accepted' else 'sent' end,
      'bench consent', 'bench', numbered.created_at, '127.0.0.1', 'bench',
      case when n <= ${ACCEPTED} then now() end, now()
    from numbered`;
  await sql`analyze`;
  const [business] = await sql`select id from contractors where owner_id = ${proUserId}::uuid`;
  const accepted = await sql`
    select lead_id from request_pros
    where contractor_id = ${business.id} and state = 'accepted'`;
  return { businessId: business.id, accepted: accepted.map((row) => row.lead_id) };
}

/**
 * One page under load: throughput, latency and the servers' CPU time per page
 * (their CPU seconds over the run ÷ pages answered), the figure the p99
 * target comes down to when the CPU is full.
 */
async function latency(label, servers, path, cookie) {
  const cpuBefore = servers.map((server) => cpuSeconds(server.pid) ?? NaN);
  const result = await autocannon({
    // Several servers: autocannon spreads the connections over them in turn.
    url: servers.length === 1 ? `${servers[0].url}${path}` : servers.map((s) => `${s.url}${path}`),
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie, ...(ENCODING ? { "accept-encoding": ENCODING } : {}) },
  });
  const cpu = servers.reduce(
    (sum, server, i) => sum + ((cpuSeconds(server.pid) ?? NaN) - (cpuBefore[i] ?? NaN)),
    0,
  );
  const pages = result.requests.total;
  return {
    page: label,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "server CPU ms/page": pages > 0 ? Math.round((cpu * 1000 * 100) / pages) / 100 : null,
    "KB/page": pages > 0 ? Math.round(result.throughput.total / pages / 102.4) / 10 : null,
    "non-2xx": result.non2xx,
    errors: result.errors + result.timeouts,
    "p99 ≤ 100 ms": result.latency.p99 <= 100 ? "yes" : "NO",
  };
}

async function quotes(server, cookie, businessId, leads) {
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          const lead = leads[next++ % leads.length];
          request.path = `/pro/requests/${lead}?business=${businessId}`;
          request.headers = {
            ...request.headers,
            cookie,
            origin: server.url,
            "content-type": "application/x-www-form-urlencoded",
          };
          request.body = new URLSearchParams({
            intent: "quote",
            kind: "range",
            min: "4200",
            max: "5600",
            included: "Replace the flashing and damaged shingles; haul away debris.",
            startFrom: "2026-12-07",
            startTo: "2026-12-21",
            validDays: "30",
            message: "Happy to walk the roof with you first.",
          }).toString();
          return request;
        },
      },
    ],
  });
  const saved = result.statusCodeStats?.["302"]?.count ?? 0;
  return {
    "quotes saved/s": Math.round(saved / result.duration),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    saved,
    refused: result.non2xx - saved,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The messages part: a homeowner signs in, STREAMS / 2 threads are seeded
 * between them and the pro, both open a stream on each; then post → arrival
 * at MESSAGE_RATE a second, then messages per second.
 */
async function messagesPart(server, sql, proCookie, businessId, accepted) {
  const homeownerCookie = await signIn(server.url);
  const [homeowner] = await sql`select id from users order by created_at desc limit 1`;
  const threadIds = await seedThreads(sql, {
    businessId,
    homeownerId: homeowner.id,
    leadIds: accepted,
    threadCount: Math.ceil(STREAMS / STREAMS_PER_THREAD),
  });
  const cookies = [homeownerCookie, proCookie];
  const rssBefore = serverRssMb(server.pid);
  /** Message id → its events' arrivals ({ at, threadId }), on every stream. */
  const arrivals = new Map();
  console.error(`Opening ${STREAMS} event streams on ${threadIds.length} threads…`);
  const { streams, openedInMs } = await openStreams(
    server.url,
    threadIds
      .flatMap((threadId) => cookies.map((cookie) => ({ threadId, cookie })))
      .slice(0, STREAMS),
    arrivals,
  );
  const open = {
    streams: streams.length,
    threads: threadIds.length,
    "opened in s": Math.round(openedInMs / 100) / 10,
    "server RSS MB before": rssBefore,
    "server RSS MB open": serverRssMb(server.pid),
  };
  const context = { threadIds, cookies, streamsPerThread: STREAMS_PER_THREAD, arrivals, streams };
  console.error(`Posting ${MESSAGE_RATE} messages a second for ${SECONDS} s…`);
  const arrival = await postToArrival(server.url, context, MESSAGE_RATE, SECONDS);
  console.error(`Posting messages as fast as they go for ${SECONDS} s…`);
  const throughput = await messagesPerSecond(sql, server.url, context, CONNECTIONS, SECONDS);
  open["closed early"] = streams.filter((stream) => stream.closed).length;
  closeStreams(streams);
  return { open, arrival, throughput };
}

function photos() {
  const run = spawnSync(process.execPath, ["scripts/bench/photo-throughput.ts", String(SECONDS)], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`photo bench failed: ${run.stderr}`);
  const line = run.stdout.trim().split("\n").at(-1) ?? "{}";
  const figures = JSON.parse(line);
  return {
    "photos/s": figures.photosPerSecond,
    "CPU ms per photo": figures.cpuMsPerPhoto,
    "input MB": (figures.inputBytes / 1024 / 1024).toFixed(1),
    "≥ 10/s": figures.photosPerSecond >= 10 ? "yes" : "NO",
  };
}

/**
 * The visits part, in a process of its own (the app's modules through Vite):
 * its two tables' rows, and whether its correctness checks held.
 */
function visits() {
  const run = spawnSync(process.execPath, ["scripts/bench/visit-throughput.ts", String(SECONDS)], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = run.stdout.trim().split("\n").at(-1) ?? "";
  if (!line.startsWith("{")) throw new Error(`visits bench failed (exit ${run.status})`);
  const { seeded, freeSlots, bookings, checks } = JSON.parse(line);
  const target = (met) => (met ? "met" : "over the target");
  return {
    ok: checks.answeredIsStored && checks.noDoubleBookings,
    seeded,
    bookingsRun: bookings,
    freeSlots: {
      "slots listed": freeSlots.slots,
      "busy times read": freeSlots.busyRead,
      "p50 ms": freeSlots.p50,
      "p99 ms": freeSlots.p99,
      "freeSlots alone p50 / p99 ms": `${freeSlots.computeP50} / ${freeSlots.computeP99}`,
      "p99 ≤ 20 ms": target(freeSlots.p99 <= 20),
    },
    bookings: {
      "bookings/s": bookings.bookingsPerSecond,
      "attempts/s": bookings.attemptsPerSecond,
      booked: bookings.booked,
      "slot taken": bookings.taken,
      errors: bookings.errors,
      "answered = stored": `${bookings.booked} = ${bookings.stored}: ${checks.answeredIsStored ? "yes" : "NO"}`,
      "double bookings": bookings.doubleBookings,
      "errors 0, no double booking": checks.noErrors && checks.noDoubleBookings ? "yes" : "NO",
    },
  };
}

const ran = await withBenchPostgres(async (databaseUrl) => {
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_MAX: "100000000",
    DEMO_ACCOUNTS_PER_HOUR: "1000",
  };
  const dataDir = tempDataDir();
  const server = await startBenchServer({ ...serverEnv, DATA_DIR: dataDir });
  // More instances of the site on the same database, for the inbox (one after
  // another: each applies the migrations at start).
  const others = [];
  const otherDirs = [];
  for (let i = 1; i < INSTANCES && PARTS.has("inbox"); i++) {
    const dir = tempDataDir();
    otherDirs.push(dir);
    others.push(await startBenchServer({ ...serverEnv, DATA_DIR: dir }));
  }
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const cookie = await signIn(server.url);
    const [pro] = await sql`select id from users order by created_at desc limit 1`;
    console.error(`Seeding ${ALL_REQUESTS} requests (${FOR_THE_PRO} for one pro)…`);
    const { businessId, accepted } = await seed(sql, pro.id);
    const inboxRuns = async (servers) => [
      await latency("/pro (newest 20)", servers, `/pro?business=${businessId}`, cookie),
      await latency(
        "/pro page 300 (offset 5,980)",
        servers,
        `/pro?business=${businessId}&group=new&page=300`,
        cookie,
      ),
    ];
    const inbox = [];
    if (PARTS.has("inbox")) {
      const one = await inboxRuns([server]);
      inbox.push(...one.map((row) => ({ instances: 1, ...row })));
      if (others.length > 0) {
        const all = await inboxRuns([server, ...others]);
        inbox.push(...all.map((row) => ({ instances: 1 + others.length, ...row })));
      }
    }
    await Promise.all(others.map((other) => other.stop()));
    others.length = 0;
    // Before the quotes: they step the accepted requests the threads are seeded on.
    const messages = PARTS.has("messages")
      ? await messagesPart(server, sql, cookie, businessId, accepted)
      : null;
    const quoted = PARTS.has("quotes") ? await quotes(server, cookie, businessId, accepted) : {};
    return { inbox, quoted, messages };
  } finally {
    await sql.end();
    await Promise.all([server, ...others].map((running) => running.stop()));
    for (const dir of [dataDir, ...otherDirs]) removeDataDir(dir);
  }
});
if (!ran) {
  console.error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server.");
  process.exit(1);
}
const inboxTitle = `The pro's inbox: ${ALL_REQUESTS} requests in all, ${FOR_THE_PRO} for this pro; ${CONNECTIONS} connections, ${SECONDS} s each; server CPU ms/page = the servers' CPU time over the run ÷ pages answered`;
if (PARTS.has("inbox")) printTable(inboxTitle, ran.inbox);
else if (PARTS.has("quotes")) console.log(`\n${inboxTitle}`);
if (PARTS.has("quotes")) {
  printTable(`Quotes sent (${ACCEPTED} accepted requests, edited again as they come round)`, [
    ran.quoted,
  ]);
}
if (PARTS.has("photos")) {
  printTable("Photo uploads re-encoded (4032 × 3024 JPEG, both cores)", [photos()]);
}
if (PARTS.has("visits")) {
  const { seeded, bookingsRun: run, ...result } = visits();
  printTable(
    `Free slots: a business with ${seeded.yearOfVisits} booked visits over a year, its whole 30-day horizon (500 runs after 20 warm-ups)`,
    [result.freeSlots],
  );
  printTable(
    `Visits booked: ${run.requests} homeowners' requests, 50 workers on 50 connections for ${run.seconds} s, each at a random one of ${run.slotsOffered} slots listed at the start`,
    [result.bookings],
  );
  if (run.errors > 0) console.error("Errors while booking:", run.errorKinds);
  if (!result.ok) {
    console.error("Visits: a booking answered was not stored, or two booked visits overlap.");
    process.exitCode = 1;
  }
}
if (ran.messages) {
  const { open, arrival, throughput } = ran.messages;
  printTable(
    "Live event streams (GET /threads/:id/events), the homeowner's and the pro's on each thread",
    [open],
  );
  printTable(
    `Post → arrival: ${MESSAGE_RATE} messages a second for ${SECONDS} s, each to another thread, with ${open.streams} streams open`,
    [arrival],
  );
  printTable(`Messages posted per second (${CONNECTIONS} connections, streams still open)`, [
    throughput,
  ]);
}
