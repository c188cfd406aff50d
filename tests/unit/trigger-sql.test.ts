/**
 * The hand-written triggers have one source, database/sql/*.sql: the newest
 * definition of each function and trigger in the migrations is the one
 * written there (database/sql/README.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DATABASE = path.resolve(import.meta.dirname, "../../database");
const MIGRATIONS = path.join(DATABASE, "migrations");
const SQL = path.join(DATABASE, "sql");

/** A statement as compared: comments out, spacing collapsed, OR REPLACE as plain CREATE. */
function normalize(statement: string): string {
  return statement
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--"))
    .join("\n")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^CREATE OR REPLACE /i, "CREATE ")
    .replace(/;$/, "");
}

/** The function or trigger a statement creates or drops, as "function name" or "trigger name". */
function subject(statement: string): { key: string; drops: boolean } | null {
  const match = /^(CREATE|DROP) (FUNCTION|TRIGGER) (?:IF EXISTS )?"?(\w+)"?/i.exec(statement);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return {
    key: `${match[2].toLowerCase()} ${match[3]}`,
    drops: match[1].toUpperCase() === "DROP",
  };
}

/** Each function and trigger a text defines, by subject, in order (a drop removes it). */
function definitions(text: string, into = new Map<string, string>()): Map<string, string> {
  for (const chunk of text.split("--> statement-breakpoint")) {
    const statement = normalize(chunk);
    const found = subject(statement);
    if (!found) continue;
    if (found.drops) into.delete(found.key);
    else into.set(found.key, statement);
  }
  return into;
}

function migrationsInOrder(): string[] {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };
  return journal.entries.map(({ tag }) =>
    readFileSync(path.join(MIGRATIONS, `${tag}.sql`), "utf8"),
  );
}

describe("the hand-written triggers", () => {
  const migrated = new Map<string, string>();
  for (const migration of migrationsInOrder()) definitions(migration, migrated);
  const written = new Map<string, string>();
  for (const file of readdirSync(SQL)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    definitions(readFileSync(path.join(SQL, file), "utf8"), written);
  }

  it("are each written once in database/sql", () => {
    expect([...written.keys()].sort()).toEqual([...migrated.keys()].sort());
    expect(written.size).toBeGreaterThanOrEqual(7);
  });

  it("are, as the migrations last left them, the statements of database/sql", () => {
    for (const [key, statement] of migrated) expect(written.get(key), key).toBe(statement);
  });
});
