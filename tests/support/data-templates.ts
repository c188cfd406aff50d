/**
 * Fresh databases for the integration tests, without running PostgreSQL's
 * initdb for each one. On these machines a new PGlite cluster costs about
 * 5 s of CPU: a test server started on an empty folder listened after 9.4 s,
 * on a migrated and seeded one after 4.6 s; a data-layer database took 5.5 s
 * to create in memory and 1.4 s to load from a migrated copy.
 *
 * A global setup (data-templates-setup.ts) makes, once per run, a data
 * folder that is migrated and seeded as a server leaves it on its first
 * start (without the installation secret, which each server makes its own),
 * and a dump of the same database migrated but not seeded. Test servers start
 * from a copy of the folder (freshDataDir in server.ts); the PGlite data-layer
 * databases load the dump (databases.ts). Both still run the migrations and
 * the seed themselves, which find nothing to do unless a migration is newer.
 */
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { PGLITE_OPTIONS, pgliteHandle, type DatabaseHandle } from "~/lib/db.server";

export interface DataTemplates {
  /** A DATA_DIR whose `pglite` folder is migrated and seeded. */
  dataDir: string;
  /** A tarball of the migrated, unseeded database (PGlite's dumpDataDir). */
  migratedDump: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    dataTemplates: DataTemplates | undefined;
  }
}

/**
 * The run's templates, when the project has the global setup (the integration tests).
 * The browser tests' sites (postgres-site.ts) come here too, outside Vitest: none there.
 */
function templates(): DataTemplates | undefined {
  return process.env.VITEST ? inject("dataTemplates") : undefined;
}

/** Puts a copy of the migrated, seeded database in `dataDir` (nothing without templates). */
export function copyDatabaseTemplate(dataDir: string): void {
  const made = templates();
  if (!made) return;
  cpSync(path.join(made.dataDir, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}

/** A migrated PGlite database in memory, from the dump when there is one. */
export async function openMigratedPglite(): Promise<DatabaseHandle> {
  const made = templates();
  const loadDataDir = made ? new Blob([readFileSync(made.migratedDump)]) : undefined;
  const handle = pgliteHandle(
    await PGlite.create("memory://", {
      ...PGLITE_OPTIONS,
      ...(loadDataDir ? { loadDataDir } : {}),
    }),
  );
  await handle.migrate();
  return handle;
}
