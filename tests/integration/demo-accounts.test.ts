/**
 * Local sign-in (no Google credentials): every browser gets a demo account of
 * its own, never another visitor's; idle ones are deleted (decision 017).
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGlite } from "@electric-sql/pglite";
import { count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoAccount, pruneDemoAccounts } from "~/features/auth/demo-account.server";
import { prosServing } from "~/features/marketplace/serving-pros.server";
import { DEMO_CONTRACTOR } from "~/features/marketplace/demo-business.server";
import { inbox } from "~/features/marketplace/inbox.server";
import { threadsOf, unreadTotal } from "~/features/conversations/list.server";
import { remainingPersonalRows } from "~/features/auth/personal-data.server";
import { createSession, getSessionUser } from "~/features/auth/session.server";
import { PROJECT_LEAD } from "~/features/leads/lead-forms.server";
import { submitLead } from "~/features/leads/leads.server";
import { DEMO_HOMEOWNER, DEMO_PROJECTS } from "~/features/projects/demo-projects.server";
import { translate } from "~/lib/i18n.server";
import { MIGRATIONS_DIR, PGLITE_OPTIONS } from "~/lib/db.server";
import { contractors, leads, users } from "../../database/schema";
import { seedDemoData } from "../../server/seed";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { storedLeads } from "../support/operator";
import { formData, quoteFields, testServices } from "../support/factories";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const HOUR_MS = 3600_000;
const PROJECT_TITLES = DEMO_PROJECTS.map((project) => translate("en", project.title));

interface Export {
  account: { id: string; email: string; name: string };
  requests: { userId: string; email: string | null; title: string | null; details: string }[];
}

describe("two browsers signing in with local mode", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir, FORM_MIN_FILL_MS: "0" });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  const post = (jar: CookieJar, pathname: string, fields: Record<string, string>) =>
    jar.fetch(`${server.url}${pathname}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });

  /** Clicks "Sign in with Google" on /login. */
  async function signIn(jar: CookieJar): Promise<Response> {
    return post(jar, "/login", {});
  }

  async function exported(jar: CookieJar): Promise<Export> {
    const response = await jar.fetch(`${server.url}/dashboard/data/export`);
    expect(response.status).toBe(200);
    return (await response.json()) as Export;
  }

  async function dashboard(jar: CookieJar): Promise<string> {
    const response = await jar.fetch(`${server.url}/dashboard`);
    expect(response.status).toBe(200);
    return response.text();
  }

  async function addProject(jar: CookieJar, details: string): Promise<void> {
    await jar.fetch(`${server.url}/dashboard/new`);
    const added = await post(jar, "/dashboard/new", {
      intent: "project",
      name: "Jordan Rivera",
      email: "jordan@example.com",
      phone: "(303) 555-0133",
      service: "gutter-installation",
      postalCode: "80203",
      details,
      preferredContact: "email",
      consent: "on",
    });
    expect(added.status).toBe(302);
  }

  it("gives each browser its own account, seeded with the sample projects", async () => {
    const first = new CookieJar();
    const second = new CookieJar();
    expect((await signIn(first)).headers.get("location")).toBe("/auth/complete?to=%2Fdashboard");
    expect((await signIn(second)).status).toBe(302);

    const [a, b] = [await exported(first), await exported(second)];
    expect(a.account.id).not.toBe(b.account.id);
    expect(a.account.email).toBe(`demo+${a.account.id}@trade-match.example`);
    expect(b.account.email).toBe(`demo+${b.account.id}@trade-match.example`);
    for (const account of [a, b]) {
      expect(account.requests.map((r) => r.title).sort()).toEqual([...PROJECT_TITLES].sort());
      expect(account.requests.every((r) => r.userId === account.account.id)).toBe(true);
    }
    const html = await dashboard(second);
    for (const title of PROJECT_TITLES) expect(html).toContain(title);
  });

  it("shows what one browser typed to that browser only, in the dashboard and the download", async () => {
    const first = new CookieJar();
    const second = new CookieJar();
    await signIn(first);
    await signIn(second);
    const secret = "Side gate code 4821, call Sam on the cell";
    await addProject(first, secret);

    expect(await dashboard(first)).toContain("Gutter Installation");
    expect(await dashboard(second)).not.toContain("Gutter Installation");
    const mine = await exported(first);
    const theirs = await exported(second);
    expect(mine.requests.map((r) => r.details)).toContain(secret);
    expect(JSON.stringify(theirs)).not.toContain(secret);
    expect(JSON.stringify(theirs)).not.toContain(mine.account.id);
  });

  it("lists what a demo account sent among the leads, and not its sample projects", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    await addProject(jar, "A real request from a demo account.");
    const listed = await storedLeads(data.dir);
    expect(listed.map((lead) => lead.details)).toContain("A real request from a demo account.");
    expect(listed.filter((lead) => PROJECT_TITLES.includes(lead.title ?? ""))).toEqual([]);
  });

  it("gives a browser that signs out and in again its own account back, and no other", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const before = await exported(jar);
    await addProject(jar, "Kept across a sign-out.");
    expect((await post(jar, "/logout", {})).headers.get("location")).toBe("/login");
    expect(jar.has("tm_session")).toBe(false);

    await signIn(jar);
    const after = await exported(jar);
    expect(after.account.id).toBe(before.account.id);
    expect(after.requests.map((r) => r.details)).toContain("Kept across a sign-out.");

    // A demo cookie naming that account without our signature is not proof.
    const stranger = new CookieJar();
    const forged = await fetch(`${server.url}/login`, {
      method: "POST",
      body: new URLSearchParams(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        cookie: `tm_demo=${before.account.id}.forged`,
      },
      redirect: "manual",
    });
    expect(forged.status).toBe(302);
    stranger.store(forged);
    expect((await exported(stranger)).account.id).not.toBe(before.account.id);
  });

  it("deletes one browser's account and leaves the other's as it was", async () => {
    const leaving = new CookieJar();
    const staying = new CookieJar();
    await signIn(leaving);
    await signIn(staying);
    const kept = await exported(staying);

    const deleted = await post(leaving, "/dashboard/data", { confirm: "delete" });
    expect(deleted.status).toBe(302);
    expect((await leaving.fetch(`${server.url}/dashboard`)).status).toBe(302);

    const still = await exported(staying);
    expect(still.account.id).toBe(kept.account.id);
    expect(still.requests).toHaveLength(kept.requests.length);

    // The deleted account cannot come back through its cookie: a new one is made.
    await signIn(leaving);
    expect((await exported(leaving)).requests).toHaveLength(PROJECT_TITLES.length);
  });

  it.each(["__proto__", "constructor", "toString"])(
    "answers /login?error=%s with the page and no message",
    async (code) => {
      const response = await fetch(`${server.url}/login?error=${code}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Sign in to your account");
      expect(html).not.toContain('role="alert"');
    },
  );

  it("says on the sign-in page that local mode is a demonstration", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).toContain(
      "Demo mode: this signs you into a private demo account for this browser",
    );
    expect(html).toContain("It is deleted after 24 hours");
  });
});

describe("the limit on new demo accounts per client", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir, DEMO_ACCOUNTS_PER_HOUR: "2" });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  const signIn = (jar: CookieJar, returnTo?: string) =>
    signInLocally(jar, server.url, { returnTo });

  it("refuses a new account past the limit with a message, and still lets a known browser in", async () => {
    const known = new CookieJar();
    expect((await signIn(known)).headers.get("location")).toMatch(/^\/auth\/complete/);
    expect((await signIn(new CookieJar())).headers.get("location")).toMatch(/^\/auth\/complete/);

    const refused = new CookieJar();
    const response = await signIn(refused, "/dashboard/schedule");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "/login?error=demo-limit&returnTo=%2Fdashboard%2Fschedule",
    );
    expect(refused.has("tm_session")).toBe(false);
    const page = await (
      await refused.fetch(`${server.url}${response.headers.get("location") ?? ""}`)
    ).text();
    expect(page).toContain("Too many demo accounts were started from your network");
    // What the person was going to is kept (React separates the text nodes with a comment).
    expect(page).toMatch(/Back to (<!-- -->)?\/dashboard\/schedule/);

    // The browser that has an account gets it back: that creates nothing.
    const out = await known.fetch(`${server.url}/logout`, {
      method: "POST",
      headers: { origin: server.url },
    });
    expect(out.headers.get("location")).toBe("/login");
    expect((await signIn(known)).headers.get("location")).toMatch(/^\/auth\/complete/);
  });
});

describe.each(DATABASE_TARGETS)("demo accounts in the data layer on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
    await seedDemoData(database.handle.db);
  });
  afterAll(async () => {
    await database.dispose();
  });

  const lastActive = async (id: string) => {
    const [row] = await database.handle.db
      .select({ at: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, id));
    return row?.at.getTime();
  };
  const ageBy = (id: string, hours: number) =>
    database.handle.db
      .update(users)
      .set({ lastActiveAt: sql`now() - make_interval(mins => ${Math.round(hours * 60)})` })
      .where(eq(users.id, id));

  it("removes accounts idle past the limit with all they own, and nothing else", async () => {
    const db = database.handle.db;
    const services = testServices(database.handle, {
      LEAD_WEBHOOK_URL: "http://127.0.0.1:9/hook",
      LEAD_WEBHOOK_SECRET: "webhook-secret-123456",
    });
    const idle = await createDemoAccount(db, DEMO_HOMEOWNER);
    const active = await createDemoAccount(db, DEMO_HOMEOWNER);
    const [person] = await db
      .insert(users)
      .values({ email: "sam@example.com", name: "Sam Ortiz", provider: "https://x", subject: "s" })
      .returning();
    if (!person) throw new Error("no user");
    const { formKey, ...fields } = quoteFields({
      name: "Jordan Rivera",
      email: "jordan@example.com",
      service: "roofing",
    });
    await submitLead({
      services,
      clientAddress: "203.0.113.41",
      userAgent: "Vitest",
      leadForm: PROJECT_LEAD,
      form: formData(fields),
      formKey,
      context: { userId: idle },
    });
    await createSession(db, services.env, idle);
    const idleEmail = `demo+${idle}@trade-match.example`;
    expect(await remainingPersonalRows(db, idle, idleEmail)).toMatchObject({
      user: true,
      requests: PROJECT_TITLES.length + 1,
      sessions: 1,
    });

    await ageBy(idle, 30);
    await ageBy(person.id, 24 * 365);
    expect(await pruneDemoAccounts(db, { idleHours: 48 })).toBe(0);
    expect(await pruneDemoAccounts(db, { idleHours: 24 })).toBe(1);
    expect(await remainingPersonalRows(db, idle, idleEmail)).toEqual({
      user: false,
      requests: 0,
      jobs: 0,
      sessions: 0,
    });
    expect(await lastActive(active)).toBeDefined();
    expect(await lastActive(person.id)).toBeDefined();

    // With the clock a day on, the other demo account's turn comes; a person's never does.
    const later = new Date(Date.now() + 26 * HOUR_MS);
    expect(await pruneDemoAccounts(db, { idleHours: 24, now: later })).toBe(1);
    expect(await lastActive(active)).toBeUndefined();
    expect(await lastActive(person.id)).toBeDefined();
  });

  it("gives a demo contractor a business of its own that nobody else is offered, gone with the account", async () => {
    const db = database.handle.db;
    const pro = await createDemoAccount(db, DEMO_CONTRACTOR);
    const visitor = await createDemoAccount(db, DEMO_HOMEOWNER);
    const [business] = await db.select().from(contractors).where(eq(contractors.ownerId, pro));
    if (!business) throw new Error("no demo business");
    const box = await inbox(db, pro, business.id);
    expect(box.counts).toMatchObject({ new: 1, accepted: 1, quoted: 1 });
    // Each request it accepted opened a conversation, with the homeowner's first message unread.
    const conversations = await threadsOf(db, pro);
    expect(conversations.map((thread) => [thread.otherName, thread.unread]).sort()).toEqual([
      ["Dana", 1],
      ["Priya", 1],
    ]);
    expect(await unreadTotal(db, pro)).toBe(2);
    const scope = { citySlug: "denver-co", postalCode: null, service: "roof-repair" };
    const offeredIds = async (viewer: string | null) =>
      (await prosServing(db, scope, viewer, 100)).map((pro) => pro.id);
    expect(await offeredIds(pro)).toContain(business.id);
    expect(await offeredIds(visitor)).not.toContain(business.id);
    expect(await offeredIds(null)).not.toContain(business.id);

    await ageBy(pro, 30);
    expect(await pruneDemoAccounts(db, { idleHours: 24 })).toBe(1);
    expect(await db.select().from(contractors).where(eq(contractors.id, business.id))).toEqual([]);
    const samples = await db
      .select({ n: count() })
      .from(leads)
      .where(like(leads.idempotencyKey, `%${pro}%`));
    expect(samples[0]?.n).toBe(0);
    expect(await lastActive(visitor)).toBeDefined();
    // The other tests here count accounts: this one leaves none behind.
    await db.delete(users).where(eq(users.id, visitor));
  });

  it("never removes an account sooner than the idle time, and deletes in bounded batches", async () => {
    const db = database.handle.db;
    const ids = [
      await createDemoAccount(db, DEMO_HOMEOWNER),
      await createDemoAccount(db, DEMO_HOMEOWNER),
      await createDemoAccount(db, DEMO_HOMEOWNER),
    ];
    // Used 24 hours ago: its stamp may lag its last use by up to an hour, so it stays.
    for (const id of ids) await ageBy(id, 24);
    expect(await pruneDemoAccounts(db, { idleHours: 24 })).toBe(0);
    for (const id of ids) await ageBy(id, 26);
    expect(await pruneDemoAccounts(db, { idleHours: 24, batch: 2 })).toBe(2);
    expect(await pruneDemoAccounts(db, { idleHours: 24, batch: 2 })).toBe(1);
    const [left] = await db.select({ n: count() }).from(users).where(eq(users.demo, true));
    expect(left?.n).toBe(0);
  });

  it("keeps last use fresh from the session, at most once an hour", async () => {
    const db = database.handle.db;
    const services = testServices(database.handle);
    const id = await createDemoAccount(db, DEMO_HOMEOWNER);
    const cookie = await createSession(db, services.env, id);
    const request = new Request("http://localhost/dashboard", {
      headers: { cookie: cookie.split(";")[0] ?? "" },
    });

    await ageBy(id, 0.5);
    const halfHourAgo = await lastActive(id);
    expect((await getSessionUser(db, services.env, request))?.id).toBe(id);
    expect(await lastActive(id)).toBe(halfHourAgo);

    await ageBy(id, 2);
    const twoHoursAgo = await lastActive(id);
    await getSessionUser(db, services.env, request);
    expect(await lastActive(id)).toBeGreaterThan((twoHoursAgo ?? 0) + HOUR_MS);
  });

  it("seeds each account's sample projects under its own name and address", async () => {
    const db = database.handle.db;
    const id = await createDemoAccount(db, DEMO_HOMEOWNER);
    const rows = await db
      .select({ name: leads.name, email: leads.email })
      .from(leads)
      .where(eq(leads.userId, id));
    expect(rows).toHaveLength(PROJECT_TITLES.length);
    expect(new Set(rows.map((row) => `${row.name} <${row.email ?? ""}>`))).toEqual(
      new Set([`Jordan Rivera <demo+${id}@trade-match.example>`]),
    );
  });
});

describe("upgrading a database that has the old shared demo account", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tm-migrations-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("deletes that account with its requests and sessions", async () => {
    // The migrations as they were before this change (0000–0002).
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = path.join(dir, "meta/_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: unknown[] };
    await writeFile(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 3) }),
    );
    const client = await PGlite.create("memory://", PGLITE_OPTIONS);
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: dir });
      await client.exec(`
        insert into users (email, name, provider, subject)
          values ('demo@trade-match.example', 'Jordan Rivera', 'local', 'demo'),
                 ('sam@example.com', 'Sam Ortiz', 'https://accounts.google.com', 'sam');
        insert into leads (source, name, consent_text, consent_at, user_id, idempotency_key)
          select 'dashboard', 'Jordan Rivera', 'ok', now(), id, 'seed:demo:kitchen'
          from users where subject = 'demo';
        insert into sessions (token_hash, user_id, expires_at)
          select 'hash', id, now() + interval '1 day' from users where subject = 'demo';
      `);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const left = await client.query<{ email: string; demo: boolean }>(
        "select email, demo from users order by email",
      );
      expect(left.rows).toEqual([{ email: "sam@example.com", demo: false }]);
      const orphans = await client.query<{ n: number }>(
        "select (select count(*) from leads)::int + (select count(*) from sessions)::int as n",
      );
      expect(orphans.rows[0]?.n).toBe(0);
    } finally {
      await client.close();
    }
  });
});
