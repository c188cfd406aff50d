/**
 * Starts the production server on the real build for integration tests: in
 * the test's own process (startSite: the server bundle's `start()`, as
 * `npm start` calls it), or in a child process through the real entry script
 * (startServer), for the tests about the process itself (signals, crashes,
 * memory, two instances); or the development server (`npm run dev`) the same way.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { ServerStatus } from "../../server/operator/operator-api";
import type { RunningServer, StartOptions } from "../../server/start";
import { copyDatabaseTemplate } from "./data-templates";

/** A running site: its address, what it logged, and how to stop it. */
export interface SiteServer {
  url: string;
  /** The log's lines (pino's JSON), in order. */
  logs: string[];
  /** Stops it as SIGTERM would: requests in flight finish first. */
  stop(): Promise<unknown>;
}

/** The site in a process of its own. */
export interface TestServer extends SiteServer {
  process: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown at all. */
  kill(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A new DATA_DIR, with a copy of the run's migrated and seeded database (data-templates.ts). */
export function freshDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "tm-data-"));
  copyDatabaseTemplate(dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface SpawnOptions {
  /** Start as the README says, with no NODE_ENV at all (tests set `production` otherwise). */
  withoutNodeEnv?: boolean;
  /** The entry script: `scripts/start.mjs` (npm start) unless told otherwise. */
  script?: string;
}

/** What every test site starts with, below what the test gives. */
const TEST_SITE_ENV = {
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "info",
  // Start-up's background page work (72 renders, the best brotli of each) only
  // for the tests about it, which ask for it: the others never read those pages.
  PAGE_WARMING: "0",
};

export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, [options.script ?? "scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(options.withoutNodeEnv ? {} : { NODE_ENV: "production" }),
      SKIP_BUILD_CHECK: "1",
      ...TEST_SITE_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function startServer(
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<TestServer> {
  const child = spawnServer(env, options);
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${logs.join("\n")}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        logs.push(line);
        const match = /"url":"(http:\/\/[^"]+)"/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join("\n")}`));
    });
  });
  return {
    url,
    process: child,
    logs,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The running server's page cache and memory, through the operator endpoint. */
export async function serverStatus(dataDir: string): Promise<ServerStatus> {
  const runtime = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8")) as {
    url: string;
    token: string;
  };
  const response = await fetch(`${runtime.url}/_operator/status`, {
    headers: { authorization: `Bearer ${runtime.token}` },
  });
  if (!response.ok) throw new Error(`operator status answered ${response.status.toString()}`);
  return (await response.json()) as ServerStatus;
}

/** The server bundle (build/server/index.js): React Router's build plus `start()`. */
type ServerBundle = ServerBuild & { start(options: StartOptions): Promise<RunningServer> };

let bundle: Promise<ServerBundle> | undefined;
let sitesRunning = 0;

/**
 * The site in this process (a Vitest worker runs one test file at a time):
 * the bundle is loaded once per worker, and the place index with it, so a test
 * file pays for its database and little else (a child process took 2.1 s to
 * listen). The server's globals (its configuration, its logger) are one per
 * process, hence one site at a time here; a test that needs two uses startServer.
 */
export async function startSite(env: Record<string, string> = {}): Promise<SiteServer> {
  if (sitesRunning > 0) {
    throw new Error("one site at a time in a test process: startServer() starts another");
  }
  if (process.env.NODE_ENV !== "production") {
    // React and the other packages pick their build by NODE_ENV when first loaded.
    throw new Error("startSite needs NODE_ENV=production in the test process (vitest.config.ts)");
  }
  // Loaded by Node, not transformed by Vite (server.deps.external in vitest.config.ts).
  const entry = pathToFileURL(path.join(ROOT, "build/server/index.js")).href;
  bundle ??= import(/* @vite-ignore */ entry) as Promise<ServerBundle>;
  const build = await bundle;
  const logs: string[] = [];
  sitesRunning += 1;
  try {
    const running = await build.start({
      build,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        ...TEST_SITE_ENV,
        ...env,
      },
      handleSignals: false,
      logDestination: { write: (line) => logs.push(line.trimEnd()) },
    });
    let stopped: Promise<void> | undefined;
    return {
      url: running.url,
      logs,
      stop() {
        stopped ??= running.close().finally(() => (sitesRunning -= 1));
        return stopped;
      },
    };
  } catch (error) {
    sitesRunning -= 1;
    throw error;
  }
}
