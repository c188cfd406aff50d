import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_LEAD } from "~/features/leads/lead-forms.server";
import { submitLead } from "~/features/leads/leads.server";
import {
  createOutboxWorker,
  releaseHeldEmails,
  retryDelayMs,
  type OutboxWorker,
} from "~/lib/mail/outbox.server";
import { createTransports } from "~/lib/mail/transports.server";
import { BRAND } from "~/site";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { leads, outboxJobs } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { memoryLogger, quoteFields, splitFormKey, testServices } from "../support/factories";
import { startSmtpServer, startWebhookReceiver } from "../support/receivers";

const WEBHOOK_SECRET = "webhook-secret-for-tests";

function worker(
  handle: DatabaseHandle,
  config: { smtpUrl?: string; webhookUrl?: string },
  maxAttempts = 4,
) {
  const transports = createTransports({
    ...config,
    webhookSecret: WEBHOOK_SECRET,
    timeoutMs: 2000,
  });
  return createOutboxWorker({
    db: handle.db,
    logger: memoryLogger().logger,
    transports,
    maxAttempts,
    retryBaseMs: 1,
    pollMs: 10_000,
    lockMs: 30_000,
  });
}

/** A quoted-printable message's text, decoded (soft line breaks joined, CRLF as LF). */
function quotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/\r\n/g, "\n")
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Runs passes until nothing is due (retries are due within milliseconds here). */
async function drain(...workers: OutboxWorker[]) {
  for (let i = 0; i < 50; i++) {
    const handled = await Promise.all(workers.map((w) => w.runOnce()));
    if (handled.every((n) => n === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const again = await Promise.all(workers.map((w) => w.runOnce()));
      if (again.every((n) => n === 0)) return;
    }
  }
  throw new Error("the outbox did not drain");
}

describe.each(DATABASE_TARGETS)("delivering leads on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });
  afterEach(async () => {
    await database.handle.db.delete(leads);
  });

  async function takeLeads(n: number, env: Record<string, string>) {
    const services = testServices(database.handle, { RATE_LIMIT_MAX: "1000", ...env });
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const outcome = await submitLead({
        services,
        clientAddress: "203.0.113.50",
        userAgent: "Vitest",
        leadForm: QUOTE_LEAD,
        ...splitFormKey(quoteFields(i === 0 ? { name: 'O\'Brien, "Dee"' } : {})),
      });
      if (outcome.status !== "created") throw new Error(outcome.status);
      ids.push(outcome.leadId);
    }
    return ids;
  }

  const jobsOf = (kind: string) =>
    database.handle.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, kind as "webhook"));

  it("emails the business and the person over SMTP, and posts a signed webhook", async () => {
    const smtp = await startSmtpServer();
    const hook = await startWebhookReceiver(WEBHOOK_SECRET);
    try {
      const env = {
        SMTP_URL: smtp.url,
        LEADS_EMAIL_TO: "leads@trade-match.example",
        LEAD_WEBHOOK_URL: hook.url,
        LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      };
      const [leadId] = await takeLeads(1, env);
      await drain(worker(database.handle, { smtpUrl: smtp.url, webhookUrl: hook.url }));
      expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(
        [expect.stringMatching(/@example\.com$/), "leads@trade-match.example"].sort(),
      );
      const business = smtp.mails.find((m) => m.to[0] === "leads@trade-match.example");
      expect(business?.raw).toContain("Subject: New quote request: Roofing in 80202");
      expect(business?.raw).toContain("(303) 555-0147");
      // The confirmation says what we know in our own words: nothing the person typed.
      const confirmation = smtp.mails.find((m) => m.to[0] !== "leads@trade-match.example");
      expect(confirmation?.raw).toMatch(/We received your request for Roofing in Denver, CO on/);
      expect(confirmation?.raw).not.toContain("Brien");
      expect(confirmation?.raw).not.toContain("Shingles");
      // Every email ends with who sent it and its mailing address (CASL).
      for (const mail of smtp.mails)
        expect(quotedPrintable(mail.raw)).toContain(
          `\n-- \nTradeMatch · ${BRAND.postalAddress} · ${BRAND.supportEmail}`,
        );
      expect(hook.deliveries).toHaveLength(1);
      expect(hook.deliveries[0]?.validSignature).toBe(true);
      expect(hook.deliveries[0]?.body).toMatchObject({
        event: "lead.created",
        lead: { id: leadId, name: 'O\'Brien, "Dee"' },
      });
      const jobs = await database.handle.db.select().from(outboxJobs);
      expect(jobs.every((j) => j.status === "sent" && j.sentAt !== null)).toBe(true);
    } finally {
      await smtp.close();
      await hook.close();
    }
  });

  it("retries a receiver that fails twice, and delivers exactly once", async () => {
    const hook = await startWebhookReceiver(WEBHOOK_SECRET, (attempt) =>
      attempt <= 2 ? 503 : 200,
    );
    try {
      await takeLeads(1, { LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET });
      await drain(worker(database.handle, { webhookUrl: hook.url }));
      expect([...hook.attempts.values()]).toEqual([3]);
      expect(hook.deliveries).toHaveLength(1);
      const [job] = await jobsOf("webhook");
      expect(job).toMatchObject({ status: "sent", attempts: 3 });
    } finally {
      await hook.close();
    }
  });

  it("marks a delivery failed after the retry limit, keeping the error", async () => {
    const hook = await startWebhookReceiver(WEBHOOK_SECRET, () => 500);
    try {
      await takeLeads(1, { LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET });
      await drain(worker(database.handle, { webhookUrl: hook.url }, 4));
      const [job] = await jobsOf("webhook");
      expect(job).toMatchObject({
        status: "failed",
        attempts: 4,
        lastError: "webhook answered 500",
      });
      expect([...hook.attempts.values()]).toEqual([4]);
      // The lead itself is untouched.
      expect(await database.handle.db.select().from(leads)).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("sends the emails held while SMTP was not configured once it is", async () => {
    await takeLeads(2, {});
    expect((await jobsOf("business_email")).every((j) => j.status === "held")).toBe(true);
    const smtp = await startSmtpServer();
    try {
      expect(await releaseHeldEmails(database.handle.db)).toBe(4);
      await drain(worker(database.handle, { smtpUrl: smtp.url }));
      expect(smtp.mails).toHaveLength(4);
    } finally {
      await smtp.close();
    }
  });

  it("keeps each held email's due time when SMTP is turned on: only what is due goes", async () => {
    const now = new Date("2027-03-01T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const message = (subject: string) => ({
      to: "pro@example.com",
      from: "site@trade-match.example",
      subject,
      text: "…",
    });
    const held = await database.handle.db
      .insert(outboxJobs)
      .values([
        {
          kind: "confirmation_email",
          status: "held",
          payload: message("Held since yesterday"),
          nextAttemptAt: new Date(now.getTime() - day),
        },
        {
          kind: "answer_reminder_email",
          status: "held",
          payload: message("Reminder due tomorrow"),
          nextAttemptAt: new Date(now.getTime() + day),
        },
      ])
      .returning({ id: outboxJobs.id });
    const smtp = await startSmtpServer();
    try {
      expect(await releaseHeldEmails(database.handle.db, now)).toBe(2);
      const released = await database.handle.db
        .select()
        .from(outboxJobs)
        .where(
          inArray(
            outboxJobs.id,
            held.map((job) => job.id),
          ),
        )
        .orderBy(outboxJobs.id);
      expect(released.map((job) => [job.status, job.nextAttemptAt.toISOString()])).toEqual([
        ["pending", now.toISOString()],
        ["pending", new Date(now.getTime() + day).toISOString()],
      ]);
      const sendsNow = createOutboxWorker({
        db: database.handle.db,
        logger: memoryLogger().logger,
        transports: createTransports({ smtpUrl: smtp.url, timeoutMs: 2000 }),
        maxAttempts: 4,
        retryBaseMs: 1,
        pollMs: 10_000,
        now: () => now,
      });
      expect(await sendsNow.runOnce()).toBe(1);
      expect(smtp.mails.map((mail) => mail.raw)).toEqual([
        expect.stringContaining("Held since yesterday"),
      ]);
      const [, reminder] = await database.handle.db
        .select()
        .from(outboxJobs)
        .where(
          inArray(
            outboxJobs.id,
            held.map((job) => job.id),
          ),
        )
        .orderBy(outboxJobs.id);
      expect(reminder).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      await smtp.close();
      await database.handle.db.delete(outboxJobs);
    }
  });

  it.runIf(target.name === "postgresql")(
    "never lets two workers (two instances) deliver the same job",
    async () => {
      const hook = await startWebhookReceiver(WEBHOOK_SECRET);
      const otherInstance = await openDatabase({ url: database.url, maxConnections: 4 });
      try {
        const ids = await takeLeads(40, {
          LEAD_WEBHOOK_URL: hook.url,
          LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
        });
        await drain(
          worker(database.handle, { webhookUrl: hook.url }),
          worker(otherInstance, { webhookUrl: hook.url }),
        );
        expect(hook.deliveries).toHaveLength(40);
        expect(new Set(hook.deliveries.map((d) => d.body.lead.id))).toEqual(new Set(ids));
        expect([...hook.attempts.values()].every((n) => n === 1)).toBe(true);
      } finally {
        await otherInstance.close();
        await hook.close();
      }
    },
  );
});

describe("retry delays", () => {
  it("double each attempt, with jitter between half and all of the step, capped at an hour", () => {
    expect(retryDelayMs(1, 1000, () => 0)).toBe(500);
    expect(retryDelayMs(1, 1000, () => 1)).toBe(1000);
    expect(retryDelayMs(4, 1000, () => 1)).toBe(8000);
    expect(retryDelayMs(30, 1000, () => 1)).toBe(3_600_000);
  });
});
