/**
 * A business an operator suspends, from the homeowner's side (issue 21):
 * each homeowner whose request is still open with it is emailed once; their
 * project shows the pro as no longer available, for as long as it stays
 * suspended; hiring or choosing it is refused, and so is its own accepting
 * and quoting. Data on PGlite and PostgreSQL; the page over HTTP on
 * PostgreSQL.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLinkSecret } from "~/features/leads/request-link.server";
import { hire, homeownerStep } from "~/features/marketplace/homeowner-steps.server";
import { MAX_PROS_PER_REQUEST } from "~/features/marketplace/limits";
import { projectFor } from "~/features/marketplace/project.server";
import { canChooseMore } from "~/features/marketplace/project-view";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import {
  ProSuspended,
  ProUnavailable,
  tellHomeownersProIsUnavailable,
} from "~/features/marketplace/unavailable.server";
import type { Database } from "~/lib/db.server";
import { contractors, outboxJobs, quotes, users } from "../../database/schema";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  partOf,
  quoteInput,
  refused,
  requestRow,
} from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

const SITE = "https://trade-match.example";

/** The operator's suspension, as the console takes it: one transaction. */
async function suspend(db: Database, contractorId: string) {
  const secret = await requestLinkSecret(db);
  return db.transaction(async (tx) => {
    await tx
      .update(contractors)
      .set({ suspendedAt: new Date(), suspendedReason: "Licence lapsed" })
      .where(eq(contractors.id, contractorId));
    return tellHomeownersProIsUnavailable(tx, delivery, contractorId, { secret, now: new Date() });
  });
}

const restore = (db: Database, contractorId: string) =>
  db
    .update(contractors)
    .set({ suspendedAt: null, suspendedReason: null })
    .where(eq(contractors.id, contractorId));

const toldAbout = (db: Database) =>
  db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.kind, "pro_unavailable_email"))
    .orderBy(outboxJobs.id);

/** A request sent to `businesses`, none of which has answered yet. */
async function sentRequest(
  db: Database,
  homeowner: Actor,
  businesses: { id: string; name: string }[],
) {
  const leadId = await createRequest(db, homeowner);
  const ids = businesses.map((business) => business.id);
  await sendToPros(db, homeowner, leadId, ids, consentFor(...businesses), delivery);
  return leadId;
}

/** The business's pro accepts the request and quotes $4,500–$6,000. */
async function quoted(db: Database, pro: Actor, leadId: string, businessId: string) {
  await proStep(db, pro.userId, leadId, businessId, { event: "accept" });
  await saveQuote(db, pro.userId, leadId, businessId, quoteSchema.parse(quoteInput()), delivery);
}

