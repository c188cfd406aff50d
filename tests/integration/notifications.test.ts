/**
 * Notification emails: the signed one-click unsubscribe token, opting out
 * (idempotent), the unread-message email's link and headers and its skipping
 * of a person who opted out; then over HTTP on PostgreSQL, the real worker's
 * email and its headers and link: the page changes nothing until its button
 * is pressed, the mail provider's one-click post works without an Origin even
 * marked cross-site (the cross-site check lets only this path through), a bad
 * token is the 404, and the settings page saves.
 */
import type { IncomingMessage } from "node:http";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMessage } from "~/features/conversations/post.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import {
  isOptedOut,
  optedOutKinds,
  optOut,
  saveEmailChoices,
} from "~/features/notifications/opt-outs.server";
import { readUnsubscribeToken, unsubscribeToken } from "~/features/notifications/tokens.server";
import type { Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { loadInstallationSecret } from "~/lib/secrets.server";
import { emailOptOuts, leads, outboxJobs, threads, users } from "../../database/schema";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import { isCrossSiteWrite } from "../../server/http/csrf";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { recordingOutboxWorker } from "../support/factories";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
} from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { startSmtpServer } from "../support/receivers";

const SECRET = "notification-test-secret-0123456789abcdef";

/** A homeowner's request accepted by a pro's business, and the pro's first message in it. */
async function waitingMessage(db: Database) {
  const homeowner = await createPerson(db, "Jordan Lee");
  const pro = await createPerson(db, "Ana Pro");
  const business = await createBusiness(db, pro);
  const leadId = await createRequest(db, homeowner);
  await sendToPros(db, homeowner, leadId, [business.id], consentFor(business), delivery);
  await proStep(db, pro.userId, leadId, business.id, { event: "accept" });
  const [thread] = await db.select().from(threads).where(eq(threads.leadId, leadId));
  if (!thread) throw new Error("accepting opened no thread");
  const posted = await postMessage(db, { delivery }, { userId: pro.userId }, thread.id, {
    body: "We can come on Monday.",
  });
  if (!posted.ok) throw new Error(JSON.stringify(posted.errors));
  // Due now, and sent (the factories' delivery holds emails: no SMTP in tests).
  await db
    .update(outboxJobs)
    .set({ status: "pending", nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "message_email")));
  return { homeowner, pro, leadId, threadId: thread.id };
}

const optOutRows = async (db: Database, userId?: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(emailOptOuts)
    .where(userId ? eq(emailOptOuts.userId, userId) : undefined);
  return row?.n ?? 0;
};

