/**
 * Proposals that never lock a request, and invites that keep the contact
 * rule, over HTTP with two app instances on one PostgreSQL (issue 42): the
 * pro proposes on one instance and the homeowner cancels on the other
 * (once a 500), the pro proposes again, withdraws, proposes, and "Remove
 * this pro" closes it; then a messages-only homeowner books with the
 * street address, and the pro's invite, and the CANCEL after "Not going
 * ahead", carry neither their email, their surname nor (once off the job)
 * the address.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailMessage } from "~/lib/mail/email";
import { outboxJobs, requestPros, visits } from "../../database/schema";
import type { CookieJar } from "../support/cookie-jar";
import { consentFor, createBusiness, createRequest } from "../support/marketplace-factories";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const baseUrl = process.env.TEST_DATABASE_URL;
const HOMEOWNER = {
  name: "Jordan Quintero",
  email: "jq.private@example.net",
  phone: "+13035550199",
};
const LEAKS = /jq\.private|Quintero|555\D{0,3}0199/;
/** Emails go at the outbox's next pass: the instances look every 200 ms. */
const FAST_OUTBOX = { VISIT_EMAIL_QUIET_S: "0", OUTBOX_POLL_MS: "200", FORM_MIN_FILL_MS: "0" };

describe.runIf(baseUrl)("visits across two app instances on PostgreSQL", () => {
  const dataB = freshDataDir();
  let site: PostgresSite;
  let b: TestServer;
  let homeowner: { jar: CookieJar; userId: string };
  let pro: { jar: CookieJar; userId: string };
  let business: { id: string; name: string };

  beforeAll(async () => {
    site = await startSiteOnPostgres(FAST_OUTBOX);
    b = await startServer({
      DATA_DIR: dataB.dir,
      DATABASE_URL: site.databaseUrl,
      DEMO_ACCOUNTS_PER_HOUR: "1000",
      ...FAST_OUTBOX,
    });
    homeowner = await signedInOn(site);
    pro = await signedInOn(site);
    business = await createBusiness(site.db, { ...pro, clientAddress: "", userAgent: "" });
  }, 120_000);
  afterAll(async () => {
    await b.stop();
    await site.stop();
    dataB.remove();
  });

  const post = (
    who: { jar: CookieJar },
    server: { url: string },
    path: string,
    fields: Record<string, string>,
  ) =>
    who.jar.fetch(`${server.url}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      redirect: "manual",
    });

  /** A messages-only request of the homeowner, accepted by the business. */
  async function acceptedRequest(): Promise<string> {
    const leadId = await createRequest(
      site.db,
      { userId: homeowner.userId, clientAddress: "203.0.113.9", userAgent: "test" },
      { ...HOMEOWNER, status: "sent", preferredContact: "messages" },
    );
    const now = new Date();
    await site.db.insert(requestPros).values({
      leadId,
      contractorId: business.id,
      state: "accepted",
      consentText: consentFor(business),
      consentVersion: "pros-2026-12",
      consentAt: now,
      clientAddress: "203.0.113.9",
      userAgent: "test",
      acceptedAt: now,
      respondedAt: now,
    });
    return leadId;
  }

  /** The pro proposes a time a week on at 10 AM in Denver, on `server`; the visit's id. */
  async function propose(leadId: string, server: { url: string }): Promise<string> {
    const day = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString().slice(0, 10);
    const answer = await post(pro, server, `/pro/requests/${leadId}?business=${business.id}`, {
      intent: "propose_visit",
      date1: day,
      time1: "10:00",
    });
    expect(answer.status, await answer.clone().text()).toBe(302);
    const [visit] = await site.db
      .select({ id: visits.id, state: visits.state })
      .from(visits)
      .where(eq(visits.leadId, leadId))
      .orderBy(desc(visits.createdAt))
      .limit(1);
    expect(visit?.state).toBe("proposed");
    return visit?.id ?? "";
  }

  const stateOf = async (visitId: string) =>
    (await site.db.select().from(visits).where(eq(visits.id, visitId)))[0];

  /** The pro's visit emails of a request, once `done` holds of them (the outbox's next pass). */
  async function prosEmails(leadId: string, done: (emails: EmailMessage[]) => boolean) {
    let emails: EmailMessage[] = [];
    await expect
      .poll(
        async () => {
          const rows = await site.db
            .select({ payload: outboxJobs.payload })
            .from(outboxJobs)
            .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "visit_email")))
            .orderBy(outboxJobs.id);
          emails = rows
            .map((row) => row.payload as EmailMessage)
            .filter((email) => email.to === `office-${business.id}@example.com`);
          return done(emails);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    return emails;
  }

  it("cancels a pending proposal from either side, on either instance, and frees the request", async () => {
    const leadId = await acceptedRequest();
    const first = await propose(leadId, site);
    const cancelled = await post(homeowner, b, `/visits/${first}`, {
      intent: "cancel",
      reason: "We'll pick a day in Messages",
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(302);
    expect(cancelled.headers.get("location")).toContain("done=cancelled");
    expect(await stateOf(first)).toMatchObject({ state: "cancelled_by_homeowner", startsAt: null });

    const second = await propose(leadId, site);
    const withdrawn = await post(pro, b, `/visits/${second}`, {
      intent: "cancel",
      reason: "Booked up that week",
    });
    expect(withdrawn.status).toBe(302);
    expect((await stateOf(second))?.state).toBe("cancelled_by_pro");

    const third = await propose(leadId, b);
    const removed = await post(homeowner, site, `/dashboard/projects/${leadId}`, {
      intent: "remove",
      contractorId: business.id,
    });
    expect(removed.status, await removed.clone().text()).toBe(302);
    expect(await stateOf(third)).toMatchObject({ cause: "pro_removed", startsAt: null });
    // The removed pro sees neither the surname nor the phone any more.
    const page = await pro.jar.fetch(`${b.url}/pro/requests/${leadId}?business=${business.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toMatch(LEAKS);
  });

  it("invites the pro of a messages-only homeowner without their details, and cancels without the address", async () => {
    const leadId = await acceptedRequest();
    const booking = await (
      await homeowner.jar.fetch(
        `${b.url}/dashboard/projects/${leadId}/visit?business=${business.id}`,
      )
    ).text();
    const slot = /name="slot"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="slot"/.exec(booking);
    const start = slot?.[1] ?? slot?.[2] ?? "";
    expect(start, "a free slot is offered").not.toBe("");
    const booked = await post(
      homeowner,
      b,
      `/dashboard/projects/${leadId}/visit?business=${business.id}`,
      { slot: start, address: "12 Hidden Lane" },
    );
    expect(booked.status, await booked.clone().text()).toBe(302);
    const [invite] = await prosEmails(leadId, (emails) => emails.length >= 1);
    expect(invite?.calendar?.method).toBe("REQUEST");
    expect(invite?.calendar?.content).toContain("Hidden Lane");
    expect(invite?.calendar?.content).toMatch(/ATTENDEE;[^\r\n]*CN="?Jordan Q\."?/);
    expect(JSON.stringify(invite)).not.toMatch(LEAKS);

    const closed = await post(homeowner, site, `/dashboard/projects/${leadId}`, {
      intent: "close",
      reason: "postponed",
    });
    expect(closed.status, await closed.clone().text()).toBe(302);
    const cancel = (await prosEmails(leadId, (emails) => emails.length >= 2)).at(-1);
    expect(cancel?.calendar?.method).toBe("CANCEL");
    expect(cancel?.text).toContain("closed the request");
    expect(JSON.stringify(cancel)).not.toMatch(LEAKS);
    expect(JSON.stringify(cancel)).not.toMatch(/Hidden Lane/);
  });
});
