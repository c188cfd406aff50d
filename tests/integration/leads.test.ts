import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFormKey } from "~/features/leads/form-key.server";
import { CALLBACK_LEAD, QUOTE_LEAD } from "~/features/leads/lead-forms.server";
import { MESSAGES } from "~/features/leads/lead-schema";
import { submitLead, type SubmitOutcome } from "~/features/leads/leads.server";
import { openDatabase } from "~/lib/db.server";
import type { AppServices } from "~/lib/app-context.server";
import { leads, outboxJobs, rateLimits } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  formData,
  quoteFields,
  splitFormKey,
  TEST_SECRET,
  testServices,
} from "../support/factories";

describe.each(DATABASE_TARGETS)("taking leads on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });
  afterEach(async () => {
    await database.handle.db.delete(leads);
    await database.handle.db.delete(rateLimits);
  });

  const services = (env: Record<string, string> = {}) => testServices(database.handle, env);
  const submit = (
    fields: Record<string, string>,
    s: AppServices = services(),
    address = "203.0.113.7",
  ) =>
    submitLead({
      services: s,
      clientAddress: address,
      userAgent: "Vitest",
      leadForm: QUOTE_LEAD,
      ...splitFormKey(fields),
    });
  const leadCount = async () => (await database.handle.db.select({ n: count() }).from(leads))[0]?.n;
  const rateRows = () => database.handle.db.select().from(rateLimits);

  it("stores a valid request with its delivery jobs before answering", async () => {
    const fields = quoteFields({ phone: "+1 (416) 555-0199", postalCode: "m5v2t6" });
    const outcome = await submit(
      fields,
      services({
        SMTP_URL: "smtp://127.0.0.1:2525",
        LEADS_EMAIL_TO: "leads@trade-match.example",
        LEAD_WEBHOOK_URL: "http://127.0.0.1:9/hook",
        LEAD_WEBHOOK_SECRET: "webhook-secret-123456",
      }),
    );
    expect(outcome.status).toBe("created");
    const rows = await database.handle.db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "home",
      name: fields.name,
      email: fields.email,
      phone: "+14165550199",
      postalCode: "M5V 2T6",
      country: "CA",
      service: "roofing",
      // No pro has it until the homeowner chooses (the home form continues to /search).
      status: "draft",
    });
    expect(rows[0]?.consentText).toMatch(/^I agree that TradeMatch/);
    const jobs = await database.handle.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.leadId, rows[0]?.id ?? ""));
    expect(jobs.map((j) => `${j.kind}:${j.status}`).sort()).toEqual([
      "business_email:pending",
      "confirmation_email:pending",
      "webhook:pending",
    ]);
  });

  it("keeps emails in the outbox ('held') when no SMTP server is configured", async () => {
    const outcome = await submit(quoteFields());
    const jobs = await database.handle.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.leadId, (outcome as { leadId: string }).leadId));
    expect(jobs.map((j) => `${j.kind}:${j.status}`).sort()).toEqual([
      "business_email:held",
      "confirmation_email:held",
    ]);
  });

  const invalidCases: [string, Record<string, string | undefined>, string][] = [
    ["name", { name: "J" }, MESSAGES.nameShort],
    ["name", { name: "x".repeat(101) }, MESSAGES.nameLong],
    ["email", { email: "jordan@example" }, MESSAGES.email],
    ["phone", { phone: "555-0147" }, MESSAGES.phone],
    ["phone", { phone: "+44 20 7946 0958" }, MESSAGES.phone],
    ["phone", { phone: "(876) 555-0147" }, MESSAGES.phone],
    ["postalCode", { postalCode: "8020" }, MESSAGES.postalCode],
    ["postalCode", { postalCode: "D5V 2T6" }, MESSAGES.postalCode],
    ["service", { service: "haunted-house-removal" }, MESSAGES.service],
    ["details", { details: "   " }, MESSAGES.detailsRequired],
    ["details", { details: "x".repeat(5001) }, MESSAGES.detailsLong],
    ["name", { name: "Jordan\u0000Rivera" }, MESSAGES.nameCharacters],
    ["name", { name: "Jordan\u001b[31mRivera" }, MESSAGES.nameCharacters],
    ["name", { name: "Jordan\nRivera" }, MESSAGES.nameCharacters],
    ["name", { name: "Jordan\u0085Rivera" }, MESSAGES.nameCharacters],
    ["details", { details: "Leak\u0000 in the roof" }, MESSAGES.detailsCharacters],
    ["details", { details: "Leak\u007f in the roof" }, MESSAGES.detailsCharacters],
    ["consent", { consent: undefined }, MESSAGES.consent],
  ];

  it.each(invalidCases)(
    "rejects a bad %s with its own message, stores nothing, keeps what was typed",
    async (field, override, message) => {
      const fields = quoteFields(override);
      const outcome = await submit(fields);
      expect(outcome.status).toBe("invalid");
      const { errors, values } = outcome as Extract<SubmitOutcome, { status: "invalid" }>;
      expect(errors).toEqual({ [field]: message });
      expect(values.name).toBe(fields.name);
      expect(values.details).toBe(fields.details);
      expect(values).not.toHaveProperty("intent");
      expect(await leadCount()).toBe(0);
      // Refused before the rate limit: no slot used.
      expect(await rateRows()).toEqual([]);
    },
  );

  it("keeps the lines of the details, and emoji in a name", async () => {
    const outcome = await submit(
      quoteFields({ name: "Zoë 🙂 Rivera", details: "Line one\r\n\tLine two\nLine three" }),
    );
    expect(outcome.status).toBe("created");
    const [row] = await database.handle.db.select().from(leads);
    expect(row?.name).toBe("Zoë 🙂 Rivera");
    expect(row?.details).toBe("Line one\r\n\tLine two\nLine three");
  });

  it("makes one lead of the same form key submitted twice", async () => {
    const fields = quoteFields();
    const first = await submit(fields);
    const second = await submit(fields);
    expect(first.status).toBe("created");
    expect(second.status).toBe("duplicate");
    expect((second as { leadId: string }).leadId).toBe((first as { leadId: string }).leadId);
    expect(await leadCount()).toBe(1);
  });

  it("keeps both requests sent with one form key when they differ (a shared cookie, a correction)", async () => {
    const formKey = quoteFields().formKey;
    const first = await submit(quoteFields({ formKey }));
    // quoteFields gives each call its own person.
    const second = await submit(quoteFields({ formKey }));
    expect(first.status).toBe("created");
    expect(second.status).toBe("created");
    expect(await leadCount()).toBe(2);
  });

  it("makes one lead and one set of delivery jobs of a double submit racing itself", async () => {
    const fields = quoteFields();
    const outcomes = await Promise.all([submit(fields), submit(fields), submit(fields)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["created", "duplicate", "duplicate"]);
    const ids = new Set(outcomes.map((o) => (o as { leadId: string }).leadId));
    expect(ids.size).toBe(1);
    expect(await leadCount()).toBe(1);
    const jobs = await database.handle.db.select({ n: count() }).from(outboxJobs);
    // business email + confirmation email, once
    expect(jobs[0]?.n).toBe(2);
  });

  it("stores nothing half-way: when the delivery jobs cannot be written, neither is the lead", async () => {
    const db = database.handle.db;
    await db.execute(sql`
      create or replace function refuse_job() returns trigger language plpgsql as
      $$ begin raise exception 'outbox unavailable'; end $$`);
    await db.execute(sql`
      create trigger refuse_job before insert on outbox_jobs
      for each row execute function refuse_job()`);
    try {
      await expect(submit(quoteFields())).rejects.toThrow();
      expect(await leadCount()).toBe(0);
    } finally {
      await db.execute(sql`drop trigger refuse_job on outbox_jobs`);
      await db.execute(sql`drop function refuse_job()`);
    }
    expect((await submit(quoteFields())).status).toBe("created");
  });

  it("stores nothing from a post without a form key, or with a key that is not ours", async () => {
    for (const formKey of [undefined, createFormKey("another-secret-entirely-0123456789")]) {
      const fields = quoteFields({ formKey, email: "jordan@example" });
      const outcome = await submit(fields);
      // Refused without touching the database, with the person's mistakes shown at once.
      expect(outcome).toMatchObject({
        status: "send_again",
        errors: { email: MESSAGES.email },
        values: { name: fields.name, email: "jordan@example" },
      });
    }
    expect(await leadCount()).toBe(0);
    expect(await rateRows()).toEqual([]);
  });

  it("ignores a filled honeypot without storing anything", async () => {
    expect((await submit(quoteFields({ company: "Spam LLC" }))).status).toBe("ignored");
    expect(await leadCount()).toBe(0);
  });

  it("asks a too-fast submit to be sent again, keeping what was typed, storing nothing", async () => {
    const fields = quoteFields({ formKey: createFormKey(TEST_SECRET, Date.now()) });
    expect(await submit(fields)).toMatchObject({
      status: "send_again",
      values: { name: fields.name, email: fields.email },
    });
    expect(await leadCount()).toBe(0);
    expect(await rateRows()).toEqual([]);
  });

  it("takes a call-back with name, phone and time only", async () => {
    const outcome = await submitLead({
      services: services(),
      clientAddress: "203.0.113.9",
      userAgent: "Vitest",
      leadForm: CALLBACK_LEAD,
      formKey: quoteFields().formKey,
      form: formData({
        name: "Sam Lee",
        phone: "720-555-0188",
        preferredTime: "evening",
        consent: "on",
      }),
    });
    expect(outcome.status).toBe("created");
    const [row] = await database.handle.db.select().from(leads);
    expect(row).toMatchObject({
      source: "callback",
      email: null,
      preferredTime: "evening",
      phone: "+17205550188",
    });
  });

  it("answers 'rate limited' after the limit, with the time to wait", async () => {
    const limited = services({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_S: "600" });
    const address = "192.0.2.10";
    for (let i = 0; i < 3; i++)
      expect((await submit(quoteFields(), limited, address)).status).toBe("created");
    const outcome = await submit(quoteFields(), limited, address);
    expect(outcome.status).toBe("rate_limited");
    expect((outcome as { retryAfterS: number }).retryAfterS).toBeGreaterThan(500);
    // Another client is not affected.
    expect((await submit(quoteFields(), limited, "198.51.100.4")).status).toBe("created");
    expect(await leadCount()).toBe(4);
  });

  it("refuses a client already over its limit from memory, without writing to the database", async () => {
    const limited = services({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_S: "600" });
    const address = "192.0.2.11";
    for (let i = 0; i < 2; i++)
      expect((await submit(quoteFields(), limited, address)).status).toBe("created");
    expect((await submit(quoteFields(), limited, address)).status).toBe("rate_limited");
    const [blocked] = await rateRows();
    expect(blocked?.count).toBe(3);

    for (let i = 0; i < 5; i++) {
      const outcome = await submit(quoteFields(), limited, address);
      expect(outcome.status).toBe("rate_limited");
      expect((outcome as { retryAfterS: number }).retryAfterS).toBeGreaterThan(500);
    }
    // The counter did not move: the refusals never reached the database.
    expect(await rateRows()).toEqual([blocked]);
    expect(await leadCount()).toBe(2);
  });

  it.runIf(target.name === "postgresql")(
    "shares the rate limit between two app instances on one database",
    async () => {
      const other = await openDatabase({ url: database.url, maxConnections: 2 });
      try {
        const env = { RATE_LIMIT_MAX: "4", RATE_LIMIT_WINDOW_S: "600" };
        const first = testServices(database.handle, env);
        const second = testServices(other, env);
        const outcomes = await Promise.all(
          [first, second, first, second, first, second].map((s) =>
            submit(quoteFields(), s, "192.0.2.12"),
          ),
        );
        expect(outcomes.filter((o) => o.status === "created")).toHaveLength(4);
        expect(outcomes.filter((o) => o.status === "rate_limited")).toHaveLength(2);
      } finally {
        await other.close();
      }
    },
  );
});
