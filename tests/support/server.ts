/**
 * Starts the production server (the real entry script, on the real build)
 * in a child process on a free port, for integration tests; or the
 * development server (`npm run dev`) the same way.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerStatus } from "../../server/operator/operator-api";
import { copyDatabaseTemplate } from "./data-templates";

export interface TestServer {
  url: string;
  process: ChildProcess;
  logs: string[];
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

export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, [options.script ?? "scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(options.withoutNodeEnv ? {} : { NODE_ENV: "production" }),
      HOST: "127.0.0.1",
      PORT: "0",
      SKIP_BUILD_CHECK: "1",
      LOG_LEVEL: "info",
      // Start-up's background page work (72 renders, the best brotli of each) only
      // for the tests about it, which ask for it: the others never read those pages.
      PAGE_WARMING: "0",
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
