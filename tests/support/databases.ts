/**
 * The databases the data-layer tests run against: embedded PGlite always,
 * and a PostgreSQL server when TEST_DATABASE_URL is set. Each test file gets
 * a fresh, migrated database of its own.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { openMigratedPglite } from "./data-templates";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The URL of the PostgreSQL database (undefined for PGlite). */
  url?: string;
  dispose(): Promise<void>;
}

export interface DatabaseTarget {
  name: string;
  create(): Promise<TestDatabase>;
}

const pglite: DatabaseTarget = {
  name: "pglite",
  async create() {
    const handle = await openMigratedPglite();
    return { handle, dispose: () => handle.close() };
  },
};

/** Creates an empty PostgreSQL database beside TEST_DATABASE_URL's. */
export async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tm_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function postgresTarget(baseUrl: string): DatabaseTarget {
  return {
    name: "postgresql",
    async create() {
      const database = await createPostgresDatabase(baseUrl);
      const handle = await openDatabase({ url: database.url, maxConnections: 4 });
      await handle.migrate();
      return {
        handle,
        url: database.url,
        async dispose() {
          await handle.close();
          await database.drop();
        },
      };
    },
  };
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const DATABASE_TARGETS: DatabaseTarget[] = testDatabaseUrl
  ? [pglite, postgresTarget(testDatabaseUrl)]
  : [pglite];
