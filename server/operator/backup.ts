/**
 * Backups that restore (issue 35, decision 043): `npm run backup` and
 * `npm run restore -- FILE`.
 *
 * A backup is one file named by the UTC time it was taken:
 * `trade-match-2026-11-29T093000Z.tar.gz` for the embedded database (PGlite's
 * `dumpDataDir("gzip")`, a copy of its files taken between two queries) and
 * `trade-match-2026-11-29T093000Z.dump` for PostgreSQL (`pg_dump
 * --format=custom`). It is written under a temporary name and renamed when
 * complete, so a file with the final name is always whole.
 *
 * While the site runs on the embedded database, the server holds its files
 * (PGlite lets one process open them), so the backup is taken by the server
 * and fetched from its operator endpoint. A restore needs the site stopped.
 *
 * A backup holds every person's data and the installation secret: its folder
 * is the owner's alone (0700, an existing one tightened) and each file is
 * created 0600, the temporary one included, so it is never readable by
 * anyone else, not even while it is written.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import {
  chmod,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import {
  openDatabase,
  PGLITE_OPTIONS,
  pgliteHandle,
  rowsOf,
  type Database,
  type DatabaseHandle,
} from "../../app/lib/db.server";
import { admitOperator, runtimeFilePath, type RuntimeFile } from "./operator-api";

/** GET: the embedded database's dump (gzip tarball), for `npm run backup` while the site runs. */
export const OPERATOR_BACKUP_PATH = "/_operator/backup";

export const BACKUP_FILE_PREFIX = "trade-match-";

export type DatabaseKind = "pglite" | "postgres";

const EXTENSIONS: Record<DatabaseKind, string> = { pglite: ".tar.gz", postgres: ".dump" };

/** Something the operator can correct or must decide: said on stderr, exit code 1. */
export class BackupRefusal extends Error {}

/** `trade-match-2026-11-29T093000Z.tar.gz`: the UTC time, to the second, sortable as text. */
export function backupFileName(kind: DatabaseKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "");
  return `${BACKUP_FILE_PREFIX}${stamp}${EXTENSIONS[kind]}`;
}

/** Where backups go: BACKUP_DIR, else DATA_DIR/backups. */
export function backupDirOf(env: { BACKUP_DIR?: string; DATA_DIR: string }): string {
  return path.resolve(env.BACKUP_DIR || path.join(env.DATA_DIR, "backups"));
}

/** The embedded database's folder, as openDatabase opens it. */
export function pgliteFolderOf(dataDir: string): string {
  return path.resolve(dataDir, "pglite");
}

