// The server's memory at rest (decision 016, RSS). PGlite keeps
// PostgreSQL's shared buffers in the server's own memory, so they are sized
// for the site's few megabytes of tables, not initdb's 128 MB; and the server
// runs with V8's young generation and glibc's allocator set for a small
// resident size.
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { freshDataDir, startServer, type TestServer } from "../support/server";

describe("the embedded database", () => {
  let dataDir: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "tm-pglite-settings-"));
    database = await openDatabase({ dataDir });
    await database.migrate();
  });

  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps 16 MB of shared buffers, not initdb's 128 MB", async () => {
    // PGlite answers raw SQL with { rows }.
    const result: unknown = await database.db.execute(sql`show shared_buffers`);
    expect((result as { rows: unknown[] }).rows).toEqual([{ shared_buffers: "16MB" }]);
  });
});

/** The running process's command line and environment, as the kernel has them. */
function processOf(pid: number): { argv: string[]; env: string[] } {
  const read = (file: string) => readFileSync(`/proc/${pid.toString()}/${file}`, "utf8");
  return { argv: read("cmdline").split("\0"), env: read("environ").split("\0") };
}

describe.runIf(process.platform === "linux")("the server process", () => {
  const dataDir = freshDataDir();
  let server: TestServer;

  afterAll(async () => {
    await server.stop();
    dataDir.remove();
  });

  it("runs with a 16 MB young generation, a heap that grows by a quarter, and glibc's allocator set to give memory back", async () => {
    server = await startServer({ DATA_DIR: dataDir.dir, PAGE_WARMING: "1" });
    const { argv, env } = processOf(server.process.pid ?? 0);
    expect(argv).toContain("--max-semi-space-size=16");
    expect(argv).toContain("--heap-growing-percent=25");
    expect(argv.at(-2)).toMatch(/scripts\/start\.mjs$/);
    expect(env).toEqual(
      expect.arrayContaining(["MALLOC_MMAP_THRESHOLD_=131072", "MALLOC_ARENA_MAX=2"]),
    );
  });
});
