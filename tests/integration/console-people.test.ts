/**
 * The console's people section (issue 21): find a person by name or email,
 * download their data (the same copy as their own download, with an audit
 * row), and delete them (the same deletion as self-service) once the
 * operator types their email; never yourself or another operator. Over
 * HTTP: the pages, the download, the form, and the plain 404 for everyone
 * else and for ids that name no one.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remainingPersonalRows } from "~/features/auth/personal-data.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import { LOCAL_OPERATOR } from "~/features/operator/links.server";
import {
  deletePerson,
  exportPerson,
  findPeople,
  personDetail,
} from "~/features/operator/people.server";
import { grantOperator } from "~/features/operator/roles.server";
import type { Database } from "~/lib/db.server";
import { auditLog, contractors, users } from "../../database/schema";
import { cookieJars, postForm, signInPeople } from "../support/console";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createBusiness, createPerson, createRequest } from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

/** A person with a name of their own, two requests and a business. */
async function somebody(db: Database, name: string) {
  const actor = await createPerson(db, name);
  const email = `${actor.userId}@example.com`;
  const requests = [
    await createRequest(db, actor, { status: "sent" }),
    await createRequest(db, actor),
  ];
  const business = await createBusiness(db, actor);
  return { id: actor.userId, email, name, requests, business };
}

const auditOf = (db: Database, action: string, id: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, id)));

const ownerOf = async (db: Database, businessId: string) =>
  (await db.select().from(contractors).where(eq(contractors.id, businessId)))[0]?.ownerId;

