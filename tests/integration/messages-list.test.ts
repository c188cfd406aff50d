/**
 * The dashboard's Messages over HTTP: a homeowner's and a pro's threads,
 * newest first, each with the other party, the service, the last message's
 * start and its unread count; the dashboard sidebar's and the pro pages'
 * unread totals; another person's thread never listed; the empty state.
 * The threads are made with the data layer (accept, post).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMessage } from "~/features/conversations/post.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import type { Database } from "~/lib/db.server";
import { threads } from "../../database/schema";
import { cookieJars, signInPeople } from "../support/console";
import type { CookieJar } from "../support/cookie-jar";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
} from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

const baseUrl = process.env.TEST_DATABASE_URL;

/** The signed-in person's account id (their data export names it). */
async function accountOf(jar: CookieJar, url: string): Promise<Actor> {
  const exported = (await (await jar.fetch(`${url}/dashboard/data/export`)).json()) as {
    account: { id: string };
  };
  return { userId: exported.account.id, clientAddress: "203.0.113.9", userAgent: "test" };
}

/** `homeowner`'s request sent to `business` and accepted by its owner: their thread's id. */
async function openThread(
  db: Database,
  homeowner: Actor,
  owner: Actor,
  business: { id: string; name: string },
): Promise<string> {
  const leadId = await createRequest(db, homeowner);
  await sendToPros(db, homeowner, leadId, [business.id], consentFor(business), delivery);
  await proStep(db, owner.userId, leadId, business.id, { event: "accept" });
  const [thread] = await db.select().from(threads).where(eq(threads.leadId, leadId));
  if (!thread) throw new Error("accepting opened no thread");
  return thread.id;
}

async function say(db: Database, who: Actor, threadId: string, body: string): Promise<void> {
  const posted = await postMessage(db, { delivery }, { userId: who.userId }, threadId, { body });
  if (!posted.ok) throw new Error(JSON.stringify(posted.errors));
}

