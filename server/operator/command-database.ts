/**
 * The database a command line opens itself, when no server answers for it:
 * migrated first (a command may run before any server has), closed after.
 */
import { openDatabase, type Database, type DatabaseHandle } from "../../app/lib/db.server";
import type { Env } from "../../app/lib/env.server";

export async function withCommandDatabase<T>(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
  work: (db: Database, database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    // Two: on PostgreSQL, migrate() holds one for its lock while it migrates on another.
    maxConnections: 2,
  });
  try {
    await database.migrate();
    return await work(database.db, database);
  } finally {
    await database.close();
  }
}