// ---------------------------------------------------------------------------
// The running site

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The server running on this DATA_DIR (its server.json, its process alive), or null. */
export async function runningSite(dataDir: string): Promise<RuntimeFile | null> {
  try {
    const runtime = JSON.parse(await readFile(runtimeFilePath(dataDir), "utf8")) as RuntimeFile;
    return processRuns(runtime.pid) ? runtime : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Writing a file whole or not at all

export interface WrittenBackup {
  path: string;
  bytes: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** The owner's alone: read, write and open for the owner, nothing for anyone else. */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * The backups' folder, made 0700 (with any parent it needs), or tightened to
 * 0700 when it exists open to others (a folder made by hand, or before
 * backups were private).
 */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
  if (((await stat(dir)).mode & 0o077) === 0) return;
  try {
    await chmod(dir, PRIVATE_FOLDER);
  } catch (error) {
    throw new BackupRefusal(
      `${dir} can be read by other users and cannot be tightened ` +
        `(${(error as Error).message}). Backups hold every person's data: chmod 700 it, ` +
        `or set BACKUP_DIR to a folder of your own.`,
    );
  }
}

/**
 * Calls `produce` with a temporary path beside `finalPath`, then renames it
 * to `finalPath` (to `…-2` and so on when a backup of the same second
 * exists). When `produce` fails, the temporary file is removed and the error
 * thrown: no file ever carries the final name half written. The temporary
 * file exists, empty and 0600, before `produce` writes into it (writing over
 * an existing file keeps its mode), so no byte is ever readable by others.
 */
export async function writeAtomically(
  finalPath: string,
  produce: (temporaryPath: string) => Promise<void>,
): Promise<WrittenBackup> {
  const dir = path.dirname(finalPath);
  await privateFolder(dir);
  const temporary = path.join(
    dir,
    `.${path.basename(finalPath)}.${process.pid.toString()}.partial`,
  );
  try {
    // Made anew ("wx"): a leftover of a crashed run would keep whatever mode it had.
    await rm(temporary, { force: true });
    await (await open(temporary, "wx", PRIVATE_FILE)).close();
    await produce(temporary);
    const bytes = (await stat(temporary)).size;
    if (bytes === 0) throw new Error("The backup came out empty.");
    // Flushed to the disk before it takes the name that says it is whole; and
    // 0600 again, should a producer have made the file anew (a tool's rename).
    const handle = await open(temporary, "r+");
    try {
      await handle.chmod(PRIVATE_FILE);
      await handle.sync();
    } finally {
      await handle.close();
    }
    let target = finalPath;
    const extension = finalPath.endsWith(".tar.gz") ? ".tar.gz" : path.extname(finalPath);
    for (let n = 2; await exists(target); n++)
      target = `${finalPath.slice(0, -extension.length)}-${n.toString()}${extension}`;
    await rename(temporary, target);
    return { path: target, bytes };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------
// PostgreSQL's tools

/** The client tools a PostgreSQL backup or restore runs. */
export type PostgresTool = "pg_dump" | "pg_restore" | "psql";

/** Whether `tool` can be run from the PATH (the test skips PostgreSQL's round trip without it). */
export async function toolAvailable(tool: PostgresTool): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(tool, ["--version"], { stdio: "ignore" });
    child.on("error", () => {
      resolve(false);
    });
    child.on("close", (code) => {
      resolve(code === 0);
    });
  });
}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command
 * line is visible to every user of the machine (`ps`).
 */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** Runs a PostgreSQL client tool; rejects with its error output, or with which tool is missing. */
async function runTool(tool: PostgresTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      if (errors.length < 16_000) errors += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupRefusal(
              `${tool} was not found on the PATH. Install PostgreSQL's client tools, of the ` +
                `server's major version or newer (Debian and Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      );
    });
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`${tool} failed (${signal ?? `exit code ${String(code)}`}):\n${errors.trim()}`),
        );
    });
  });
}

// ---------------------------------------------------------------------------
// Backing up

/** A PGlite client, or what the server's drizzle database is built on. */
interface DumpablePglite {
  query(text: string): Promise<unknown>;
  dumpDataDir(compression?: "gzip" | "none" | "auto"): Promise<Blob>;
}

/**
 * The embedded database's files as a gzip tarball. PGlite runs one query at
 * a time and takes the copy between two, so it is consistent: a transaction
 * open at that moment is rolled back when the copy is loaded, as after a
 * crash. The checkpoint first writes out what only the WAL held, so loading
 * the copy has little to replay.
 */
export async function dumpPglite(client: DumpablePglite): Promise<Blob> {
  await client.query("checkpoint");
  return client.dumpDataDir("gzip");
}

/** The PGlite client under the server's drizzle database, when it runs on one. */
function pgliteOf(db: Database): DumpablePglite | null {
  const client = (db as unknown as { $client?: Partial<DumpablePglite> }).$client;
  return typeof client?.dumpDataDir === "function" ? (client as DumpablePglite) : null;
}

/**
 * GET OPERATOR_BACKUP_PATH (loopback and the operator token): the embedded
 * database's dump, for `npm run backup` while the server holds its files. On
 * PostgreSQL there is nothing to take through the server (409).
 */
export async function handleOperatorBackup(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  token: string,
): Promise<void> {
  if (!admitOperator(req, res, token)) return;
  const client = pgliteOf(db);
  if (!client) {
    res.statusCode = 409;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("This server runs on PostgreSQL: npm run backup runs pg_dump with DATABASE_URL.");
    return;
  }
  const dump = Buffer.from(await (await dumpPglite(client)).arrayBuffer());
  res.setHeader("Content-Type", "application/gzip");
  res.setHeader("Content-Length", dump.length.toString());
  res.end(dump);
}

export interface BackupOptions {
  /** postgres:// URL; absent: the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  backupDir: string;
  now?: Date;
}

export interface BackupResult extends WrittenBackup {
  /** How it was taken: pg_dump, from the running server, or from the files directly. */
  via: "pg_dump" | "server" | "files";
}

/** Takes a backup into options.backupDir (see the module's comment). */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  if (options.databaseUrl) {
    const { dbname, env } = connectionOf(options.databaseUrl);
    const target = path.join(options.backupDir, backupFileName("postgres", now));
    const written = await writeAtomically(target, (temporary) =>
      runTool("pg_dump", ["--format=custom", `--file=${temporary}`, `--dbname=${dbname}`], env),
    );
    return { ...written, via: "pg_dump" };
  }
  const target = path.join(options.backupDir, backupFileName("pglite", now));
  const site = await runningSite(options.dataDir);
  if (site) {
    const written = await writeAtomically(target, (temporary) => fetchFromServer(site, temporary));
    return { ...written, via: "server" };
  }
  const folder = pgliteFolderOf(options.dataDir);
  if (await isEmptyFolder(folder))
    throw new BackupRefusal(`There is no embedded database to back up in ${folder}.`);
  const client = await PGlite.create(folder, PGLITE_OPTIONS);
  try {
    const written = await writeAtomically(target, async (temporary) => {
      await writeFile(temporary, Buffer.from(await (await dumpPglite(client)).arrayBuffer()));
    });
    return { ...written, via: "files" };
  } finally {
    await client.close();
  }
}

async function fetchFromServer(site: RuntimeFile, file: string): Promise<void> {
  const url = new URL(OPERATOR_BACKUP_PATH, site.url.replace("localhost", "127.0.0.1"));
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${site.token}` } });
  } catch (error) {
    throw new BackupRefusal(
      `The server (process ${site.pid.toString()}) at ${site.url} holds the embedded database ` +
        `but did not answer (${(error as Error).message}).`,
    );
  }
  if (!response.ok || !response.body)
    throw new Error(
      `The server at ${site.url} answered ${response.status.toString()}` +
        (response.status === 404 ? " (is it running an older version? Restart it.)" : ""),
    );
  const expected = Number(response.headers.get("content-length"));
  await pipeline(
    Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
    createWriteStream(file),
  );
  const bytes = (await stat(file)).size;
  if (expected && bytes !== expected)
    throw new Error(
      `The server sent ${bytes.toString()} of ${expected.toString()} bytes; nothing was kept.`,
    );
}

