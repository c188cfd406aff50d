/**
 * On PostgreSQL, a query the app repeats is prepared once per connection and
 * then runs in one round trip, pipelined behind the others on a busy
 * connection (decision 016). Before, every query with parameters was
 * described in a round trip of its own and held its connection meanwhile,
 * and under load quote posts waited in the pool for most of a second.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { contractors } from "../../database/schema";
import { createPostgresDatabase } from "../support/databases";

const baseUrl = process.env.TEST_DATABASE_URL;

/** postgres.js answers execute() with an array of rows. */
function rows<T>(result: unknown): T[] {
  if (!Array.isArray(result)) throw new Error("expected postgres.js rows");
  return result as T[];
}

describe.runIf(baseUrl)("queries on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createPostgresDatabase(baseUrl ?? "");
    const migrator = await openDatabase({ url: database.url, maxConnections: 2 });
    await migrator.migrate();
    await migrator.close();
    // One connection: every query below goes through the same session.
    handle = await openDatabase({ url: database.url, maxConnections: 1 });
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it("are prepared once per connection, so that a repeated query takes one round trip", async () => {
    for (const slug of ["first-roofer", "second-roofer", "third-roofer"]) {
      await handle.db.select().from(contractors).where(eq(contractors.slug, slug));
    }
    const prepared = rows<{ statement: string }>(
      await handle.db.execute(
        sql`select statement from pg_prepared_statements where statement like '%"contractors"%'`,
      ),
    );
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.statement).toContain('where "contractors"."slug" = $1');
  });

  it("answer each of many concurrent queries on one connection with its own rows", async () => {
    const slugs = Array.from({ length: 50 }, (_, i) => `missing-${i.toString()}`);
    const answers = await Promise.all(
      slugs.map((slug) =>
        handle.db.execute(sql`select ${slug}::text as slug, count(*)::int as n from contractors`),
      ),
    );
    expect(answers.map((answer) => rows<{ slug: string }>(answer)[0]?.slug)).toEqual(slugs);
  });
});
