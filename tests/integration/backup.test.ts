/**
 * Backups that restore (issue 35, decision 043): data made on one database,
 * backed up, restored into a new empty one, and every table compared row by
 * row. On PGlite always (the backup taken through a running server's
 * operator endpoint, and from the files when none runs); on PostgreSQL when
 * TEST_DATABASE_URL is set and pg_dump is installed.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  openDatabase,
  PGLITE_OPTIONS,
  pgliteHandle,
  type Database,
  type DatabaseHandle,
} from "~/lib/db.server";
import { bookVisit } from "~/features/visits/visits.server";
import {
  backupFileName,
  BackupRefusal,
  createBackup,
  handleOperatorBackup,
  pgliteFolderOf,
  restoreBackup,
  toolAvailable,
  writeAtomically,
} from "../../server/operator/backup";
import { runRestoreCli } from "../../server/operator/backup-cli";
import { runtimeFilePath, writeRuntimeFile } from "../../server/operator/operator-api";
import { messages, threads } from "../../database/schema";
import { copyDatabaseTemplate } from "../support/data-templates";
import { createPostgresDatabase } from "../support/databases";
import {
  acceptedRequest,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
} from "../support/marketplace-factories";

/** trade-match-2026-11-29T093000Z.tar.gz / .dump */
const BACKUP_NAME = /^trade-match-(\d{4}-\d{2}-\d{2}T\d{6}Z)(-\d+)?\.(tar\.gz|dump)$/;

/** Rows of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

interface Fingerprint {
  rows: number;
  md5: string;
}

/**
 * Every table of the public schema (and the migrations' journal), each as
 * its row count and the md5 of its rows' text in order, and every
 * sequence's position: two databases with equal fingerprints hold the same rows.
 */
