import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractors, users } from "../../database/schema";
import { seedDemoData } from "../../server/seed";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";

/** PGlite answers raw SQL with { rows }, postgres-js with an array of rows. */
async function tableNames(database: TestDatabase): Promise<string[]> {
  const result: unknown = await database.handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    table_name: string;
  }[];
  return rows.map((row) => row.table_name);
}

describe.each(DATABASE_TARGETS)("data layer on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("applies every migration and answers a ping", async () => {
    await database.handle.ping();
    const names = await tableNames(database);
    expect(names).toContain("users");
  });

  it("migrating again is a no-op", async () => {
    await expect(database.handle.migrate()).resolves.toBeUndefined();
  });

  it("seeds the demo data once, however often it runs, and no shared demo account", async () => {
    await seedDemoData(database.handle.db);
    const [once] = await database.handle.db.select({ n: count() }).from(contractors);
    await seedDemoData(database.handle.db);
    const [twice] = await database.handle.db.select({ n: count() }).from(contractors);
    expect(once?.n).toBeGreaterThan(0);
    expect(twice?.n).toBe(once?.n);
    // Demo accounts are made per browser at sign-in (decision 017).
    const [people] = await database.handle.db.select({ n: count() }).from(users);
    expect(people?.n).toBe(0);
  });
});
