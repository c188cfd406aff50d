/**
 * `npm run housekeeping [-- --dry-run]` while the site runs on the embedded
 * database (issue 42, item 11): the server holds the files, so the command
 * asks it, through the operator endpoint (loopback and the token in
 * server.json), as `npm run leads` and `npm run backup` do. A dry run changes
 * nothing; a run deletes what the dry run said, and the site stays up.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { DAY_MS, DELIVERED_JOBS_KEPT_DAYS } from "~/lib/retention";
import { outboxJobs, sessions, users } from "../../database/schema";
import { runCommandScript, type CommandResult } from "../support/operator";
import { freshDataDir, startServer, type TestServer } from "../support/server";

/** The payload of a failed job, which stays however old until an operator resolves it. */
const FAILED = { note: "failed, kept until resolved" };

function housekeeping(args: string[], env: Record<string, string>): Promise<CommandResult> {
  return runCommandScript("scripts/housekeeping.mjs", args, env, 60_000);
}

/** What is past its retention today: a job delivered 31 days ago, a session that expired. */
async function seedWhatWouldGo(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    const [user] = await handle.db
      .insert(users)
      .values({ email: "hk-cli@example.com", name: "HK", provider: "test", subject: randomUUID() })
      .returning();
    if (!user) throw new Error("no user");
    const old = new Date(Date.now() - (DELIVERED_JOBS_KEPT_DAYS + 1) * DAY_MS);
    await handle.db.insert(outboxJobs).values([
      { kind: "confirmation_email", status: "sent", payload: {}, updatedAt: old },
      { kind: "confirmation_email", status: "failed", payload: FAILED, updatedAt: old },
    ]);
    await handle.db.insert(sessions).values({
      tokenHash: "expired-hk-cli",
      userId: user.id,
      expiresAt: new Date(Date.now() - 60_000),
    });
  } finally {
    await handle.close();
  }
}

describe("npm run housekeeping on the embedded database, while the server runs", () => {
  const data = freshDataDir();
  const env = { DATA_DIR: data.dir };
  let server: TestServer;

  beforeAll(async () => {
    await seedWhatWouldGo(data.dir);
    server = await startServer(env);
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("says what would go, through the server, and deletes nothing", async () => {
    for (let run = 0; run < 2; run++) {
      const dryRun = await housekeeping(["--dry-run"], env);
      expect(dryRun.stderr).toBe("");
      expect(dryRun.code).toBe(0);
      expect(dryRun.stdout).toContain("Would delete (dry run, nothing deleted):");
      expect(dryRun.stdout).toMatch(/^\s+1\s+delivered outbox jobs/m);
      expect(dryRun.stdout).toMatch(/^\s+1\s+expired or idle sessions/m);
      expect(dryRun.stdout).not.toContain("demo accounts");
    }
    // The site answered all along.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("answers only the operator's own requests", async () => {
    const { token } = JSON.parse(readFileSync(path.join(data.dir, "server.json"), "utf8")) as {
      token: string;
    };
    const endpoint = `${server.url}/_operator/housekeeping`;
    const refusals: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-the-token" },
      { authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.9" },
    ];
    for (const headers of refusals) {
      for (const method of ["GET", "POST"]) {
        const refused = await fetch(endpoint, { method, headers });
        expect(refused.status, method).toBe(404);
        expect(await refused.text()).toBe("Not Found");
      }
    }
    const looked = await fetch(endpoint, { headers: { authorization: `Bearer ${token}` } });
    expect(looked.status).toBe(200);
    expect(looked.headers.get("cache-control")).toBe("no-store");
    expect(await looked.json()).toMatchObject({
      dryRun: true,
      counts: { deliveredOutboxJobs: 1, expiredSessions: 1 },
    });
  });

  it("deletes through the server what the dry run said, and only that", async () => {
    const run = await housekeeping([], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Deleted:");
    expect(run.stdout).toMatch(/^\s+1\s+delivered outbox jobs/m);
    expect(run.stdout).toMatch(/^\s+1\s+expired or idle sessions/m);

    const after = await housekeeping(["--dry-run"], env);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/^\s+0\s+delivered outbox jobs/m);
    expect(after.stdout).toMatch(/^\s+0\s+expired or idle sessions/m);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // The failed job stays until resolved: the files, opened once the site stopped, say so.
    expect(await server.stop()).toBe(0);
    const handle = await openDatabase({ dataDir: data.dir });
    try {
      const left = await handle.db.select().from(outboxJobs);
      expect(left.filter((job) => JSON.stringify(job.payload) === JSON.stringify(FAILED))).toEqual([
        expect.objectContaining({ status: "failed" }),
      ]);
    } finally {
      await handle.close();
    }
  });
});