describe.each(DATABASE_TARGETS)("the console's people data on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let operator: { id: string; email: string };
  beforeAll(async () => {
    database = await target.create();
    const person = await createPerson(db(), "Olive Operator");
    operator = { id: person.userId, email: `${person.userId}@example.com` };
    await grantOperator(db(), operator.email, COMMAND_LINE);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("finds people by part of their name or email, in any case", async () => {
    const riley = await somebody(db(), "Riley Okonkwo-Test");
    await somebody(db(), "Sam 100% Percent");
    const byName = await findPeople(db(), "okonkwo");
    expect(byName.people.map((person) => person.id)).toEqual([riley.id]);
    expect(byName.people[0]).toMatchObject({
      email: riley.email,
      role: "member",
      demo: false,
      requests: 2,
      businesses: 1,
    });
    const byEmail = await findPeople(db(), riley.email.slice(3, 20).toUpperCase());
    expect(byEmail.people.map((person) => person.id)).toEqual([riley.id]);
    // A % is a character to find, not a wildcard.
    expect((await findPeople(db(), "100%")).people.map((person) => person.name)).toEqual([
      "Sam 100% Percent",
    ]);
    expect((await findPeople(db(), "%")).total).toBe(1);
    const newest = await findPeople(db(), "");
    expect(newest.people[0]?.name).toBe("Sam 100% Percent");
    expect(newest.total).toBe(3);
  });

  it("exports what the person's own download holds, with businesses, and audits it", async () => {
    const casey = await somebody(db(), "Casey Export");
    const copy = await exportPerson(db(), operator, casey.id);
    expect(copy?.account).toMatchObject({ id: casey.id, email: casey.email, name: casey.name });
    expect(copy?.requests.map((request) => request.id).sort()).toEqual([...casey.requests].sort());
    expect(copy?.businesses.map((business) => business.name)).toEqual([casey.business.name]);
    expect(JSON.stringify(copy)).not.toContain("idempotencyKey");
    expect(
      (await auditOf(db(), "person.export", casey.id)).map((row) => [row.actorEmail, row.after]),
    ).toEqual([[operator.email, { email: casey.email, requests: 2, businesses: 1 }]]);
    expect(await exportPerson(db(), operator, randomUUID())).toBeNull();
    expect(await exportPerson(db(), operator, "not-a-uuid")).toBeNull();
    expect(await personDetail(db(), "not-a-uuid")).toBeNull();
  });

  it("deletes only when the email typed is the person's: the same deletion as self-service", async () => {
    const dana = await somebody(db(), "Dana Delete");
    expect(await deletePerson(db(), operator, dana.id, "someone@else.example")).toMatchObject({
      ok: false,
      reason: "email",
    });
    expect(await deletePerson(db(), operator, dana.id, " ")).toMatchObject({ reason: "email" });
    expect(await remainingPersonalRows(db(), dana.id, dana.email)).toMatchObject({
      user: true,
      requests: 2,
    });
    expect(await auditOf(db(), "person.delete", dana.id)).toEqual([]);

    expect(await deletePerson(db(), operator, dana.id, ` ${dana.email.toUpperCase()} `)).toEqual({
      ok: true,
      requests: 2,
    });
    expect(await remainingPersonalRows(db(), dana.id, dana.email)).toEqual({
      user: false,
      requests: 0,
      jobs: 0,
      sessions: 0,
    });
    // The business stays listed, without an owner.
    expect(await ownerOf(db(), dana.business.id)).toBeNull();
    const [row] = await auditOf(db(), "person.delete", dana.id);
    expect(row).toMatchObject({
      actorId: operator.id,
      actorEmail: operator.email,
      subjectType: "person",
      before: { email: dana.email, name: "Dana Delete", requests: 2 },
    });
    expect(await deletePerson(db(), operator, dana.id, dana.email)).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("refuses to delete the operator themselves or another operator", async () => {
    const self = await deletePerson(db(), operator, operator.id, operator.email);
    expect(self).toEqual({
      ok: false,
      reason: "refused",
      message: "You cannot delete your own account from the console.",
    });
    const other = await somebody(db(), "Otto Operator");
    await grantOperator(db(), other.email, COMMAND_LINE);
    expect(await deletePerson(db(), operator, other.id, other.email)).toEqual({
      ok: false,
      reason: "refused",
      message: `${other.email} is an operator. Revoke the role first with npm run operator -- revoke ${other.email}, then delete the account.`,
    });
    for (const id of [operator.id, other.id]) {
      expect(await auditOf(db(), "person.delete", id)).toEqual([]);
      expect(await db().select().from(users).where(eq(users.id, id))).toHaveLength(1);
    }
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("the people pages over HTTP", () => {
  let site: PostgresSite;
  const jars = cookieJars("visitor", "homeowner", "operator");

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    await signInPeople(site, jars);
  });
  afterAll(async () => {
    await site.stop();
  });

  const get = (who: keyof typeof jars, path: string) => jars[who].fetch(`${site.url}${path}`);

  it("finds a person, shows their requests and businesses, and downloads their data", async () => {
    const riley = await somebody(site.db, "Riley Findable");
    const list = await get("operator", "/admin/people?q=FINDABLE");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(`href="/admin/people/${riley.id}"`);
    expect(html).toContain(riley.email);
    const byEmail = await (
      await get("operator", `/admin/people?q=${riley.id.slice(0, 13)}`)
    ).text();
    expect(byEmail).toContain("Riley Findable");

    const page = await (await get("operator", `/admin/people/${riley.id}`)).text();
    for (const leadId of riley.requests) expect(page).toContain(`href="/admin/requests/${leadId}"`);
    expect(page).toContain(`href="/admin/contractors/${riley.business.id}"`);
    expect(page).toContain(`href="/admin/people/${riley.id}/data.json"`);

    const download = await get("operator", `/admin/people/${riley.id}/data.json`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename=".+\.json"$/,
    );
    expect(download.headers.get("cache-control")).toBe("no-store");
    const copy = (await download.json()) as { account: { email: string }; requests: unknown[] };
    expect(copy.account.email).toBe(riley.email);
    expect(copy.requests).toHaveLength(2);
    const [row] = await auditOf(site.db, "person.export", riley.id);
    expect(row?.actorEmail).toBe(LOCAL_OPERATOR.email);
  });

  it("deletes a person once their email is typed; a wrong one is kept and explained", async () => {
    const dana = await somebody(site.db, "Dana Removable");
    const path = `/admin/people/${dana.id}`;
    const wrong = await postForm(jars.operator, site.url, path, {
      intent: "delete",
      email: "dana@wrong.example",
    });
    expect(wrong.status).toBe(400);
    const form = await wrong.text();
    expect(form).toContain("Type it exactly as shown above.");
    expect(form).toContain('value="dana@wrong.example"');
    expect(form).toMatch(/aria-invalid="true"[^>]*aria-describedby="confirm-email-error"/);
    expect((await remainingPersonalRows(site.db, dana.id, dana.email)).user).toBe(true);

    const done = await postForm(jars.operator, site.url, path, {
      intent: "delete",
      email: dana.email,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/people?deleted=2");
    const notice = await (await get("operator", "/admin/people?deleted=2")).text();
    expect(notice).toMatch(/role="status"[^>]*>The account was deleted, with its 2 requests\./);
    expect(await remainingPersonalRows(site.db, dana.id, dana.email)).toEqual({
      user: false,
      requests: 0,
      jobs: 0,
      sessions: 0,
    });
    const [row] = await auditOf(site.db, "person.delete", dana.id);
    expect(row).toMatchObject({
      actorEmail: LOCAL_OPERATOR.email,
      before: { email: dana.email, name: "Dana Removable", requests: 2 },
    });
    expect((await get("operator", path)).status).toBe(404);
  });

  it("refuses to delete the operator themselves or another operator", async () => {
    const [me] = await site.db.select().from(users).where(eq(users.email, LOCAL_OPERATOR.email));
    const other = await somebody(site.db, "Otto Colleague");
    await grantOperator(site.db, other.email, COMMAND_LINE);
    const cases: [string, string, string][] = [
      [me?.id ?? "", LOCAL_OPERATOR.email, "You cannot delete your own account"],
      [other.id, other.email, `npm run operator -- revoke ${other.email}`],
    ];
    for (const [id, email, message] of cases) {
      const answer = await postForm(jars.operator, site.url, `/admin/people/${id}`, {
        intent: "delete",
        email,
      });
      expect(answer.status).toBe(409);
      expect(await answer.text()).toContain(message);
      expect((await remainingPersonalRows(site.db, id, email)).user).toBe(true);
    }
  });

  it("is the plain 404 for a visitor and a homeowner, and for ids that name no one", async () => {
    const kim = await somebody(site.db, "Kim Private");
    const paths = [`/admin/people/${kim.id}`, `/admin/people/${kim.id}/data.json`];
    for (const who of ["visitor", "homeowner"] as const) {
      for (const path of ["/admin/people", "/admin/people?q=Kim", ...paths]) {
        const answer = await get(who, path);
        expect(answer.status, `${who} ${path}`).toBe(404);
        expect(await answer.text()).not.toContain(kim.email);
      }
      const post = await postForm(jars[who], site.url, paths[0] ?? "", {
        intent: "delete",
        email: kim.email,
      });
      expect(post.status, who).toBe(404);
    }
    expect((await remainingPersonalRows(site.db, kim.id, kim.email)).user).toBe(true);
    expect(await auditOf(site.db, "person.export", kim.id)).toEqual([]);

    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect((await get("operator", `/admin/people/${id}`)).status, id).toBe(404);
      expect((await get("operator", `/admin/people/${id}/data.json`)).status, id).toBe(404);
      const post = await postForm(jars.operator, site.url, `/admin/people/${id}`, {
        intent: "delete",
        email: "anyone@example.com",
      });
      expect(post.status, id).toBe(404);
    }
  });
});
