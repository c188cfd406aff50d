/**
 * The database's timings for /metrics (app/lib/db-timing.server.ts): each
 * query's time and, on PostgreSQL, each wait for a free connection. On
 * PostgreSQL this follows postgres.js internals: it fails if they move.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import type { DatabaseObserver } from "~/lib/db-timing.server";
import { openMigratedPglite } from "../support/data-templates";

interface Observed extends DatabaseObserver {
  queries: number[];
  waits: number[];
}

function observed(handle: DatabaseHandle): Observed {
  const seen: Observed = {
    queries: [],
    waits: [],
    query: (seconds) => seen.queries.push(seconds),
    poolWait: (seconds) => seen.waits.push(seconds),
  };
  handle.observe(seen);
  return seen;
}

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("database timings on PGlite", () => {
  it("times every query, in a transaction too, and reports no pool", async () => {
    handle = await openMigratedPglite();
    const seen = observed(handle);
    await handle.db.execute(sql`select 1`);
    expect(seen.queries).toHaveLength(1);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
    // The two queries, and drizzle's begin and commit.
    expect(seen.queries.length).toBeGreaterThanOrEqual(3);
    expect(seen.queries.every((seconds) => seconds >= 0 && seconds < 5)).toBe(true);
    expect(seen.waits).toEqual([]);
  });

  it("times a query that fails", async () => {
    handle = await openMigratedPglite();
    const seen = observed(handle);
    await expect(handle.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(seen.queries).toHaveLength(1);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)("database timings on PostgreSQL", () => {
  it("a query waits for the one connection a transaction holds; each is timed", async () => {
    handle = await openDatabase({ url, maxConnections: 1 });
    const db = handle.db;
    await db.execute(sql`select 1`);
    const seen = observed(handle);

    let began!: () => void;
    const inside = new Promise<void>((resolve) => (began = resolve));
    const transaction = db.transaction(async (tx) => {
      began();
      await tx.execute(sql`select pg_sleep(0.3)`);
    });
    await inside;
    // The pool's only connection is the transaction's until it commits.
    const [, waiting] = await Promise.all([transaction, db.execute(sql`select 1 as one`)]);
    expect(waiting).toBeDefined();

    // The transaction's wait for its BEGIN, then the query queued behind it.
    expect(seen.waits).toHaveLength(2);
    const [, queued = 0] = seen.waits;
    expect(queued).toBeGreaterThanOrEqual(0.2);
    // pg_sleep's 0.3 s on the connection; the queued query's own time leaves its wait out.
    expect(Math.max(...seen.queries)).toBeGreaterThanOrEqual(0.25);
    expect(seen.queries.at(-1)).toBeLessThan(queued);
  });

  it("times a failed query and one in a nested transaction", async () => {
    handle = await openDatabase({ url, maxConnections: 2 });
    const seen = observed(handle);
    await expect(handle.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(seen.queries).toHaveLength(1);
    expect(seen.waits).toHaveLength(1);
    await handle.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await inner.execute(sql`select pg_sleep(0.05)`);
      });
    });
    expect(Math.max(...seen.queries)).toBeGreaterThanOrEqual(0.04);
  });
});
