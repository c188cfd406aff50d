/**
 * `npm run housekeeping` deletes what is past its retention (decision 037)
 * and prints what went; `npm run housekeeping -- --dry-run` prints what
 * would go and deletes nothing. The running server does the same every hour.
 *
 * Against PostgreSQL (DATABASE_URL) it opens the database directly, even
 * beside running servers (the deletes are idempotent). The embedded database
 * is held by the server while the site runs (PGlite lets one process open its
 * files): then the command asks that server, which runs the same housekeeping
 * (housekeeping-api.ts), the run as well as the dry run, so neither needs the
 * site stopped; with no server running, it opens DATA_DIR itself.
 */
import { parseArgs } from "node:util";
import { withCommandDatabase } from "./command-database";
import type { DatabaseHandle } from "../../app/lib/db.server";
import { EnvError, parseEnv, type Env } from "../../app/lib/env.server";
import type { PruneCounts } from "../../app/lib/housekeeping.server";
import { createLogger } from "../../app/lib/logger.server";
import { openMessageBus } from "../../app/lib/message-bus.server";
import { announceBusinessesOn } from "~/features/fresh-pages/index.server";
import { runHousekeeping } from "../housekeeping";
import { runningSite } from "./backup";
import { housekeepingThroughServer, HousekeepingRefusal } from "./housekeeping-api";

const USAGE = `Usage:
  npm run housekeeping                delete what is past its retention, print what went
  npm run housekeeping -- --dry-run   print what would go, delete nothing
On the embedded database while the site runs, both go through the running server.`;

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
 * same PostgreSQL at once (their NOTIFY channel). On PGlite the command opens
 * the files only when no server runs, so no page is cached anywhere.
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

/** Through the server holding the embedded database, else on the database itself. */
async function housekeep(env: Env, dryRun: boolean): Promise<PruneCounts> {
  const site = env.DATABASE_URL ? null : await runningSite(env.DATA_DIR);
  if (site) return housekeepingThroughServer(site, dryRun);
  return withCommandDatabase(env, (db, database) =>
    runHousekeeping(db, env, { now: new Date(), dryRun }, (businessIds) =>
      announceFromCommand(database, businessIds),
    ),
  );
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
    const counts = await housekeep(parseEnv(), dryRun);
    process.stdout.write(formatCounts(counts, dryRun));
    return 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof HousekeepingRefusal) {
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
