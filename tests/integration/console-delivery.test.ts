/**
 * The console's delivery section (issue 21): failed and retrying outbox jobs
 * with their last error; "retry now" gives a job its full schedule again and
 * the worker delivers it; "mark resolved" takes a failed job out for good.
 * Each action writes its audit row, and two operators clicking at once
 * cannot both act. Over HTTP: the page, the forms, and the plain 404 for
 * everyone else.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxWorker } from "~/lib/mail/outbox.server";
import type { Transports } from "~/lib/mail/transports.server";
import {
  deliveryCounts,
  deliveryJobs,
  resolveJob,
  retryJob,
  UnknownJob,
} from "~/features/operator/delivery.server";
import { LOCAL_OPERATOR } from "~/features/operator/links.server";
import type { Database } from "~/lib/db.server";
import { auditLog, outboxJobs } from "../../database/schema";
import { cookieJars, postForm, signInPeople } from "../support/console";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { memoryLogger } from "../support/factories";
import { createPerson, createRequest } from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { startWebhookReceiver } from "../support/receivers";

type NewJob = typeof outboxJobs.$inferInsert;

async function insertJob(db: Database, job: Partial<NewJob> = {}): Promise<number> {
  const [row] = await db
    .insert(outboxJobs)
    .values({
      kind: "claim_code_email",
      payload: { to: "office@summit-ridge.example", from: "site", subject: "Code", text: "1" },
      ...job,
    })
    .returning({ id: outboxJobs.id });
  if (!row) throw new Error("no job");
  return row.id;
}

async function jobRow(db: Database, id: number) {
  const [row] = await db.select().from(outboxJobs).where(eq(outboxJobs.id, id));
  if (!row) throw new Error(`job ${String(id)} is gone`);
  return row;
}

const auditOf = (db: Database, id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "outbox_job"), eq(auditLog.subjectId, String(id))))
    .orderBy(auditLog.id);

/** A worker whose email transport fails while `state.failing`, and records what it sent. */
function worker(db: Database, state: { failing: boolean; sent: string[] }) {
  const transports: Transports = {
    email: (message) => {
      if (state.failing) return Promise.reject(new Error("SMTP answered 451"));
      state.sent.push(message.to);
      return Promise.resolve();
    },
    close() {},
  };
  return createOutboxWorker({
    db,
    logger: memoryLogger().logger,
    transports,
    maxAttempts: 2,
    retryBaseMs: 1,
    pollMs: 60_000,
  });
}