describe.skipIf(!baseUrl)("the Messages list and the unread totals", () => {
  let site: PostgresSite;
  const db = () => site.db;
  const jars = cookieJars("homeowner", "pro", "visitor");
  const ids = { withPro: "", withOther: "", proOther: "", strangers: "" };

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    await signInPeople(site, { homeowner: jars.homeowner, pro: jars.pro });
    const homeowner = await accountOf(jars.homeowner, site.url);
    const pro = await accountOf(jars.pro, site.url);
    const proBusiness = await createBusiness(db(), pro, "Peak Roofing Messages");
    const otherOwner = await createPerson(db(), "Olive Owner");
    const otherBusiness = await createBusiness(db(), otherOwner, "Other Gutters Messages");
    const neighbour = await createPerson(db(), "Nia Neighbour");
    const stranger = await createPerson(db(), "Sam Stranger");

    // The homeowner and the pro: the pro wrote twice, unread.
    ids.withPro = await openThread(db(), homeowner, pro, proBusiness);
    await say(db(), pro, ids.withPro, "Thanks for the request. Can we visit on Monday?");
    await say(db(), pro, ids.withPro, "Monday at 9 would suit us best.");
    // The pro and another homeowner: she wrote once, unread by the pro.
    ids.proOther = await openThread(db(), neighbour, pro, proBusiness);
    await say(db(), neighbour, ids.proOther, "Is next week possible?");
    // The homeowner and another business, the newest: one unread.
    ids.withOther = await openThread(db(), homeowner, otherOwner, otherBusiness);
    await say(db(), otherOwner, ids.withOther, "We can start next week.");
    // Two other people: never anyone else's.
    ids.strangers = await openThread(db(), stranger, otherOwner, otherBusiness);
    await say(db(), otherOwner, ids.strangers, "A private note for Sam.");
  }, 120_000);
  afterAll(async () => {
    await site.stop();
  });

  const page = async (jar: CookieJar, path: string) => {
    const answer = await jar.fetch(`${site.url}${path}`);
    expect(answer.status, path).toBe(200);
    expect(answer.headers.get("cache-control"), path).toBe("no-store");
    return answer.text();
  };
  const linked = (html: string) =>
    [...html.matchAll(/href="\/dashboard\/messages\/([0-9a-f-]{36})"/g)].map((m) => m[1]);

  it("lists the homeowner's threads newest first, with the other party and the unread count", async () => {
    const html = await page(jars.homeowner, "/dashboard/messages");
    expect(linked(html)).toEqual([ids.withOther, ids.withPro]);
    expect(html).toContain("Other Gutters Messages");
    expect(html).toContain("Peak Roofing Messages");
    expect(html).toContain("Roof Repair");
    // The last message's start, and how many wait.
    expect(html).toContain("Monday at 9 would suit us best.");
    expect(html).not.toContain("Can we visit on Monday?");
    expect(html).toContain("2 unread");
    expect(html).toContain("1 unread");
    expect(html).not.toContain("A private note for Sam.");
    expect(html).not.toContain(ids.strangers);
    expect(html).not.toContain(ids.proOther);
    // The sidebar's total, as a screen reader reads it: "Messages, 3 unread".
    expect(html).toMatch(/Messages<span class="sr-only">, 3 unread<\/span>/);
  });

  it("lists the pro's threads, by the homeowner's first name, and the pro pages' total", async () => {
    const html = await page(jars.pro, "/dashboard/messages");
    // Newest first; then the demo business's two sample conversations (a day and more old,
    // one unread message each).
    const threads = linked(html);
    expect(threads.slice(0, 2)).toEqual([ids.proOther, ids.withPro]);
    expect(threads).toHaveLength(4);
    expect(html).toContain("for Morgan Roofing &amp; Gutters");
    expect(html).toContain("Is next week possible?");
    expect(html).toContain("for Peak Roofing Messages");
    expect(html).toContain("1 unread");
    expect(html).not.toContain("2 unread");
    expect(html).not.toContain("Nia Neighbour");
    expect(html).not.toContain(ids.withOther);
    expect(html).not.toContain(ids.strangers);
    expect(html).toMatch(/Messages<span class="sr-only">, 3 unread<\/span>/);
    const inbox = await page(jars.pro, "/pro");
    expect(inbox).toMatch(
      /<a[^>]*href="\/dashboard\/messages"[^>]*>Messages<span class="sr-only">, 3 unread<\/span>/,
    );
  });

  it("drops the total as the homeowner reads, and shows no badge at zero", async () => {
    const before = await page(jars.homeowner, "/dashboard");
    expect(before).toContain(", 3 unread");
    // Opening a conversation reads it: the sidebar on that very page counts the rest.
    const opened = await page(jars.homeowner, `/dashboard/messages/${ids.withOther}`);
    expect(opened).toMatch(/Messages<span class="sr-only">, 2 unread<\/span>/);
    const homeowner = await accountOf(jars.homeowner, site.url);
    await say(db(), homeowner, ids.withOther, "Next week is fine.");
    await say(db(), homeowner, ids.withPro, "Monday at 9 then.");
    const after = await page(jars.homeowner, "/dashboard/messages");
    expect(after).not.toContain(" unread");
    expect(after).toMatch(/>Messages<\/a>/);
    expect(linked(after)).toEqual([ids.withPro, ids.withOther]);
  });

  it("shows a person with no thread how threads start, and a visitor the sign-in", async () => {
    const person = cookieJars("homeowner").homeowner;
    await signInPeople(site, { homeowner: person });
    const html = await page(person, "/dashboard/messages");
    expect(html).toContain("No conversations yet");
    expect(html).toContain("A conversation starts when a pro accepts a request");
    expect(linked(html)).toEqual([]);
    expect(html).not.toContain(" unread");
    const visitor = await jars.visitor.fetch(`${site.url}/dashboard/messages`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
  });
});
