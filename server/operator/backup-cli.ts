/**
 * `npm run backup` and `npm run restore -- FILE [--force]` (decision 043).
 *
 * The backup goes to BACKUP_DIR (default DATA_DIR/backups). On PostgreSQL
 * (DATABASE_URL) it runs pg_dump; on the embedded database it asks the
 * running server for its dump (PGlite lets one process open its files), or
 * opens the files itself when no server runs. A restore needs the site on
 * this DATA_DIR stopped.
 */
import { parseArgs } from "node:util";
import { EnvError, parseEnv } from "../../app/lib/env.server";
import {
  backupDirOf,
  BackupRefusal,
  createBackup,
  restoreBackup,
  type BackupResult,
  type RestoreResult,
} from "./backup";

const BACKUP_USAGE = `Usage:
  npm run backup     write a backup of the database into BACKUP_DIR (default DATA_DIR/backups)`;

const RESTORE_USAGE = `Usage:
  npm run restore -- FILE           restore a backup into an empty database, then migrate it
  npm run restore -- FILE --force   replace a database that holds data (PostgreSQL: its public
                                    schema is dropped; embedded: moved to pglite.before-restore-<time>)`;

/** "12.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes.toString()} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit] ?? "TB"}`;
}

const VIA: Record<BackupResult["via"], string> = {
  pg_dump: "pg_dump",
  server: "the running server",
  files: "the embedded database's files",
};

export function backupSummary(result: BackupResult): string {
  return `${result.path}\n${formatBytes(result.bytes)} (${result.bytes.toString()} bytes), taken by ${VIA[result.via]}.\n`;
}

export function restoreSummary(file: string, result: RestoreResult): string {
  const width = Math.max(5, ...result.tables.map((t) => t.table.length));
  const total = result.tables.reduce((sum, t) => sum + t.rows, 0);
  return [
    `Restored ${file} and brought it up to date.`,
    ...(result.movedAside ? [`The database that was there is in ${result.movedAside}.`] : []),
    "",
    `  ${"Table".padEnd(width)}  Rows`,
    ...result.tables.map((t) => `  ${t.table.padEnd(width)}  ${t.rows.toString()}`),
    `  ${"".padEnd(width, "-")}  ----`,
    `  ${`${result.tables.length.toString()} tables`.padEnd(width)}  ${total.toString()}`,
    "",
  ].join("\n");
}

/** Refusals and bad configuration: the message, exit code 1. Anything else is thrown. */
async function reporting(work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupRefusal || error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

export async function runBackupCli(argv: string[]): Promise<number> {
  let values: { help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${BACKUP_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${BACKUP_USAGE}\n`);
    return 0;
  }
  return reporting(async () => {
    const env = parseEnv();
    const result = await createBackup({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      backupDir: backupDirOf({ BACKUP_DIR: process.env.BACKUP_DIR, DATA_DIR: env.DATA_DIR }),
    });
    process.stdout.write(backupSummary(result));
    return 0;
  });
}

export async function runRestoreCli(argv: string[]): Promise<number> {
  let parsed: { positionals: string[]; values: { force?: boolean; help?: boolean } };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${RESTORE_USAGE}\n`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    process.stdout.write(`${RESTORE_USAGE}\n`);
    return 0;
  }
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) {
    process.stderr.write(
      `${file ? `Too many arguments: ${rest.join(" ")}` : "Which backup? Name its file."}\n${RESTORE_USAGE}\n`,
    );
    return 2;
  }
  return reporting(async () => {
    const env = parseEnv();
    const result = await restoreBackup({
      file,
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      force: values.force ?? false,
    });
    process.stdout.write(restoreSummary(file, result));
    return 0;
  });
}
