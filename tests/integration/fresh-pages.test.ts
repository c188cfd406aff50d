/**
 * Fresh at once, on every instance (issue 35, decision 041): two built app
 * instances on one PostgreSQL, each with its own page cache. A write on one
 * names the pages it makes stale over the message bus, and the other drops
 * its kept copies within a second; an instance whose LISTEN connection is
 * killed drops every kept page once it listens again.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractors } from "../../database/schema";
import { CookieJar } from "../support/cookie-jar";
import { joinAsDenverRoofer, postForm, signInWithLink } from "../support/console";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { completedHire } from "../support/review-factories";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const baseUrl = process.env.TEST_DATABASE_URL;

/** B's connections name themselves, so the test can kill B's LISTEN and not A's. */
const B_APP_NAME = "tradematch-fresh-pages-b";
const LISTING = "/denver-co/roofing";
/** What "at once" must mean between two instances. */
const AT_ONCE_MS = 1_000;
/** The bus's self-check (message-bus-postgres.server.ts): a lost LISTEN is back by then. */
const PING_INTERVAL_MS = 30_000;

interface Read {
  status: number;
  cache: string | null;
  html: string;
  headers: Headers;
}

/** A public page as a visitor without cookies gets it. */
async function read(server: { url: string }, path: string): Promise<Read> {
  const answer = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return {
    status: answer.status,
    cache: answer.headers.get("x-cache"),
    html: await answer.text(),
    headers: answer.headers,
  };
}

/**
 * Reads the page every few milliseconds until `done` holds for it: that
 * read, and how long it took. Fails past `limitMs` (never sleeps longer
 * than a poll).
 */
async function until(
  server: { url: string },
  path: string,
  done: (page: Read) => boolean,
  limitMs: number,
): Promise<{ page: Read; elapsed: number }> {
  const started = performance.now();
  for (;;) {
    const page = await read(server, path);
    const elapsed = performance.now() - started;
    if (done(page)) return { page, elapsed };
    if (elapsed > limitMs) {
      throw new Error(
        `${path} on ${server.url} after ${Math.round(elapsed).toString()} ms: ${page.status.toString()} ${page.cache ?? ""}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The page once the server answers it from its cache: kept from its second
 * request, unless its keys were purged a moment ago (PURGE_SETTLE_MS).
 */
async function kept(server: { url: string }, path: string): Promise<Read> {
  return (await until(server, path, (page) => page.cache === "HIT", 10_000)).page;
}

describe.skipIf(!baseUrl)("fresh pages on every instance (two instances, one PostgreSQL)", () => {
  const dataB = freshDataDir();
  const operator = new CookieJar();
  let a: PostgresSite;
  let b: TestServer;
  let pro: { jar: CookieJar; userId: string };
  let business: { id: string; slug: string; name: string };

  beforeAll(async () => {
    a = await startSiteOnPostgres();
    b = await startServer({
      DATA_DIR: dataB.dir,
      DATABASE_URL: a.databaseUrl,
      DEMO_ACCOUNTS_PER_HOUR: "1000",
      PGAPPNAME: B_APP_NAME,
    });
    pro = await signedInOn(a);
    expect((await signInWithLink(operator, b.url, a.db)).status).toBe(302);
  });
  afterAll(async () => {
    await b.stop();
    await a.stop();
    dataB.remove();
  });

  it("a pro who joins on A is on B's kept listing within a second", async () => {
    const before = await kept(b, LISTING);
    expect(before.headers.get("surrogate-key")?.split(" ")).toEqual(
      expect.arrayContaining(["all", "listing:denver-co:roofing", "category:roofing"]),
    );
    expect(before.headers.get("cache-tag")?.split(",")).toContain("listing:denver-co:roofing");
    const name = "Fresh Peak Roofing";
    expect(before.html).not.toContain(name);

    expect((await joinAsDenverRoofer(pro.jar, a.url, name)).status).toBe(302);
    const { elapsed } = await until(b, LISTING, (page) => page.html.includes(name), AT_ONCE_MS);
    expect(elapsed).toBeLessThan(AT_ONCE_MS);

    const [row] = await a.db
      .select({ id: contractors.id, slug: contractors.slug, name: contractors.name })
      .from(contractors)
      .where(eq(contractors.name, name));
    if (!row) throw new Error("the business was not created");
    business = row;
  });

  it("a review written on A shows on B's kept profile within a second", async () => {
    const profile = `/pros/${business.slug}`;
    const before = await kept(b, profile);
    expect(before.headers.get("surrogate-key")).toContain(`profile:${business.slug}`);
    const homeowner = await signedInOn(a);
    const actor = (userId: string) => ({
      userId,
      clientAddress: "203.0.113.9",
      userAgent: "Mozilla/5.0 (test)",
    });
    const hire = await completedHire(a.db, {
      business: { id: business.id, name: business.name },
      pro: actor(pro.userId),
      homeowner: actor(homeowner.userId),
    });
    const body = "Replaced the flashing in a morning and left the yard spotless.";
    expect(before.html).not.toContain(body);
    const posted = await postForm(
      homeowner.jar,
      a.url,
      `/dashboard/projects/${hire.leadId}/review`,
      {
        stars: "5",
        body,
      },
    );
    expect(posted.status).toBe(302);
    const { elapsed } = await until(b, profile, (page) => page.html.includes(body), AT_ONCE_MS);
    expect(elapsed).toBeLessThan(AT_ONCE_MS);
  });

  it("suspended on B, the business leaves A's kept listing and profile within a second", async () => {
    const profile = `/pros/${business.slug}`;
    expect((await kept(a, LISTING)).html).toContain(business.name);
    expect((await kept(a, profile)).status).toBe(200);

    const suspended = await postForm(operator, b.url, `/admin/contractors/${business.id}`, {
      intent: "suspend",
      reason: "Fake licence number",
    });
    expect(suspended.status).toBe(302);
    const listing = await until(
      a,
      LISTING,
      (page) => !page.html.includes(business.name),
      AT_ONCE_MS,
    );
    const gone = await until(
      a,
      profile,
      (page) => page.status !== 200 || !page.html.includes(business.name),
      AT_ONCE_MS,
    );
    expect(Math.max(listing.elapsed, gone.elapsed)).toBeLessThan(AT_ONCE_MS);
  });

  it("B drops every kept page once its lost LISTEN connection is back", async () => {
    await kept(b, "/denver-co");
    const killed = await a.db.execute<{ pid: number }>(sql`
      select pid, pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${B_APP_NAME}
        and query ilike 'listen %'`);
    // postgres.js answers a list of rows (this is PostgreSQL, never PGlite).
    expect(Array.isArray(killed) ? killed.length : null).toBe(1);
    const { elapsed } = await until(
      b,
      "/denver-co",
      (page) => page.cache !== "HIT",
      PING_INTERVAL_MS,
    );
    expect(elapsed).toBeLessThan(PING_INTERVAL_MS);
  });
});