// ---------------------------------------------------------------------------
// Restoring

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** What a file holds, by its first bytes: a pg_dump archive starts "PGDMP", a gzip file 1f 8b. */
export async function backupKindOf(file: string): Promise<DatabaseKind | null> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString("latin1") === "PGDMP") return "postgres";
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
    return null;
  } finally {
    await handle.close();
  }
}

export interface TableCount {
  table: string;
  rows: number;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the public schema, by name, with its number of rows. */
export async function tableCounts(db: Database): Promise<TableCount[]> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const counts: TableCount[] = [];
  for (const { table_name: table } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from public.${quoted(table)}`)),
    );
    counts.push({ table, rows: row?.n ?? 0 });
  }
  return counts;
}

export interface RestoreOptions {
  file: string;
  /** postgres:// URL; absent: the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Replace a database that holds data (PGlite: moved aside; PostgreSQL: dropped). */
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  tables: TableCount[];
  /** PGlite with force: where the database that was there went. */
  movedAside?: string;
}

/**
 * Restores `file` into an empty database, then migrates it (a backup of an
 * older version is brought up to date). Refuses a database that holds data
 * unless `force`, a file of the other database's kind, and a site running on
 * this DATA_DIR.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const site = await runningSite(options.dataDir);
  if (site)
    throw new BackupRefusal(
      `The server (process ${site.pid.toString()}) at ${site.url} runs on this DATA_DIR; ` +
        `stop it before restoring.`,
    );
  let kind: DatabaseKind | null;
  try {
    kind = await backupKindOf(options.file);
  } catch (error) {
    throw new BackupRefusal(`Cannot read ${options.file}: ${(error as Error).message}`);
  }
  const wanted: DatabaseKind = options.databaseUrl ? "postgres" : "pglite";
  if (kind !== wanted)
    throw new BackupRefusal(
      kind === null
        ? `${options.file} is not a backup of ours (neither a pg_dump archive nor a gzip tarball).`
        : `${options.file} is a backup of ${kind === "pglite" ? "the embedded database" : "PostgreSQL"}, ` +
            `but this installation uses ${wanted === "pglite" ? "the embedded database (no DATABASE_URL)" : "PostgreSQL (DATABASE_URL)"}.`,
    );
  return options.databaseUrl
    ? restorePostgres(options.file, options.databaseUrl, options.force ?? false)
    : restorePglite(options.file, options.dataDir, options.force ?? false, options.now);
}

async function migratedCounts(handle: DatabaseHandle): Promise<TableCount[]> {
  try {
    await handle.migrate();
    return await tableCounts(handle.db);
  } finally {
    await handle.close();
  }
}

async function restorePglite(
  file: string,
  dataDir: string,
  force: boolean,
  now = new Date(),
): Promise<RestoreResult> {
  const folder = pgliteFolderOf(dataDir);
  let movedAside: string | undefined;
  if (!(await isEmptyFolder(folder))) {
    if (!force)
      throw new BackupRefusal(
        `${folder} holds a database already. Restore into an empty DATA_DIR, or add --force ` +
          `to move it aside (to pglite.before-restore-<time>) first.`,
      );
    movedAside = path.join(
      path.dirname(folder),
      `pglite.before-restore-${now
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z")
        .replace(/:/g, "")}`,
    );
    await rename(folder, movedAside);
  }
  await mkdir(folder, { recursive: true });
  let client: PGlite;
  try {
    client = await PGlite.create(folder, {
      ...PGLITE_OPTIONS,
      loadDataDir: new Blob([await readFile(file)]),
    });
  } catch (error) {
    // Nothing half-loaded stays where the site would open it.
    await rm(folder, { recursive: true, force: true });
    if (movedAside) await rename(movedAside, folder);
    throw error;
  }
  return { tables: await migratedCounts(pgliteHandle(client)), movedAside };
}

async function restorePostgres(file: string, url: string, force: boolean): Promise<RestoreResult> {
  const admin = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const tables = (
      await admin<{ name: string }[]>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`
    ).map((row) => row.name);
    const withRows: string[] = [];
    for (const table of tables) {
      const [row] = await admin.unsafe<{ any: boolean }[]>(
        `select exists (select from public.${quoted(table)}) as any`,
      );
      if (row?.any) withRows.push(table);
    }
    if (withRows.length > 0 && !force)
      throw new BackupRefusal(
        `The database holds data (${withRows.length.toString()} tables with rows, such as ` +
          `${withRows.slice(0, 3).join(", ")}). Restore into an empty database, or add --force ` +
          `to drop its public schema first.`,
      );
  } finally {
    await admin.end({ timeout: 5 });
  }
  const { dbname, env } = connectionOf(url);
  // The archive is read whole into SQL first: a file pg_restore cannot read (truncated, too
  // new for the tool, or the tool missing) is refused before anything is dropped. Then the
  // drop of what the restore brings back (the schema, whose empty tables would collide with
  // the archive's, and the migrations' journal) and the archive's SQL run in one transaction:
  // should any statement fail, the database is left as it was.
  const scratch = await mkdtemp(path.join(tmpdir(), "trade-match-restore-"));
  try {
    const script = path.join(scratch, "restore.sql");
    await runTool("pg_restore", ["--no-owner", "--exit-on-error", `--file=${script}`, file], env);
    await runTool(
      "psql",
      [
        "--no-psqlrc",
        "--quiet",
        "--single-transaction",
        "--set=ON_ERROR_STOP=1",
        "--command=drop schema if exists public cascade",
        "--command=drop schema if exists drizzle cascade",
        "--command=create schema public",
        `--file=${script}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return { tables: await migratedCounts(await openDatabase({ url, maxConnections: 2 })) };
}
