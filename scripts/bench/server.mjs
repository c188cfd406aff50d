// Starts the production server in a child process for a benchmark and
// resolves when it is listening; stop() ends it with SIGTERM. With
// BENCH_SERVER_LOG=<file>, the server's log (one JSON line per request) is
// appended to that file, for reading a run afterwards.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent } from "../server-build.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

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
        stop: () =>
          new Promise((done) => {
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