describe.each(DATABASE_TARGETS)("the console's delivery data on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let operator: { id: string; email: string };
  beforeAll(async () => {
    database = await target.create();
    const person = await createPerson(db(), "Olive Operator");
    operator = { id: person.userId, email: `${person.userId}@example.com` };
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("lists failed and retrying jobs with their request, recipient and last error", async () => {
    const homeowner = await createPerson(db());
    const leadId = await createRequest(db(), homeowner, { status: "sent" });
    const failed = await insertJob(db(), {
      leadId,
      kind: "quote_email",
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
      payload: { to: "jordan@example.com", from: "site", subject: "Quote", text: "…" },
    });
    const retrying = await insertJob(db(), { kind: "webhook", attempts: 2, payload: {} });
    await insertJob(db(), { status: "sent", attempts: 1 });
    await insertJob(db(), { attempts: 0 });

    const failedPage = await deliveryJobs(db(), "failed");
    expect(failedPage.jobs.map((job) => job.id)).toEqual([failed]);
    expect(failedPage.jobs[0]).toMatchObject({
      kind: "quote_email",
      kindLabel: "Quote email to the homeowner",
      leadId,
      recipient: "jordan@example.com",
      attempts: 8,
      lastError: "550 mailbox unavailable",
    });
    const retryingPage = await deliveryJobs(db(), "retrying");
    expect(retryingPage.jobs.map((job) => [job.id, job.recipient])).toEqual([[retrying, null]]);
    expect(await deliveryCounts(db())).toEqual({ failed: 1, retrying: 1, resolved: 0 });
    await db().delete(outboxJobs);
  });

  it("retry now: a job that failed for good is due again with its full schedule, and is delivered", async () => {
    const state = { failing: true, sent: [] as string[] };
    const outbox = worker(db(), state);
    const id = await insertJob(db());
    // Two attempts (the limit), both refused by the mail server.
    while ((await jobRow(db(), id)).status !== "failed") await outbox.runOnce();
    const failed = await jobRow(db(), id);
    expect(failed).toMatchObject({ attempts: 2, lastError: "SMTP answered 451" });

    expect(await retryJob(db(), operator, id)).toEqual({ ok: true });
    const due = await jobRow(db(), id);
    expect(due).toMatchObject({ status: "pending", attempts: 0, lastError: "SMTP answered 451" });
    expect(due.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [row] = await auditOf(db(), id);
    expect(row).toMatchObject({
      actorId: operator.id,
      actorEmail: operator.email,
      action: "delivery.retry",
      before: {
        status: "failed",
        attempts: 2,
        nextAttemptAt: failed.nextAttemptAt.toISOString(),
        lastError: "SMTP answered 451",
      },
      after: { status: "pending", attempts: 0, nextAttemptAt: due.nextAttemptAt.toISOString() },
    });

    state.failing = false;
    expect(await outbox.runOnce()).toBe(1);
    expect(state.sent).toEqual(["office@summit-ridge.example"]);
    expect(await jobRow(db(), id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("mark resolved: a failed job is never sent afterwards; the note is kept in the audit row", async () => {
    const state = { failing: false, sent: [] as string[] };
    const id = await insertJob(db(), { status: "failed", attempts: 8, lastError: "timeout" });
    expect(await resolveJob(db(), operator, id, "")).toMatchObject({ ok: false });
    expect(await resolveJob(db(), operator, id, "x".repeat(501))).toMatchObject({ ok: false });
    expect((await jobRow(db(), id)).status).toBe("failed");

    // A newer job, resolved first: the Resolved tab lists the latest resolution first.
    const newer = await insertJob(db(), { status: "failed", attempts: 8, lastError: "timeout" });
    expect(await resolveJob(db(), operator, newer, "Sent from the office mailbox.")).toEqual({
      ok: true,
    });
    const note = "Phoned the business and read them the code.";
    expect(await resolveJob(db(), operator, id, note)).toEqual({ ok: true });
    expect(await worker(db(), state).runOnce()).toBe(0);
    expect(state.sent).toEqual([]);
    expect(await jobRow(db(), id)).toMatchObject({ status: "resolved", attempts: 8 });
    const rows = await auditOf(db(), id);
    expect(rows.map((row) => [row.action, row.before, row.after])).toEqual([
      [
        "delivery.resolve",
        expect.objectContaining({ status: "failed", attempts: 8, lastError: "timeout" }),
        expect.objectContaining({ status: "resolved", attempts: 8, note }),
      ],
    ]);
    const resolved = await deliveryJobs(db(), "resolved");
    expect(resolved.jobs.map((job) => job.id)).toEqual([id, newer]);
    expect(resolved.jobs[0]).toMatchObject({ id, resolution: { by: operator.email, note } });

    const again = await retryJob(db(), operator, id);
    expect(again).toEqual({
      ok: false,
      message: `Job ${String(id)} was marked resolved by hand: it is never sent again.`,
    });
  });

  it("refuses a job that was sent, is queued or is being delivered, and an unknown one", async () => {
    const sent = await insertJob(db(), { status: "sent", attempts: 1 });
    const queued = await insertJob(db(), { attempts: 0 });
    const inFlight = await insertJob(db(), {
      status: "processing",
      attempts: 1,
      lockedUntil: new Date(Date.now() + 60_000),
    });
    const retrying = await insertJob(db(), { attempts: 3, lastError: "busy" });
    expect(await retryJob(db(), operator, sent)).toEqual({
      ok: false,
      message: `Job ${String(sent)} was already delivered: there is nothing to retry.`,
    });
    expect(await retryJob(db(), operator, queued)).toMatchObject({ ok: false });
    expect(await retryJob(db(), operator, inFlight)).toEqual({
      ok: false,
      message: `Job ${String(inFlight)} is being delivered right now. Look again in a minute.`,
    });
    expect(await resolveJob(db(), operator, retrying, "Sent by hand")).toMatchObject({
      ok: false,
    });
    for (const id of [sent, queued, inFlight, retrying])
      expect(await auditOf(db(), id)).toEqual([]);
    expect((await jobRow(db(), sent)).status).toBe("sent");
    await expect(retryJob(db(), operator, 987_654)).rejects.toBeInstanceOf(UnknownJob);
  });

  it("two operators retrying the same job at once: one acts, the other is told", async () => {
    const id = await insertJob(db(), { status: "failed", attempts: 8, lastError: "refused" });
    const outcomes = await Promise.all([
      retryJob(db(), operator, id),
      retryJob(db(), { id: null, email: "second@example.com" }, id),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toEqual({
      ok: false,
      message: `Job ${String(id)} is already waiting to be sent.`,
    });
    expect(await auditOf(db(), id)).toHaveLength(1);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
const WEBHOOK_SECRET = "console-delivery-webhook-secret";

describe.skipIf(!baseUrl)("the delivery page over HTTP", () => {
  let site: PostgresSite;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let failing = true;
  const jars = cookieJars("visitor", "homeowner", "operator");

  /** Waits for the server's worker (it polls every 100 ms here). */
  async function until(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    hook = await startWebhookReceiver(WEBHOOK_SECRET, () => (failing ? 503 : 200));
    site = await startSiteOnPostgres({
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      OUTBOX_MAX_ATTEMPTS: "1",
      OUTBOX_POLL_MS: "100",
    });
    await signInPeople(site, jars);
  });
  afterAll(async () => {
    await site.stop();
    await hook.close();
  });

  it("shows a failed webhook with its last error; retry now and the worker delivers it", async () => {
    const homeowner = await createPerson(site.db);
    const leadId = await createRequest(site.db, homeowner, { status: "sent" });
    const id = await insertJob(site.db, {
      leadId,
      kind: "webhook",
      payload: { event: "lead.created", lead: { id: leadId, name: "Jordan Lee" } },
    });
    await until(async () => (await jobRow(site.db, id)).status === "failed", "the job to fail");

    const page = await jars.operator.fetch(`${site.url}/admin/delivery`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("webhook answered 503");
    expect(html).toContain(`href="/admin/requests/${leadId}"`);
    expect(html).toContain("CRM webhook");

    failing = false;
    const retried = await postForm(jars.operator, site.url, "/admin/delivery?tab=failed", {
      intent: "retry",
      jobId: String(id),
      tab: "failed",
    });
    expect(retried.status).toBe(302);
    const location = retried.headers.get("location") ?? "";
    expect(location).toBe(`/admin/delivery?tab=failed&retried=${String(id)}`);
    const after = await (await jars.operator.fetch(`${site.url}${location}`)).text();
    expect(after).toMatch(new RegExp(`role="status"[^>]*>Job ${String(id)} will be retried now.`));

    await until(async () => (await jobRow(site.db, id)).status === "sent", "the delivery");
    expect(hook.deliveries.map((delivery) => delivery.deliveryId)).toEqual([`job-${String(id)}`]);
    const [audit] = await auditOf(site.db, id);
    expect(audit).toMatchObject({ action: "delivery.retry", actorEmail: LOCAL_OPERATOR.email });

    const late = await postForm(jars.operator, site.url, "/admin/delivery", {
      intent: "retry",
      jobId: String(id),
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(`Job ${String(id)} was already delivered`);
  });

  it("marks a failed job resolved with a note; a missing note is asked for beside the field", async () => {
    const id = await insertJob(site.db, { status: "failed", attempts: 8, lastError: "550" });
    const bare = await postForm(jars.operator, site.url, "/admin/delivery", {
      intent: "resolve",
      jobId: String(id),
      note: "  ",
    });
    expect(bare.status).toBe(400);
    const form = await bare.text();
    expect(form).toContain(`aria-describedby="note-${String(id)}-error"`);
    expect(form).toContain("Say what you did by hand");
    expect((await jobRow(site.db, id)).status).toBe("failed");

    const done = await postForm(jars.operator, site.url, "/admin/delivery", {
      intent: "resolve",
      jobId: String(id),
      tab: "resolved",
      note: "Emailed the code from the office mailbox.",
    });
    expect(done.headers.get("location")).toBe(
      `/admin/delivery?tab=resolved&resolved=${String(id)}`,
    );
    const page = await (
      await jars.operator.fetch(`${site.url}/admin/delivery?tab=resolved`)
    ).text();
    expect(page).toContain("Emailed the code from the office mailbox.");
    expect((await jobRow(site.db, id)).status).toBe("resolved");
  });

  it("answers 404 for an unknown job or a job id that is not a number", async () => {
    for (const jobId of ["987654", "twelve", ""]) {
      const answer = await postForm(jars.operator, site.url, "/admin/delivery", {
        intent: "retry",
        jobId,
      });
      expect(answer.status, jobId).toBe(404);
    }
  });

  it("is the plain 404 for a visitor and a homeowner, page and form alike", async () => {
    const id = await insertJob(site.db, {
      status: "failed",
      attempts: 8,
      lastError: "mailbox quota exceeded",
    });
    for (const who of ["visitor", "homeowner"] as const) {
      const page = await jars[who].fetch(`${site.url}/admin/delivery`);
      expect(page.status, who).toBe(404);
      expect(await page.text()).not.toContain("mailbox quota exceeded");
      const post = await postForm(jars[who], site.url, "/admin/delivery", {
        intent: "retry",
        jobId: String(id),
      });
      expect(post.status, who).toBe(404);
    }
    expect(await jobRow(site.db, id)).toMatchObject({ status: "failed", attempts: 8 });
    expect(await auditOf(site.db, id)).toEqual([]);
  });
});
