/**
 * The integration project's global setup: the run's database templates
 * (data-templates.ts), made once before the test files start.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { PGLITE_OPTIONS, pgliteHandle } from "~/lib/db.server";
import { seedDemoData } from "../../server/seed";
import type { DataTemplates } from "./data-templates";

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), "tm-templates-"));
  const templates: DataTemplates = {
    dataDir: path.join(root, "data"),
    migratedDump: path.join(root, "migrated.tar"),
  };
  // Where and how the server opens it (openDatabase): DATA_DIR/pglite, the same settings.
  const folder = path.join(templates.dataDir, "pglite");
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, PGLITE_OPTIONS);
  const database = pgliteHandle(client);
  try {
    await database.migrate();
    const dump = await client.dumpDataDir("none");
    writeFileSync(templates.migratedDump, Buffer.from(await dump.arrayBuffer()));
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
  project.provide("dataTemplates", templates);
  return () => rmSync(root, { recursive: true, force: true });
}
