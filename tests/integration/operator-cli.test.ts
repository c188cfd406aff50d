/**
 * `npm run operator -- grant|revoke|link` (issue 21): on the embedded
 * database through the running server, on its files when no server runs,
 * and straight to PostgreSQL. Every change leaves its audit row.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { auditLog, operatorLinks, users } from "../../database/schema";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { createPostgresDatabase } from "../support/databases";
import { createPerson } from "../support/marketplace-factories";
import { runOperatorCommand } from "../support/operator";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const LOCAL_OPERATOR = "operator@trade-match.invalid";

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** The token of a `link` answer printed for `email` under `origin`; fails on anything else. */
function linkToken(stdout: string, origin: string, email: string): string {
  const match = new RegExp(
    `^${escaped(origin)}/admin/sign-in/([A-Za-z0-9_-]{43})\\nValid for 15 minutes, once, for ${escaped(email)}\\.\\n$`,
  ).exec(stdout);
  expect(match, stdout).not.toBeNull();
  return match?.[1] ?? "";
}

/** The role changes written for one person, oldest first. */
async function roleChanges(db: DatabaseHandle["db"], userId: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, userId))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => ({
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    subjectType: row.subjectType,
    before: row.before,
    after: row.after,
  }));
}

describe("the operator command on the embedded database, while the server runs", () => {
  const data = freshDataDir();
  const env = { DATA_DIR: data.dir };
  let server: TestServer;
  let person: { id: string; email: string };

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: data.dir });
    // A person who signed in (local mode: a demo account of their own).
    const jar = new CookieJar();
    expect((await signInLocally(jar, server.url)).status).toBe(302);
    const exported = await jar.fetch(`${server.url}/dashboard/data/export`);
    expect(exported.status).toBe(200);
    person = ((await exported.json()) as { account: { id: string; email: string } }).account;
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("grants and revokes the role of a person who signed in, in one sentence each", async () => {
    const said = async (args: string[]) => {
      const result = await runOperatorCommand(args, env);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      return result.stdout;
    };
    expect(await said(["grant", person.email.toUpperCase()])).toBe(
      `${person.email} is now an operator.\n`,
    );
    expect(await said(["grant", person.email])).toBe(`${person.email} was already an operator.\n`);
    expect(await said(["revoke", person.email])).toBe(
      `${person.email} is no longer an operator.\n`,
    );
    expect(await said(["revoke", person.email])).toBe(`${person.email} was not an operator.\n`);
  });

  it("refuses an unknown address, a link for a member, and bad usage: stderr, exit 1", async () => {
    const unknown = await runOperatorCommand(["grant", "nobody@example.com"], env);
    expect(unknown).toMatchObject({ code: 1, stdout: "" });
    expect(unknown.stderr).toContain("No account uses nobody@example.com");

    const member = await runOperatorCommand(["link", person.email], env);
    expect(member).toMatchObject({ code: 1, stdout: "" });
    expect(member.stderr).toContain(`npm run operator -- grant ${person.email}`);

    for (const args of [[], ["grant"], ["promote", person.email], ["grant", "not-an-address"]]) {
      const bad = await runOperatorCommand(args, env);
      expect(bad, args.join(" ")).toMatchObject({ code: 1, stdout: "" });
      expect(bad.stderr).toContain("Usage:\n  npm run operator -- grant EMAIL");
    }
  });

  it("prints a new one-time sign-in link under the server's address each time", async () => {
    const first = await runOperatorCommand(["link"], env);
    const second = await runOperatorCommand(["link"], env);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    const tokens = [first, second].map((result) =>
      linkToken(result.stdout, server.url, LOCAL_OPERATOR),
    );
    expect(tokens[0]).not.toBe(tokens[1]);

    expect((await runOperatorCommand(["grant", person.email], env)).code).toBe(0);
    const own = await runOperatorCommand(["link", person.email], env);
    expect(own.code).toBe(0);
    linkToken(own.stdout, server.url, person.email);
  });

  it("answers only the operator's own requests, and says what is wrong with a bad one", async () => {
    const { token } = JSON.parse(readFileSync(path.join(data.dir, "server.json"), "utf8")) as {
      token: string;
    };
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/_operator/operators`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...headers },
      });
    const authorised = { authorization: `Bearer ${token}` };
    const link = JSON.stringify({ command: "link" });

    const refusals: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-the-token" },
      { ...authorised, "x-forwarded-for": "203.0.113.9" },
    ];
    for (const headers of refusals) {
      const refused = await post(link, headers);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe("Not Found");
    }

    for (const body of [
      "not json",
      JSON.stringify({ command: "promote", email: person.email }),
      JSON.stringify({ command: "grant" }),
      JSON.stringify({ command: "revoke", email: 7 }),
    ]) {
      const bad = await post(body, authorised);
      expect(bad.status, body).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toMatch(/\w/);
    }

    const unknown = await post(
      JSON.stringify({ command: "grant", email: "nobody@example.com" }),
      authorised,
    );
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toEqual({
      error: expect.stringContaining("No account uses nobody@example.com") as unknown,
    });

    const answered = await post(link, authorised);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("cache-control")).toBe("no-store");
    expect(await answered.json()).toMatchObject({ command: "link", email: LOCAL_OPERATOR });
  });

  it("opens the files itself once the server has stopped; every change has its audit row", async () => {
    expect(await server.stop()).toBe(0);
    const revoked = await runOperatorCommand(["revoke", person.email], env);
    expect(revoked).toMatchObject({
      code: 0,
      stdout: `${person.email} is no longer an operator.\n`,
    });
    const link = await runOperatorCommand(["link"], {
      ...env,
      SITE_URL: "https://trade-match.example",
    });
    expect(link.code).toBe(0);
    linkToken(link.stdout, "https://trade-match.example", LOCAL_OPERATOR);

    const database = await openDatabase({ dataDir: data.dir, maxConnections: 1 });
    try {
      const changes = await roleChanges(database.db, person.id);
      const change = (action: string, from: string, to: string) => ({
        actorId: null,
        actorEmail: "command line",
        action,
        subjectType: "person",
        before: { role: from, email: person.email },
        after: { role: to, email: person.email },
      });
      expect(changes).toEqual([
        change("operator.grant", "member", "operator"),
        change("operator.revoke", "operator", "member"),
        change("operator.grant", "member", "operator"),
        change("operator.revoke", "operator", "member"),
      ]);
      const [local] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, LOCAL_OPERATOR));
      const links = await database.db
        .select()
        .from(operatorLinks)
        .where(eq(operatorLinks.userId, local?.id ?? ""));
      // Two from the command, one from the endpoint, one without the server.
      expect(links).toHaveLength(4);
      expect(links.every((row) => row.usedAt === null)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabaseUrl)("the operator command on PostgreSQL, directly", () => {
  const data = freshDataDir();
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let env: Record<string, string>;
  let person: { id: string; email: string };

  beforeAll(async () => {
    database = await createPostgresDatabase(testDatabaseUrl ?? "");
    handle = await openDatabase({ url: database.url, maxConnections: 2 });
    await handle.migrate();
    const { userId } = await createPerson(handle.db, "Alex Operator");
    person = { id: userId, email: `${userId}@example.com` };
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      SITE_URL: "https://trade-match.example",
    };
    // A server.json of a server that does not answer: with DATABASE_URL it is not asked.
    writeFileSync(
      path.join(data.dir, "server.json"),
      JSON.stringify({ url: "http://127.0.0.1:9", token: "unused", pid: process.pid }),
    );
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
    data.remove();
  });

  it("grants and revokes, each with its audit row by the command line", async () => {
    const granted = await runOperatorCommand(["grant", person.email], env);
    expect(granted).toMatchObject({ code: 0, stdout: `${person.email} is now an operator.\n` });
    const [operator] = await handle.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, person.id));
    expect(operator?.role).toBe("operator");

    const revoked = await runOperatorCommand(["revoke", person.email], env);
    expect(revoked).toMatchObject({
      code: 0,
      stdout: `${person.email} is no longer an operator.\n`,
    });
    const again = await runOperatorCommand(["revoke", person.email], env);
    expect(again).toMatchObject({ code: 0, stdout: `${person.email} was not an operator.\n` });

    const changes = await roleChanges(handle.db, person.id);
    expect(changes.map((row) => [row.actorId, row.actorEmail, row.action])).toEqual([
      [null, "command line", "operator.grant"],
      [null, "command line", "operator.revoke"],
    ]);
    expect(changes[0]).toMatchObject({
      before: { role: "member" },
      after: { role: "operator" },
    });

    const unknown = await runOperatorCommand(["revoke", "nobody@example.com"], env);
    expect(unknown).toMatchObject({ code: 1, stdout: "" });
    expect(unknown.stderr).toContain("No account uses nobody@example.com");
  });

  it("prints a link under SITE_URL for an operator, and refuses one for a member", async () => {
    const member = await runOperatorCommand(["link", person.email], env);
    expect(member.code).toBe(1);
    expect(member.stderr).toContain(`${person.email} is not an operator`);

    expect((await runOperatorCommand(["grant", person.email], env)).code).toBe(0);
    const link = await runOperatorCommand(["link", person.email], env);
    expect(link.code).toBe(0);
    linkToken(link.stdout, "https://trade-match.example", person.email);
    const rows = await handle.db
      .select()
      .from(operatorLinks)
      .where(eq(operatorLinks.userId, person.id));
    expect(rows).toHaveLength(1);
  });
});