describe.each(DATABASE_TARGETS)("a suspended pro, for its homeowners, on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("tells each open request once, shows the pro as gone, refuses it, and forgets it when restored", async () => {
    const pro = await createPerson(db(), "Pat Pro");
    const business = await createBusiness(db(), pro, "Summit Ridge Roofing");
    const olga = await createPerson(db(), "Olga Pro");
    const other = await createBusiness(db(), olga, "Valley Roofing");
    const [ana, ben, cy, dee] = await Promise.all([
      createPerson(db(), "Ana Home"),
      createPerson(db(), "Ben Home"),
      createPerson(db(), "Cy Home"),
      createPerson(db(), "Dee Home"),
    ]);
    // Open: sent to the business and another pro, unanswered.
    const waiting = await sentRequest(db(), ana, [business, other]);
    // Open: the business quoted (the only pro on it).
    const quotedLead = await sentRequest(db(), ben, [business]);
    await quoted(db(), pro, quotedLead, business.id);
    // Closed: the business was hired and finished the work.
    const completed = await sentRequest(db(), cy, [business]);
    await quoted(db(), pro, completed, business.id);
    await hire(db(), cy.userId, completed, business.id, delivery);
    await homeownerStep(db(), cy.userId, completed, { event: "complete" }, delivery);
    // A draft: no pro has it.
    const draft = await createRequest(db(), dee);

    expect(await suspend(db(), business.id)).toEqual({ told: 2 });
    const jobs = await toldAbout(db());
    // The completed request and the draft are not told.
    expect(jobs.map((job) => job.leadId).sort()).toEqual([waiting, quotedLead].sort());
    expect([completed, draft].some((id) => jobs.some((job) => job.leadId === id))).toBe(false);
    const email = (leadId: string) => {
      const job = jobs.find((row) => row.leadId === leadId);
      expect(job?.status).toBe("held");
      return job?.payload as { to: string; subject: string; text: string };
    };
    for (const leadId of [waiting, quotedLead]) {
      expect(email(leadId)).toMatchObject({
        to: "jordan@example.com",
        subject: "Summit Ridge Roofing is no longer available on TradeMatch",
      });
      // Both have room for another pro (one or two chosen of three).
      for (const line of [
        "Summit Ridge Roofing is no longer available on TradeMatch",
        `See your request: ${SITE}/dashboard/projects/${leadId}\n`,
        `You can choose another pro for it: ${SITE}/dashboard/projects/${leadId}/pros`,
      ]) {
        expect(email(leadId).text).toContain(line);
      }
    }
    expect(email(waiting).text).toContain(
      "Your request for Roof Repair in Denver, CO 80202 is still open with the other pros you chose",
    );
    expect(email(quotedLead).text).not.toContain("other pros you chose");

    // Told once: a second call queues nothing.
    expect(await suspend(db(), business.id)).toEqual({ told: 0 });
    expect(await toldAbout(db())).toHaveLength(2);

    // The homeowner's project marks the business, and only it, unavailable.
    const anasView = await projectFor(db(), { userId: ana.userId }, waiting);
    expect(anasView.parts.map((part) => [part.name, part.unavailable])).toEqual([
      ["Summit Ridge Roofing", true],
      [other.name, false],
    ]);
    expect((await projectFor(db(), { userId: ben.userId }, quotedLead)).parts[0]).toMatchObject({
      state: "quoted",
      unavailable: true,
    });

    // Hiring it is refused; nothing changes.
    const hiring = await refused(hire(db(), ben.userId, quotedLead, business.id, delivery));
    expect(hiring).toBeInstanceOf(ProUnavailable);
    expect(hiring.message).toBe(
      "Summit Ridge Roofing is no longer available on TradeMatch. It can't be hired.",
    );
    expect((await requestRow(db(), quotedLead))?.status).toBe("sent");
    expect((await partOf(db(), quotedLead, business.id))?.state).toBe("quoted");

    // Choosing it for another request is refused; nothing is stored.
    const fresh = await createRequest(db(), dee);
    const choosing = await refused(
      sendToPros(db(), dee, fresh, [business.id], consentFor(business), delivery),
    );
    expect(choosing).toBeInstanceOf(ProUnavailable);
    expect(choosing.message).toBe(
      "Summit Ridge Roofing is no longer available on TradeMatch. Please choose another pro.",
    );
    expect((await requestRow(db(), fresh))?.status).toBe("draft");
    expect(await partOf(db(), fresh, business.id)).toBeUndefined();

    // The pro can neither accept nor change its quote; nothing is stored or sent.
    const accepting = await refused(
      proStep(db(), pro.userId, waiting, business.id, { event: "accept" }),
    );
    expect(accepting).toBeInstanceOf(ProSuspended);
    expect(accepting.message).toMatch(/^Your profile is suspended/);
    expect((await partOf(db(), waiting, business.id))?.state).toBe("sent");
    const quoteEmails = () =>
      db().select().from(outboxJobs).where(eq(outboxJobs.kind, "quote_email"));
    const quotesBefore = (await quoteEmails()).length;
    const requoting = await refused(
      saveQuote(
        db(),
        pro.userId,
        quotedLead,
        business.id,
        quoteSchema.parse(quoteInput({ min: "9,999", max: "", kind: "fixed" })),
        delivery,
      ),
    );
    expect(requoting).toBeInstanceOf(ProSuspended);
    const [kept] = await db()
      .select({ minCents: quotes.minCents })
      .from(quotes)
      .where(and(eq(quotes.leadId, quotedLead), eq(quotes.contractorId, business.id)));
    expect(kept?.minCents).toBe(450_000);
    expect(await quoteEmails()).toHaveLength(quotesBefore);

    // Restored: the project shows the business normally again, and it can be hired.
    await restore(db(), business.id);
    expect((await projectFor(db(), { userId: ben.userId }, quotedLead)).parts[0]?.unavailable).toBe(
      false,
    );
    await hire(db(), ben.userId, quotedLead, business.id, delivery);
    expect((await requestRow(db(), quotedLead))?.status).toBe("scheduled");
  });

  it("frees the suspended business's place among the request's pros", async () => {
    const owners = await Promise.all(
      ["Kim Pro", "Lee Pro", "Max Pro", "Noa Pro"].map((name) => createPerson(db(), name)),
    );
    const [first, second, third, fourth] = await Promise.all(
      owners.map((owner, i) => createBusiness(db(), owner, `Place ${String(i)} Roofing`)),
    );
    if (!first || !second || !third || !fourth) throw new Error("no businesses");
    const homeowner = await createPerson(db(), "Ola Home");
    const full = [first, second, third].slice(0, MAX_PROS_PER_REQUEST);
    const leadId = await sentRequest(db(), homeowner, full);
    const more = () =>
      sendToPros(db(), homeowner, leadId, [fourth.id], consentFor(fourth), delivery);
    expect((await refused(more())).message).toContain(
      `at most ${String(MAX_PROS_PER_REQUEST)} pros`,
    );
    await suspend(db(), first.id);
    const project = await projectFor(db(), { userId: homeowner.userId }, leadId);
    expect(canChooseMore(project)).toBe(true);
    await more();
    expect(await partOf(db(), leadId, fourth.id)).toBeDefined();
  });

  it("tells the homeowner who hired it, and emails no one who has no address", async () => {
    const pro = await createPerson(db(), "Hal Pro");
    const business = await createBusiness(db(), pro, "Hired Hands Roofing");
    const homeowner = await createPerson(db(), "Ivy Home");
    const hiredLead = await sentRequest(db(), homeowner, [business]);
    await quoted(db(), pro, hiredLead, business.id);
    await hire(db(), homeowner.userId, hiredLead, business.id, delivery);
    await homeownerStep(
      db(),
      homeowner.userId,
      hiredLead,
      { event: "start", progress: 20 },
      delivery,
    );
    // A request with no address of its own goes to its account's (the one rule); with neither,
    // nobody is emailed.
    const silent = await sentRequest(db(), homeowner, [business]);
    await db().execute(sql`update leads set email = null where id = ${silent}`);
    await db().execute(sql`update users set email = '' where id = ${homeowner.userId}`);

    expect(await suspend(db(), business.id)).toEqual({ told: 1 });
    const jobs = (await toldAbout(db())).filter(
      (job) => job.leadId === hiredLead || job.leadId === silent,
    );
    expect(jobs.map((job) => job.leadId)).toEqual([hiredLead]);
    const text = (jobs[0]?.payload as { text: string }).text;
    expect(text).toContain(
      "Hired Hands Roofing, the pro you hired for Roof Repair in Denver, CO 80202, is no longer available on TradeMatch.",
    );
    expect(text).toContain(`${SITE}/dashboard/projects/${hiredLead}`);
    // The request without an email still shows the notice on its page.
    expect(
      (await projectFor(db(), { userId: homeowner.userId }, silent)).parts[0]?.unavailable,
    ).toBe(true);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("the homeowner's project page with a suspended pro", () => {
  let site: PostgresSite;
  const homeowner = new CookieJar();

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    expect((await signInLocally(homeowner, site.url)).status).toBe(302);
  });
  afterAll(async () => {
    await site.stop();
  });

  it("says the pro is no longer available instead of offering to hire it, until restored", async () => {
    const db = site.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.demo, true));
    const owner: Actor = { userId: user?.id ?? "", clientAddress: "::1", userAgent: "test" };
    const pro = await createPerson(db, "Pat Pro");
    const business = await createBusiness(db, pro, "Page Test Roofing");
    const leadId = await sentRequest(db, owner, [business]);
    await quoted(db, pro, leadId, business.id);
    const page = async () =>
      (await homeowner.fetch(`${site.url}/dashboard/projects/${leadId}`)).text();
    expect(await page()).toContain('aria-label="Hire Page Test Roofing"');

    await suspend(db, business.id);
    const html = await page();
    expect(html).toContain("Page Test Roofing is no longer available on TradeMatch.");
    expect(html).not.toContain('aria-label="Hire Page Test Roofing"');
    expect(html).toContain(`href="/dashboard/projects/${leadId}/pros"`);

    await restore(db, business.id);
    const again = await page();
    expect(again).not.toContain("is no longer available");
    expect(again).toContain('aria-label="Hire Page Test Roofing"');
  });
});
