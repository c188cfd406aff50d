/**
 * `npm run leads -- list [--limit N]` and
 * `npm run leads -- export --since 2026-01-01 > leads.csv`.
 *
 * Against PostgreSQL (DATABASE_URL) it reads the database directly. On the
 * embedded database it goes through the running server (PGlite lets one
 * process open its files); when no server runs, it opens the files itself.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { formatPhone } from "~/features/leads";
import { singleLine } from "../../app/lib/plain-text";
import { latestLeads, leadsSince, leadsToCsv } from "~/features/leads/index.server";
import type { LeadRow } from "~/features/leads";
import { withCommandDatabase } from "./command-database";
import { parseEnv } from "../../app/lib/env.server";
import { OPERATOR_PATH, runtimeFilePath, type RuntimeFile } from "./operator-api";

const USAGE = `Usage:
  npm run leads -- list [--limit 20]
  npm run leads -- export --since 2026-01-01 > leads.csv`;

type Query = { kind: "list"; limit: number } | { kind: "export"; since: Date };

class UsageError extends Error {}

function parseCommand(argv: string[]): Query {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { since: { type: "string" }, limit: { type: "string" } },
  });
  const [command] = positionals;
  if (command === "list") {
    const limit = Number(values.limit ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw new UsageError("--limit must be 1–500");
    return { kind: "list", limit };
  }
  if (command === "export") {
    const since = new Date(values.since ?? "1970-01-01");
    if (Number.isNaN(since.getTime()))
      throw new UsageError("--since must be a date, like 2026-01-01");
    return { kind: "export", since };
  }
  throw new UsageError(command ? `Unknown command: ${command}` : "No command given");
}

type Row = Omit<LeadRow, "createdAt" | "consentAt"> & { createdAt: string | Date };

function table(rows: readonly Row[]): string {
  const header = ["Received", "Source", "Name", "Email", "Phone", "Service", "Place", "Status"];
  // Cells are what strangers typed: no control character reaches the terminal
  // (an escape sequence could rewrite the screen), whatever the row holds.
  const body = rows.map((lead) =>
    [
      new Date(lead.createdAt).toISOString().replace("T", " ").slice(0, 16),
      lead.source,
      lead.name,
      lead.email ?? "",
      lead.phone ? formatPhone(lead.phone) : "",
      lead.service ?? "",
      [lead.citySlug, lead.postalCode].filter(Boolean).join(" "),
      lead.status,
    ].map(singleLine),
  );
  const widths = header.map((h, i) =>
    Math.min(40, Math.max(h.length, ...body.map((r) => (r[i] ?? "").length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.slice(0, widths[i]).padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return (
    [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n") + "\n"
  );
}

async function viaServer(runtime: RuntimeFile, query: Query): Promise<string> {
  const url = new URL(OPERATOR_PATH, runtime.url.replace("localhost", "127.0.0.1"));
  if (query.kind === "export") url.searchParams.set("since", query.since.toISOString());
  else url.searchParams.set("limit", query.limit.toString());
  const response = await fetch(url, { headers: { authorization: `Bearer ${runtime.token}` } });
  if (!response.ok) throw new Error(`The server answered ${response.status.toString()}`);
  if (query.kind === "export") return response.text();
  return table((await response.json()) as Row[]);
}

async function direct(env: ReturnType<typeof parseEnv>, query: Query): Promise<string> {
  return withCommandDatabase(env, async (db) =>
    query.kind === "export"
      ? leadsToCsv(await leadsSince(db, query.since))
      : table(await latestLeads(db, query.limit)),
  );
}

async function readRuntime(dataDir: string): Promise<RuntimeFile | null> {
  try {
    return JSON.parse(await readFile(runtimeFilePath(dataDir), "utf8")) as RuntimeFile;
  } catch {
    return null;
  }
}

export async function runLeadsCli(argv: string[]): Promise<number> {
  let query: Query;
  try {
    query = parseCommand(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const env = parseEnv();
  let output: string;
  if (env.DATABASE_URL) {
    output = await direct(env, query);
  } else {
    const runtime = await readRuntime(env.DATA_DIR);
    let fromServer: string | null = null;
    if (runtime) {
      try {
        fromServer = await viaServer(runtime, query);
      } catch (error) {
        // A server that stopped without cleaning up: read the files directly.
        if (!(error instanceof TypeError)) throw error;
      }
    }
    output = fromServer ?? (await direct(env, query));
  }
  process.stdout.write(output);
  return 0;
}
