// What the benchmarks share: the production server in a child process
// (built for the bench's origin, on PGlite or a fresh PostgreSQL database),
// a data directory of its own, the server's CPU time and memory, timings and
// their percentiles, and the tables a bench prints.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsCurrent } from "../server-build.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Starts the production server in a child process and resolves when it is
 * listening; stop() ends it with SIGTERM. With BENCH_SERVER_LOG=<file>, the
 * server's log (one JSON line per request) is appended to that file, for
 * reading a run afterwards.
 */
export function startBenchServer(env) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      // A bench sends its place look-ups from a few addresses: the per-client
      // limit (decision 018) would measure refusals instead of look-ups.
      PLACES_RATE_LIMIT_BURST: "1000000",
      PLACES_RATE_LIMIT_PER_S: "1000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (process.env.BENCH_SERVER_LOG)
    child.stdout.pipe(createWriteStream(process.env.BENCH_SERVER_LOG, { flags: "a" }));
  return new Promise((resolve, reject) => {
    let ready = false;
    child.stdout.on("data", (chunk) => {
      if (ready) return;
      const match = /"url":"(http:\/\/[^"]+)"/.exec(chunk.toString());
      if (!match) return;
      ready = true;
      resolve({
        url: match[1],
        pid: child.pid,
        // Once stopped (or gone), stopping again resolves at once.
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", done);
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => {
      if (!ready) reject(new Error(`server exited with ${code}`));
    });
  });
}

/**
 * Builds the site for this origin unless the current build already is: the
 * prerendered pages carry SITE_URL and are served only by a server on it.
 */
export function buildFor(siteUrl) {
  const home = path.join(ROOT, "build/client/index.html");
  if (
    buildIsCurrent() &&
    existsSync(home) &&
    readFileSync(home, "utf8").includes(`"${siteUrl}/"`)
  ) {
    return;
  }
  console.error(`Building for ${siteUrl}…`);
  const built = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SITE_URL: siteUrl },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/**
 * Runs fn with a fresh PostgreSQL database when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (dropped afterwards); returns undefined
 * when neither is set.
 */
export async function withBenchPostgres(fn) {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const { default: postgres } = await import("postgres");
  const name = `tm_bench_${Date.now()}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A form-key cookie from a page response's raw headers, if it set one. */
export function formKeyFrom(rawHeaders) {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (String(rawHeaders[i]).toLowerCase() !== "set-cookie") continue;
    const match = /^(tm_fk=[^;]+)/.exec(String(rawHeaders[i + 1]));
    if (match) return match[1];
  }
  return undefined;
}

/**
 * The form-key cookie a page gives (a lead form's post without one is
 * refused, and sent back to be sent again).
 */
export async function pageFormKey(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return formKeyFrom(response.headers.getSetCookie().flatMap((value) => ["set-cookie", value]));
}

/** A new empty directory for a server's data; remove it with removeDataDir. */
export function tempDataDir(prefix = "tm-bench-") {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function removeDataDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Clock ticks per second, the unit of the kernel's CPU times. */
const CLOCK_TICKS =
  Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** CPU seconds a process has used so far (Linux's /proc; undefined elsewhere). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, "utf8");
    // After the name: state is field 3, utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Resident memory of one process, in MB (Linux; NaN elsewhere). */
export function processRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, "utf8");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The server's resident memory in MB: the process started and the one it re-executes. */
export function serverRssMb(pid) {
  const rss = (id) => processRssMb(id) || 0;
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
  } catch {
    // Not Linux: the one process only.
  }
  return Math.round(children.filter(Boolean).reduce((sum, child) => sum + rss(child), rss(pid)));
}

/** Runs `fn`: its value, and the milliseconds it took. */
export async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/**
 * The nearest-rank percentile of ascending values: the smallest value with at
 * least `fraction` of them at or below it (0.5 the median, 0.99 the p99);
 * null when there is none.
 */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** The median of values in any order. */
export function median(values) {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** A figure to `digits` decimals, for a table (null stays null). */
export function round(value, digits = 1) {
  return value === null || value === undefined ? null : Number(value.toFixed(digits));
}

/** Prints a titled table of rows (one object a row). */
export function printTable(title, rows) {
  console.log(`\n${title}\n`);
  console.table(rows);
}
