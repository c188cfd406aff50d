/**
 * The database: embedded PGlite (files under DATA_DIR) by default, a
 * PostgreSQL server when DATABASE_URL is set. One schema, one set of
 * migrations, one drizzle API for both.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "../../database/schema";
import {
  DatabaseTimings,
  timedPglite,
  timedPostgres,
  type DatabaseObserver,
} from "./db-timing.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Rows of a raw `db.execute`, whichever driver ran it (postgres.js: an array; PGlite: `.rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A transaction of a `Database` (what `db.transaction`'s callback is given). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies pending migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's LISTEN/NOTIFY (absent on PGlite): what carries events between app instances. */
  notifications?: NotificationChannels;
  /** From now on, `observer` is told each query's time and pool wait (db-timing.server.ts). */
  observe(observer: DatabaseObserver): void;
}

/**
 * LISTEN/NOTIFY through postgres.js: each `listen` has a connection of its
 * own; when it closes, postgres.js reconnects and listens again, calling
 * `onListen` each time the LISTEN is in place. `unlisten` closes it.
 */
export interface NotificationChannels {
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  /** `select pg_notify(channel, payload)`: delivered to every listener once committed. */
  notify(channel: string, payload: string): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "database/migrations");

/** Arbitrary, fixed key for the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 727_304_551;

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** Folder of the PGlite files; "memory://" keeps them in memory. */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.maxConnections);
  return openPglite(options.dataDir ?? "data");
}

/**
 * PGlite's PostgreSQL settings beyond its own defaults. initdb writes
 * `shared_buffers = 128MB`, and PostgreSQL touches all of it in the
 * process's WebAssembly memory: 150 MB of the server's RSS at rest
 * (decision 016, RSS). The site's tables are a few megabytes; what does not
 * fit is read back from the operating system's file cache.
 */
export const PGLITE_SETTINGS = { shared_buffers: "16MB" } as const;

/** PGlite's start parameters: its own, with PGLITE_SETTINGS. */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
];

/**
 * How every PGlite opens: its start parameters, and btree_gist, which the
 * visits' exclusion constraint needs (database/sql/visit-overlap.sql).
 */
export const PGLITE_OPTIONS = {
  startParams: PGLITE_START_PARAMS,
  extensions: { btree_gist },
};

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const folder = inMemory ? dataDir : path.resolve(dataDir, "pglite");
  if (!inMemory) await mkdir(folder, { recursive: true });
  return pgliteHandle(await PGlite.create(folder, PGLITE_OPTIONS));
}

/** The handle of an open PGlite (the tests open theirs from a copy of a migrated one). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  // The drizzle drivers share the pg-core query builder; the two database
  // classes differ only in their result type, which we never read directly.
  const timings = new DatabaseTimings();
  const db = drizzlePglite(timedPglite(client, timings), { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    observe(observer) {
      timings.observer = observer;
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), {
        migrationsFolder: MIGRATIONS_DIR,
      });
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * PostgreSQL through postgres.js. The client drizzle is given: the same pool, but every query goes out as a
 * named prepared statement (decision 016). drizzle asks postgres.js for an
 * unnamed statement unless a query is given a name, and postgres.js then
 * sends any query with parameters in two round trips (describe, then
 * execute) and holds the connection for both, so queries on a busy
 * connection cannot be pipelined. Under load each round trip waits for a
 * turn of the busy event loop: quote posts (two queries) waited 0.5–1.6 s in
 * the pool while PostgreSQL ran each query in 0.1 ms. Prepared, a query the
 * app repeats is described once per connection, then takes one round trip
 * and is pipelined behind the others. postgres.js keeps the statements per
 * connection (the app has a fixed set of query shapes) and retries when a
 * migration invalidates one. The same wrapper times each query
 * (db-timing.server.ts).
 */
function openPostgres(url: string, max = 10): DatabaseHandle {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 30,
  });
  const timings = new DatabaseTimings();
  const drizzleDb = drizzlePostgres(timedPostgres(client, timings, { prepare: true }), { schema });
  const listeners = new Set<postgres.Sql>();
  return {
    db: drizzleDb,
    kind: "postgres",
    observe(observer) {
      timings.observer = observer;
    },
    async migrate() {
      const lock = await client.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzleDb, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
        lock.release();
      }
    },
    async ping() {
      await drizzleDb.execute(sql`select 1`);
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.end({ timeout: 0 })));
      await client.end({ timeout: 5 });
    },
    notifications: {
      async listen(channel, onNotify, onListen) {
        // A client of its own: ending it takes its listening connection down too.
        // A listener reads no arrays: without the type query on each connect,
        // a connection cut while that query runs (postgres.js leaves its
        // rejection unhandled) cannot end the process.
        const listener = postgres(url, {
          max: 1,
          onnotice: () => {},
          connect_timeout: 5,
          fetch_types: false,
        });
        listeners.add(listener);
        const end = async () => {
          listeners.delete(listener);
          await listener.end({ timeout: 0 });
        };
        try {
          await listener.listen(channel, onNotify, onListen);
        } catch (error) {
          await end();
          throw error;
        }
        return { unlisten: end };
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
    },
  };
}
