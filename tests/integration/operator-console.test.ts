/**
 * The operator's console (issue 21): the audit log is append-only in the
 * database itself; roles and one-time sign-in links on PGlite and
 * PostgreSQL; and over HTTP, every /admin route is the plain 404 for a
 * visitor, a homeowner and a pro, and opens for an operator whose sign-in is
 * recent (an older one signs in again and comes back to the same page).
 */
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoAccount } from "~/features/auth/demo-account.server";
import { DEMO_HOMEOWNER } from "~/features/projects/demo-projects.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import {
  createOperatorLink,
  LOCAL_OPERATOR,
  NotAnOperator,
  operatorLinkIsLive,
  redeemOperatorLink,
} from "~/features/operator/links.server";
import { overview } from "~/features/operator/overview.server";
import {
  applyOperatorEmails,
  grantOperator,
  operatorEmails,
  revokeOperator,
  UnknownPerson,
} from "~/features/operator/roles.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { auditLog, operatorLinks, sessions, users } from "../../database/schema";
import { cookieJars, signInPeople, signInWithLink } from "../support/console";
import type { CookieJar } from "../support/cookie-jar";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createPerson, createRequest } from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

async function emailOf(db: DatabaseHandle["db"], userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? "";
}

describe.each(DATABASE_TARGETS)("the console's data on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("refuses UPDATE, DELETE and TRUNCATE on the audit log, whoever asks", async () => {
    await db()
      .insert(auditLog)
      .values({ actorEmail: "ops@example.com", action: "test", subjectType: "t", subjectId: "1" });
    for (const statement of [
      sql`update audit_log set action = 'changed'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const refused: unknown = await db()
        .execute(statement)
        .then(
          () => null,
          (error: unknown) => error,
        );
      // drizzle wraps the database's error: its cause is PostgreSQL's own.
      const cause = refused instanceof Error ? refused.cause : undefined;
      expect(cause instanceof Error ? cause.message : refused).toMatch(/append-only/);
    }
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, "test"));
    expect(rows).toHaveLength(1);
  });

  it("grants and revokes the role, each with its audit row; an unknown address is refused", async () => {
    const person = await createPerson(db(), "Alex Ops");
    const email = await emailOf(db(), person.userId);
    expect(await grantOperator(db(), email.toUpperCase(), COMMAND_LINE)).toBe(true);
    expect(await grantOperator(db(), email, COMMAND_LINE)).toBe(false);
    expect(await revokeOperator(db(), email, COMMAND_LINE)).toBe(true);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, person.userId))
      .orderBy(auditLog.id);
    expect(rows.map((row) => [row.action, row.actorEmail, row.before, row.after])).toEqual([
      ["operator.grant", "command line", { role: "member", email }, { role: "operator", email }],
      ["operator.revoke", "command line", { role: "operator", email }, { role: "member", email }],
    ]);
    await expect(grantOperator(db(), "nobody@example.com", COMMAND_LINE)).rejects.toBeInstanceOf(
      UnknownPerson,
    );
  });

  it("OPERATOR_EMAILS grants at sign-in only for a verified address", async () => {
    const person = await createPerson(db(), "Sam Listed");
    const email = await emailOf(db(), person.userId);
    const listed = operatorEmails(` other@example.com , ${email.toUpperCase()} `);
    await applyOperatorEmails(db(), listed, { email, emailVerified: false });
    const role = async () =>
      (await db().select({ role: users.role }).from(users).where(eq(users.id, person.userId)))[0]
        ?.role;
    expect(await role()).toBe("member");
    await applyOperatorEmails(db(), listed, { email, emailVerified: true });
    expect(await role()).toBe("operator");
  });

  it("counts the requests people sent, not a demo account's sample projects", async () => {
    const before = await overview(db());
    const sentToday = (o: typeof before) => o.perDay.at(-1)?.n ?? 0;
    await createDemoAccount(db(), DEMO_HOMEOWNER);
    const person = await createPerson(db(), "Riley Sender");
    await createRequest(db(), person, { status: "sent" });
    const after = await overview(db());
    expect(after.perDay).toHaveLength(90);
    expect(sentToday(after) - sentToday(before)).toBe(1);
    const sent = (o: typeof before) => o.byStatus.find((row) => row.status === "sent")?.n ?? 0;
    expect(sent(after) - sent(before)).toBe(1);
  });

  it("a sign-in link works once, within 15 minutes, for an operator only", async () => {
    const first = await createOperatorLink(db());
    expect(first.email).toBe(LOCAL_OPERATOR.email);
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await operatorLinkIsLive(db(), first.token)).toBe(true);
    const operatorId = await redeemOperatorLink(db(), first.token);
    expect(operatorId).toBeTruthy();
    expect(await redeemOperatorLink(db(), first.token)).toBeNull();
    expect(await operatorLinkIsLive(db(), first.token)).toBe(false);

    const late = await createOperatorLink(db(), LOCAL_OPERATOR.email);
    // Fifteen minutes pass.
    await db()
      .update(operatorLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(isNull(operatorLinks.usedAt));
    expect(await redeemOperatorLink(db(), late.token)).toBeNull();

    // A link made before the role was revoked no longer signs in.
    const before = await createOperatorLink(db());
    await revokeOperator(db(), LOCAL_OPERATOR.email, COMMAND_LINE);
    expect(await redeemOperatorLink(db(), before.token)).toBeNull();
    await expect(createOperatorLink(db(), LOCAL_OPERATOR.email)).rejects.toBeInstanceOf(
      NotAnOperator,
    );
    expect(await redeemOperatorLink(db(), "made-up")).toBeNull();
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("the console over HTTP, person by person", () => {
  let site: PostgresSite;
  const jars = cookieJars("visitor", "homeowner", "pro", "operator");
  const ROUTES = ["/admin", "/admin/audit", "/admin/audit?action=operator.grant", "/admin/sign-in"];

  const signIn = (jar: CookieJar) => signInWithLink(jar, site.url, site.db);

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    const { operator, ...others } = jars;
    await signInPeople(site, others);
    const signedIn = await signIn(operator);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/auth/complete?to=%2Fadmin");
  });
  afterAll(async () => {
    await site.stop();
  });

  it("answers 404 to a visitor, a homeowner and a pro on every console route", async () => {
    for (const who of ["visitor", "homeowner", "pro"] as const) {
      for (const path of [...ROUTES, "/admin/sign-in/not-a-real-link"]) {
        const answer = await jars[who].fetch(`${site.url}${path}`, { redirect: "manual" });
        expect(answer.status, `${who} ${path}`).toBe(404);
        expect(await answer.text()).not.toContain("Console");
      }
    }
  });

  it("opens the console for the operator, with the overview's figures and the audit log", async () => {
    const overview = await jars.operator.fetch(`${site.url}/admin`);
    expect(overview.status).toBe(200);
    const html = await overview.text();
    expect(html).toContain("Requests sent per day, last <!-- -->90<!-- --> days");
    expect(html).toContain("Emails failed");
    const audit = await jars.operator.fetch(`${site.url}/admin/audit?action=operator.grant`);
    expect(audit.status).toBe(200);
    expect(await audit.text()).toContain(LOCAL_OPERATOR.email);
  });

  it("a used link is the 404; a sign-in older than 12 hours signs in again and comes back", async () => {
    const link = await createOperatorLink(site.db);
    const post = () =>
      jars.visitor.fetch(`${site.url}/admin/sign-in/${link.token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
        body: "",
        redirect: "manual",
      });
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(404);

    const [operator] = await site.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, LOCAL_OPERATOR.email));
    await site.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '13 hours'` })
      .where(eq(sessions.userId, operator?.id ?? ""));
    const stale = await jars.operator.fetch(`${site.url}/admin/audit?action=x`, {
      redirect: "manual",
    });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(
      `/admin/sign-in?${new URLSearchParams({ returnTo: "/admin/audit?action=x" }).toString()}`,
    );
    const again = await jars.operator.fetch(`${site.url}${stale.headers.get("location") ?? ""}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("npm run operator -- link");
    const back = await signIn(jars.operator);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(
      `/auth/complete?${new URLSearchParams({ to: "/admin/audit?action=x" }).toString()}`,
    );
  });
});