describe("unsubscribe tokens", () => {
  const userId = "0b6f3c1e-93a4-4d2b-8f1e-5a6b7c8d9e0f";

  it("round-trip for their person and kind, and refuse anything tampered with", () => {
    const token = unsubscribeToken(SECRET, userId, "message_email");
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId, kind: "message_email" });
    // Another person's token names that person only.
    const other = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
    expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, other, "message_email"))).toEqual({
      userId: other,
      kind: "message_email",
    });
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
    for (const bad of [
      flip(token, token.length - 1), // the signature
      flip(token, 3), // the person
      token.slice(0, -1),
      `${token}A`,
      unsubscribeToken("another-secret-0123456789abcdef0123456789", userId, "message_email"),
      "",
      "not-a-token",
      "x".repeat(500),
    ]) {
      expect(readUnsubscribeToken(SECRET, bad), bad).toBeNull();
    }
    // Another person's id under this person's signature.
    const mine = token.slice(-32);
    const theirs = unsubscribeToken(SECRET, other, "message_email").slice(0, -32);
    expect(readUnsubscribeToken(SECRET, `${theirs}${mine}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, undefined)).toBeNull();
  });

  it("let a mail provider's one-click post through the cross-site check, and nothing else", () => {
    const token = unsubscribeToken(SECRET, userId, "message_email");
    const site = "https://trade-match.example";
    const post = (url: string, headers: Record<string, string>) =>
      isCrossSiteWrite({ method: "POST", url, headers } as unknown as IncomingMessage, site);
    const foreign = { origin: "https://mail.example", "sec-fetch-site": "cross-site" };
    expect(post(`/unsubscribe/${token}`, foreign)).toBe(false);
    expect(post(`/unsubscribe/${token}`, {})).toBe(false);
    expect(post(`/unsubscribe/${token}`, { origin: "null" })).toBe(false);
    for (const path of [
      "/dashboard/emails",
      "/unsubscribe",
      `/unsubscribe/${token}/x`,
      `/unsubscribe/${token}.data`,
      `/dashboard/unsubscribe/${token}`,
    ]) {
      expect(post(path, foreign), path).toBe(true);
    }
  });
});

describe.each(DATABASE_TARGETS)("opting out on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("is idempotent, and the settings form turns kinds off and on again", async () => {
    const person = await createPerson(db());
    expect(await optedOutKinds(db(), person.userId)).toEqual([]);
    expect(await optOut(db(), person.userId, "message_email")).toBe(true);
    expect(await optOut(db(), person.userId, "message_email")).toBe(true);
    expect(await optOutRows(db(), person.userId)).toBe(1);
    expect(await optedOutKinds(db(), person.userId)).toEqual(["message_email"]);
    // An account that is gone: nothing to turn off, nothing written.
    const gone = crypto.randomUUID();
    expect(await optOut(db(), gone, "message_email")).toBe(false);
    expect(await optOutRows(db(), gone)).toBe(0);

    await saveEmailChoices(db(), person.userId, ["message_email", "not-a-kind"]);
    expect(await isOptedOut(db(), person.userId, "message_email")).toBe(false);
    await saveEmailChoices(db(), person.userId, []);
    await saveEmailChoices(db(), person.userId, []);
    expect(await optOutRows(db(), person.userId)).toBe(1);
    expect(await isOptedOut(db(), person.userId, "message_email")).toBe(true);
  });

  it("sends the unread email with its one-click link and headers, signed with the site's secret", async () => {
    const { homeowner } = await waitingMessage(db());
    const { worker, sent } = recordingOutboxWorker(db());
    await worker.runOnce();
    expect(sent).toHaveLength(1);
    const email = sent[0];
    const link = /Stop these emails: (\S+)/.exec(email?.text ?? "")?.[1] ?? "";
    expect(link).toMatch(/^https:\/\/trade-match\.example\/unsubscribe\/[A-Za-z0-9_-]+$/);
    expect(email?.text).toContain("https://trade-match.example/dashboard/emails");
    expect(email?.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // The secret the server loads at start (services.secret) reads it.
    const secret = await loadInstallationSecret(db(), getEnv().SESSION_SECRET);
    const token = link.split("/").at(-1);
    expect(readUnsubscribeToken(secret, token)).toEqual({
      userId: homeowner.userId,
      kind: "message_email",
    });
  });

  it("does not send the unread email to a person who turned it off", async () => {
    const { homeowner, leadId } = await waitingMessage(db());
    await optOut(db(), homeowner.userId, "message_email");
    const { worker, sent } = recordingOutboxWorker(db());
    expect(await worker.runOnce()).toBe(1);
    expect(sent).toEqual([]);
    // Dropped, not failed or left to retry.
    const jobs = await db().select().from(outboxJobs).where(eq(outboxJobs.leadId, leadId));
    expect(jobs.filter((job) => job.kind === "message_email")).toEqual([]);
  });

  it("never emails a demo account's made-up homeowner", async () => {
    const { leadId } = await waitingMessage(db());
    await db()
      .update(leads)
      .set({ idempotencyKey: `${SAMPLE_PROJECT_KEY_PREFIX}${leadId}:sample` })
      .where(eq(leads.id, leadId));
    const { worker, sent } = recordingOutboxWorker(db());
    expect(await worker.runOnce()).toBe(1);
    expect(sent).toEqual([]);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("unsubscribing over HTTP", () => {
  let site: PostgresSite;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const db = () => site.db;
  let secret = "";

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startSiteOnPostgres({
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: "leads@trade-match.example",
      OUTBOX_POLL_MS: "200",
    });
    secret = await loadInstallationSecret(db());
  }, 120_000);
  afterAll(async () => {
    await site.stop();
    await smtp.close();
  });

  const pathOf = (token: string) => `/unsubscribe/${token}`;
  const tokenFor = (who: Actor) => unsubscribeToken(secret, who.userId, "message_email");
  const post = (path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...init.headers },
      body: init.body ?? "",
    });

  it("mails the link; opening it changes nothing; its button turns the emails off", async () => {
    const { homeowner } = await waitingMessage(db());
    const to = `${homeowner.userId}@example.com`;
    await expect
      .poll(() => smtp.mails.some((mail) => mail.to.includes(to)), { timeout: 30_000 })
      .toBe(true);
    const raw = smtp.mails.find((mail) => mail.to.includes(to))?.raw ?? "";
    // Headers as a mail client reads them (a long one is folded onto more lines).
    const headers = (raw.split("\r\n\r\n")[0] ?? "").replace(/\r\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <(\S+)>$/m.exec(headers)?.[1] ?? "";
    const path = new URL(link).pathname;
    expect(path).toBe(pathOf(tokenFor(homeowner)));

    const page = await fetch(`${site.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Stop these emails");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(await isOptedOut(db(), homeowner.userId, "message_email")).toBe(false);

    const pressed = await post(path, { headers: { origin: site.url } });
    expect(pressed.status).toBe(200);
    const done = await pressed.text();
    expect(done).toContain("You won&#x27;t get these emails any more");
    expect(done).toContain('href="/dashboard/emails"');
    expect(await isOptedOut(db(), homeowner.userId, "message_email")).toBe(true);
    // Again: still off, still one row.
    expect((await post(path, { headers: { origin: site.url } })).status).toBe(200);
    expect(await optOutRows(db(), homeowner.userId)).toBe(1);
  });

  it("takes the mail provider's one-click post, with no Origin, cross-site, or a webmail's", async () => {
    // How a mail provider's server posts it (RFC 8058): no browser, no Origin;
    // a webmail page in a browser sends its own Origin.
    for (const headers of [
      {},
      { "sec-fetch-site": "cross-site" },
      { origin: "https://mail.example", "sec-fetch-site": "cross-site" },
    ] as Record<string, string>[]) {
      const person = await createPerson(db());
      const answer = await post(pathOf(tokenFor(person)), {
        headers,
        body: "List-Unsubscribe=One-Click",
      });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      await answer.arrayBuffer();
      expect(await isOptedOut(db(), person.userId, "message_email")).toBe(true);
    }
    // Any other form from another site is still refused.
    const refused = await post("/dashboard/emails", {
      headers: { origin: "https://mail.example" },
    });
    expect(refused.status).toBe(403);
  });

  it("answers a token it did not sign, or of an account that is gone, with the 404", async () => {
    const person = await createPerson(db());
    const good = tokenFor(person);
    const gone = await createPerson(db());
    const goneToken = tokenFor(gone);
    await db().delete(users).where(eq(users.id, gone.userId));
    const before = await optOutRows(db());
    for (const token of [
      `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`,
      unsubscribeToken("another-secret-0123456789abcdef0123456789", person.userId, "message_email"),
      "not-a-token",
      goneToken,
    ]) {
      const page = await fetch(`${site.url}${pathOf(token)}`);
      expect(page.status, token).toBe(404);
      expect(await page.text()).not.toContain("Stop these emails");
      const posted = await post(pathOf(token), { body: "List-Unsubscribe=One-Click" });
      expect(posted.status, token).toBe(404);
      await posted.arrayBuffer();
    }
    expect(await optOutRows(db())).toBe(before);
  });

  it("saves the settings page's choices, without JavaScript", async () => {
    const jar = new CookieJar();
    expect((await signInLocally(jar, site.url)).status).toBe(302);
    const exported = (await (await jar.fetch(`${site.url}/dashboard/data/export`)).json()) as {
      account: { id: string };
    };
    const userId = exported.account.id;
    const page = await (await jar.fetch(`${site.url}/dashboard/emails`)).text();
    const checkbox = (html: string) =>
      /<input[^>]*value="message_email"[^>]*>/.exec(html)?.[0] ?? "no checkbox";
    expect(checkbox(page)).toContain('name="on"');
    expect(checkbox(page)).toContain("checked");
    expect(await (await jar.fetch(`${site.url}/dashboard/data`)).text()).toContain(
      'href="/dashboard/emails"',
    );

    const save = (body: string) =>
      jar.fetch(`${site.url}/dashboard/emails`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
        body,
      });
    const off = await save("");
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe("/dashboard/emails?saved");
    expect(await isOptedOut(db(), userId, "message_email")).toBe(true);
    const saved = await (await jar.fetch(`${site.url}/dashboard/emails?saved`)).text();
    expect(saved).toContain("Your email settings are saved.");
    expect(checkbox(saved)).toContain('type="checkbox"');
    expect(checkbox(saved)).not.toContain("checked");

    expect((await save("on=message_email")).status).toBe(302);
    expect(await isOptedOut(db(), userId, "message_email")).toBe(false);
    // Signed out: the sign-in page, nothing saved.
    const visitor = await post("/dashboard/emails", { headers: { origin: site.url } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
  });
});