async function fingerprint(db: Database): Promise<Record<string, Fingerprint | string>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
      order by 1, 2`),
  );
  const result: Record<string, Fingerprint | string> = {};
  for (const { schema, name } of tables) {
    const [row] = rowsOf<Fingerprint>(
      await db.execute(
        sql.raw(`select count(*)::int as rows,
                   md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
                 from "${schema}"."${name}" t`),
      ),
    );
    if (!row) throw new Error(`no fingerprint for ${name}`);
    result[`${schema}.${name}`] = row;
  }
  const sequences = rowsOf<{ name: string }>(
    await db.execute(sql`
      select sequence_name as name from information_schema.sequences
      where sequence_schema = 'public' order by 1`),
  );
  for (const { name } of sequences) {
    const [row] = rowsOf<{ position: string }>(
      await db.execute(
        sql.raw(`select last_value::text || ' ' || is_called::text as position from "${name}"`),
      ),
    );
    result[`sequence ${name}`] = row?.position ?? "";
  }
  return result;
}

/** People, businesses, requests, an accepted one with a visit booked, a thread with a message. */
async function makeData(db: Database): Promise<void> {
  const monday = new Date("2026-03-02T12:00:00Z");
  const { homeowner, business, leadId } = await acceptedRequest(db);
  await bookVisit(
    db,
    homeowner.userId,
    {
      leadId,
      contractorId: business.id,
      start: new Date("2026-03-03T16:00:00Z"),
      address: "1200 Larimer St",
    },
    { ...delivery, now: () => monday },
  );
  const [thread] = await db
    .insert(threads)
    .values({ leadId, contractorId: business.id })
    .returning({ id: threads.id });
  if (!thread) throw new Error("no thread");
  await db.insert(messages).values({
    threadId: thread.id,
    side: "homeowner",
    authorId: homeowner.userId,
    body: 'Can you come Tuesday? The ridge leaks — by the chimney, "badly".',
  });
  const neighbour = await createPerson(db, "Sam Ortiz");
  await createBusiness(db, null, "Front Range Roofing");
  await createRequest(db, neighbour);
}

/** What a data table must hold after makeData, so that the comparison compares something. */
function expectData(print: Record<string, Fingerprint | string>): void {
  for (const table of ["users", "contractors", "leads", "request_pros", "visits", "messages"]) {
    expect((print[`public.${table}`] as Fingerprint | undefined)?.rows ?? 0, table).toBeGreaterThan(
      0,
    );
  }
}

async function backupsIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

async function openPgliteAt(dataDir: string): Promise<DatabaseHandle> {
  return pgliteHandle(await PGlite.create(pgliteFolderOf(dataDir), PGLITE_OPTIONS));
}

const made: string[] = [];
async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `tm-backup-${name}-`));
  made.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A file's or folder's permission bits (0o600, 0o700…). */
async function modeOf(file: string): Promise<number> {
  return (await stat(file)).mode & 0o777;
}

describe("a backup file", () => {
  it("is named by the UTC time it was taken", async () => {
    const at = new Date("2026-11-29T09:30:00.456Z");
    expect(backupFileName("pglite", at)).toBe("trade-match-2026-11-29T093000Z.tar.gz");
    expect(backupFileName("postgres", at)).toBe("trade-match-2026-11-29T093000Z.dump");
    const dir = await tempDir("name");
    const { path: file } = await writeAtomically(
      path.join(dir, backupFileName("pglite", at)),
      (temporary) => writeFile(temporary, "x"),
    );
    expect(path.basename(file)).toBe("trade-match-2026-11-29T093000Z.tar.gz");
    // A second backup in the same second does not replace the first.
    const second = await writeAtomically(
      path.join(dir, "trade-match-2026-11-29T093000Z.tar.gz"),
      (temporary) => writeFile(temporary, "y"),
    );
    expect(path.basename(second.path)).toBe("trade-match-2026-11-29T093000Z-2.tar.gz");
  });

  it("is the owner's alone from its first byte, in a folder only the owner can open", async () => {
    const dir = path.join(await tempDir("modes"), "backups");
    let whileWritten: number | undefined;
    const { path: file } = await writeAtomically(
      path.join(dir, "trade-match-2026-11-29T093000Z.tar.gz"),
      async (temporary) => {
        whileWritten = await modeOf(temporary);
        await writeFile(temporary, "every person's data");
      },
    );
    expect(whileWritten).toBe(0o600);
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(dir)).toBe(0o700);

    // A folder that already exists, readable by everyone, is tightened.
    const shared = path.join(await tempDir("modes-shared"), "backups");
    await mkdir(shared, { mode: 0o755 });
    await chmod(shared, 0o755);
    await writeAtomically(path.join(shared, "trade-match-2026-11-29T093000Z.dump"), (temporary) =>
      writeFile(temporary, "x"),
    );
    expect(await modeOf(shared)).toBe(0o700);
  });

  it("leaves no half file when the dump fails", async () => {
    const dir = await tempDir("half");
    await expect(
      writeAtomically(path.join(dir, "trade-match-2026-11-29T093000Z.dump"), async (temporary) => {
        await writeFile(temporary, "half of a dump");
        throw new Error("the dump broke off");
      }),
    ).rejects.toThrow("the dump broke off");
    expect(await backupsIn(dir)).toEqual([]);
  });

  it("says which tool is missing when pg_dump is not installed", async () => {
    const dir = await tempDir("tool");
    const pathBefore = process.env.PATH;
    process.env.PATH = path.join(dir, "no-tools-here");
    try {
      const error = await createBackup({
        databaseUrl: "postgres://backup:secret@127.0.0.1:1/none",
        dataDir: dir,
        backupDir: path.join(dir, "backups"),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackupRefusal);
      expect((error as Error).message).toMatch(/pg_dump was not found/);
    } finally {
      process.env.PATH = pathBefore;
    }
    expect(await backupsIn(path.join(dir, "backups"))).toEqual([]);
  });
});

describe("backups on pglite", () => {
  let sourceDir: string;
  let source: DatabaseHandle;
  let server: Server;
  let sourcePrint: Record<string, Fingerprint | string>;
  let backupFile: string;

  beforeAll(async () => {
    sourceDir = await tempDir("pglite-source");
    copyDatabaseTemplate(sourceDir);
    source = await openPgliteAt(sourceDir);
    await source.migrate();
    await makeData(source.db);
    sourcePrint = await fingerprint(source.db);
    expectData(sourcePrint);
    // The running site, as far as a backup is concerned: its operator endpoint and server.json.
    const token = "backup-test-token";
    server = createServer((req, res) => {
      handleOperatorBackup(req, res, source.db, token).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await writeRuntimeFile(sourceDir, {
      url: `http://127.0.0.1:${port.toString()}`,
      pid: process.pid,
      token,
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await source.close();
  });

  it("backs up the running site's database through its server", async () => {
    const backupDir = path.join(sourceDir, "backups");
    const before = Date.now();
    const result = await createBackup({ dataDir: sourceDir, backupDir });
    expect(result.via).toBe("server");
    const name = path.basename(result.path);
    const stamp = BACKUP_NAME.exec(name)?.[1];
    expect(name.endsWith(".tar.gz")).toBe(true);
    const taken = Date.parse(stamp?.replace(/T(\d\d)(\d\d)(\d\d)Z/, "T$1:$2:$3Z") ?? "");
    expect(taken).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(taken).toBeLessThanOrEqual(Date.now());
    expect(result.bytes).toBeGreaterThan(100_000);
    // Only the finished file: no temporary left beside it.
    expect(await backupsIn(backupDir)).toEqual([name]);
    expect([await modeOf(backupDir), await modeOf(result.path)]).toEqual([0o700, 0o600]);
    backupFile = result.path;
  });

  it("refuses to restore while the site runs on that DATA_DIR", async () => {
    await expect(
      restoreBackup({ file: backupFile, dataDir: sourceDir, force: true }),
    ).rejects.toThrow(/stop it before restoring/);
  });

  it("restores into a new empty database: every table the same, row by row", async () => {
    const targetDir = await tempDir("pglite-target");
    const result = await restoreBackup({ file: backupFile, dataDir: targetDir });
    expect(result.movedAside).toBeUndefined();
    expect(result.tables.find((t) => t.table === "visits")?.rows).toBe(1);
    const target = await openPgliteAt(targetDir);
    try {
      expect(await fingerprint(target.db)).toEqual(sourcePrint);
    } finally {
      await target.close();
    }

    // Now it holds data: refused, unless forced (the old database moved aside).
    await expect(restoreBackup({ file: backupFile, dataDir: targetDir })).rejects.toThrow(
      /holds a database already/,
    );
    const forced = await restoreBackup({
      file: backupFile,
      dataDir: targetDir,
      force: true,
      now: new Date("2026-11-29T09:30:00Z"),
    });
    expect(forced.movedAside).toBe(
      path.join(targetDir, "pglite.before-restore-2026-11-29T093000Z"),
    );
    expect(await readdir(targetDir)).toEqual(
      expect.arrayContaining(["pglite", "pglite.before-restore-2026-11-29T093000Z"]),
    );
  });

  it("refuses a PostgreSQL archive", async () => {
    const dir = await tempDir("wrong-kind");
    const file = path.join(dir, "trade-match-2026-11-29T093000Z.dump");
    await writeFile(file, "PGDMP and then some");
    await expect(restoreBackup({ file, dataDir: dir })).rejects.toThrow(/backup of PostgreSQL/);
  });

  it("backs up from the files when no server runs, and restores through the command line", async () => {
    // The site stops: its server.json goes, its database closes.
    await rm(runtimeFilePath(sourceDir));
    await source.close();
    const backupDir = await tempDir("pglite-files-backups");
    await chmod(backupDir, 0o755);
    const result = await createBackup({ dataDir: sourceDir, backupDir });
    expect(result.via).toBe("files");
    expect(path.basename(result.path)).toMatch(BACKUP_NAME);
    expect([await modeOf(backupDir), await modeOf(result.path)]).toEqual([0o700, 0o600]);

    const targetDir = await tempDir("pglite-cli-target");
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    vi.stubEnv("DATA_DIR", targetDir);
    vi.stubEnv("DATABASE_URL", "");
    try {
      expect(await runRestoreCli([result.path])).toBe(0);
    } finally {
      write.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(written.join("")).toMatch(/Restored .* and brought it up to date/);
    expect(written.join("")).toMatch(/^ {2}visits +1$/m);
    const target = await openPgliteAt(targetDir);
    try {
      expect(await fingerprint(target.db)).toEqual(sourcePrint);
    } finally {
      await target.close();
    }
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const pgDumpInstalled = (await toolAvailable("pg_dump")) && (await toolAvailable("pg_restore"));
const postgresSkip = !testDatabaseUrl
  ? "TEST_DATABASE_URL is not set"
  : !pgDumpInstalled
    ? "pg_dump / pg_restore are not installed (PostgreSQL's client tools)"
    : null;

describe.skipIf(postgresSkip !== null)(
  `backups on postgresql${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  () => {
    const drops: (() => Promise<void>)[] = [];
    let source: DatabaseHandle;
    let sourceUrl: string;
    let sourcePrint: Record<string, Fingerprint | string>;
    let dataDir: string;
    let backupFile: string;

    async function newDatabase(): Promise<string> {
      const database = await createPostgresDatabase(testDatabaseUrl ?? "");
      drops.push(() => database.drop());
      return database.url;
    }

    beforeAll(async () => {
      dataDir = await tempDir("postgres");
      sourceUrl = await newDatabase();
      source = await openDatabase({ url: sourceUrl, maxConnections: 4 });
      await source.migrate();
      await makeData(source.db);
      sourcePrint = await fingerprint(source.db);
      expectData(sourcePrint);
    });

    afterAll(async () => {
      await source.close();
      for (const drop of drops) await drop();
    });

    it("backs up with pg_dump into a file named by the time", async () => {
      const backupDir = path.join(dataDir, "backups");
      const result = await createBackup({ databaseUrl: sourceUrl, dataDir, backupDir });
      expect(result.via).toBe("pg_dump");
      const name = path.basename(result.path);
      expect(name).toMatch(BACKUP_NAME);
      expect(name.endsWith(".dump")).toBe(true);
      expect(await backupsIn(backupDir)).toEqual([name]);
      expect([await modeOf(backupDir), await modeOf(result.path)]).toEqual([0o700, 0o600]);
      backupFile = result.path;
    });

    it("leaves no half file when pg_dump fails", async () => {
      const backupDir = await tempDir("postgres-failed");
      const unreachable = new URL(sourceUrl);
      unreachable.pathname = "/tm_no_such_database";
      await expect(
        createBackup({ databaseUrl: unreachable.toString(), dataDir, backupDir }),
      ).rejects.toThrow(/pg_dump failed/);
      expect(await backupsIn(backupDir)).toEqual([]);
    });

    it("restores into a new empty database: every table the same, row by row", async () => {
      const targetUrl = await newDatabase();
      const result = await restoreBackup({ file: backupFile, databaseUrl: targetUrl, dataDir });
      expect(result.tables.find((t) => t.table === "visits")?.rows).toBe(1);
      const target = await openDatabase({ url: targetUrl, maxConnections: 2 });
      try {
        expect(await fingerprint(target.db)).toEqual(sourcePrint);
      } finally {
        await target.close();
      }

      // Now it holds data: refused, unless forced (its public schema dropped first).
      await expect(
        restoreBackup({ file: backupFile, databaseUrl: targetUrl, dataDir }),
      ).rejects.toThrow(/holds data/);
      await restoreBackup({ file: backupFile, databaseUrl: targetUrl, dataDir, force: true });
      const again = await openDatabase({ url: targetUrl, maxConnections: 2 });
      try {
        expect(await fingerprint(again.db)).toEqual(sourcePrint);
      } finally {
        await again.close();
      }
    });

    it("leaves a database as it was when --force meets an archive it cannot restore", async () => {
      const targetUrl = await newDatabase();
      await restoreBackup({ file: backupFile, databaseUrl: targetUrl, dataDir });
      // The archive cut short: its table of contents may read, its data does not.
      const whole = await readFile(backupFile);
      const truncated = path.join(dataDir, "truncated.dump");
      await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.8)));
      await expect(
        restoreBackup({ file: truncated, databaseUrl: targetUrl, dataDir, force: true }),
      ).rejects.toThrow(/pg_restore/);
      const target = await openDatabase({ url: targetUrl, maxConnections: 2 });
      try {
        expect(await fingerprint(target.db)).toEqual(sourcePrint);
      } finally {
        await target.close();
      }
    });

    it("restores into a database migrated but empty, without --force", async () => {
      const targetUrl = await newDatabase();
      const empty = await openDatabase({ url: targetUrl, maxConnections: 2 });
      await empty.migrate();
      await empty.close();
      await restoreBackup({ file: backupFile, databaseUrl: targetUrl, dataDir });
      const target = await openDatabase({ url: targetUrl, maxConnections: 2 });
      try {
        expect(await fingerprint(target.db)).toEqual(sourcePrint);
      } finally {
        await target.close();
      }
    });
  },
);
