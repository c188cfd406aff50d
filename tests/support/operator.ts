/**
 * Reads the leads a running test server stored, through its operator
 * endpoint; runs the operator's commands (`npm run operator`).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LeadRow } from "~/features/leads/lead-row";

/** The browser tests' data folder (`E2E_DATA_DIR` moves it, so two runs can go side by side). */
export const E2E_DATA_DIR = path.resolve(
  process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, "../../test-results/e2e-data"),
);

/** The browser tests' site: its port (`E2E_PORT` moves it) and its origin. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT.toString()}`;

export async function storedLeads(dataDir = E2E_DATA_DIR, limit = 100): Promise<LeadRow[]> {
  const runtime = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8")) as {
    url: string;
    token: string;
  };
  const response = await fetch(`${runtime.url}/_operator/leads?limit=${limit.toString()}`, {
    headers: { authorization: `Bearer ${runtime.token}` },
  });
  if (!response.ok) throw new Error(`operator endpoint answered ${response.status.toString()}`);
  return (await response.json()) as LeadRow[];
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run operator -- ...args` on the built server (scripts/operator.mjs),
 * with only PATH and `env` (DATA_DIR, DATABASE_URL…) from the environment.
 */
export function runOperatorCommand(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<CommandResult> {
  return runCommandScript("scripts/operator.mjs", args, env, timeoutMs);
}

/** One of the project's command scripts (`scripts/*.mjs`) on the built server, the same way. */
export function runCommandScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH, SKIP_BUILD_CHECK: "1", ...env },
    });
    let stdout = "";
    let stderr = "";
    // A command that hangs fails its test (code null) instead of outliving it.
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
