/**
 * `npm run housekeeping` deletes what is past its retention (decision 037)
 * and prints what went; `npm run housekeeping -- --dry-run` prints what
 * would go and deletes nothing. The running server does the same every hour.
 *
 * Against PostgreSQL (DATABASE_URL) it opens the database directly, even
 * beside running servers (the deletes are idempotent). The embedded database
 * is opened from DATA_DIR only when no server holds it (PGlite lets one
 * process open its files).
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { withCommandDatabase } from "./command-database";
import type { DatabaseHandle } from "../../app/lib/db.server";
import { EnvError, parseEnv } from "../../app/lib/env.server";
import type { PruneCounts } from "../../app/lib/housekeeping.server";
import { createLogger } from "../../app/lib/logger.server";
import { openMessageBus } from "../../app/lib/message-bus.server";
import { announceBusinessesOn } from "~/features/fresh-pages/index.server";
import { runHousekeeping } from "../housekeeping";
import { runtimeFilePath, type RuntimeFile } from "./operator-api";

const USAGE = `Usage:
  npm run housekeeping                delete what is past its retention, print what went
  npm run housekeeping -- --dry-run   print what would go, delete nothing`;

const LABELS: Record<string, string> = {
  expiredSessions: "expired or idle sessions",
  deliveredOutboxJobs: "delivered outbox jobs older than the retention",
  expiredClaimCodes: "expired business claim codes",
  expiredOperatorLinks: "expired operator sign-in links",
  auditLogRows: "audit log rows older than the retention",
  expiredDrafts: "drafts nobody sent, past their retention (with their photos)",
  draftExpiryEmails: "draft expiry emails to queue (the draft goes in a few days)",
  inactiveBusinessesPaused: "businesses paused for their owners' inactivity (each told)",
  idleDemoAccounts: "idle demo accounts",
};

class Refusal extends Error {}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function serverHolding(dataDir: string): Promise<RuntimeFile | null> {
  try {
    const runtime = JSON.parse(await readFile(runtimeFilePath(dataDir), "utf8")) as RuntimeFile;
    return running(runtime.pid) ? runtime : null;
  } catch {
    return null;
  }
}

/** One line per kind: "12  delivered outbox jobs …". */
export function formatCounts(counts: PruneCounts, dryRun: boolean): string {
  const width = Math.max(...Object.values(counts).map((n) => n.toString().length));
  const lines = Object.entries(counts).map(
    ([kind, n]) => `  ${n.toString().padStart(width)}  ${LABELS[kind] ?? kind}`,
  );
  return `${dryRun ? "Would delete (dry run, nothing deleted):" : "Deleted:"}\n${lines.join("\n")}\n`;
}

/**
 * Businesses paused by this run leave the pages cached by the servers on the
 * same PostgreSQL at once (their NOTIFY channel). On PGlite no server runs
 * beside the command (it refuses to), so no page is cached anywhere.
 */
async function announceFromCommand(
  database: DatabaseHandle,
  businessIds: readonly string[],
): Promise<void> {
  if (!database.notifications) return;
  const logger = createLogger("warn", process.stderr);
  const bus = await openMessageBus(database, logger);
  try {
    await announceBusinessesOn(database.db, bus, logger, businessIds);
  } finally {
    await bus.close();
  }
}

export async function runHousekeepingCli(argv: string[]): Promise<number> {
  try {
    let values: { "dry-run"?: boolean; help?: boolean };
    try {
      ({ values } = parseArgs({
        args: argv,
        options: { "dry-run": { type: "boolean" }, help: { type: "boolean", short: "h" } },
      }));
    } catch (error) {
      throw new Refusal(`${(error as Error).message}\n${USAGE}`);
    }
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const dryRun = values["dry-run"] ?? false;
    const env = parseEnv();
    if (!env.DATABASE_URL) {
      const runtime = await serverHolding(env.DATA_DIR);
      if (runtime)
        throw new Refusal(
          `The server (process ${runtime.pid.toString()}) at ${runtime.url} holds the embedded ` +
            `database and runs housekeeping every hour itself; stop it to run this command.`,
        );
    }
    const counts = await withCommandDatabase(env, (db, database) =>
      runHousekeeping(db, env, { now: new Date(), dryRun }, (businessIds) =>
        announceFromCommand(database, businessIds),
      ),
    );
    process.stdout.write(formatCounts(counts, dryRun));
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
