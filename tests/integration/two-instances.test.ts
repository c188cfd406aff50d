import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar } from "../support/cookie-jar";
import { createPostgresDatabase } from "../support/databases";
import { quoteFields } from "../support/factories";
import { formKeyFrom, postForm } from "../support/http";
import { startWebhookReceiver } from "../support/receivers";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const baseUrl = process.env.TEST_DATABASE_URL;
const WEBHOOK_SECRET = "two-instances-webhook-secret";

describe.runIf(baseUrl)("two app instances on one PostgreSQL", () => {
  const dataA = freshDataDir();
  const dataB = freshDataDir();
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createPostgresDatabase(baseUrl ?? "");
    hook = await startWebhookReceiver(WEBHOOK_SECRET);
    const env = {
      DATABASE_URL: database.url,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "1000",
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      OUTBOX_POLL_MS: "100",
      OUTBOX_RETRY_BASE_MS: "50",
    };
    // Started together: migrations and the seed must not trip over each other.
    [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: dataA.dir }),
      startServer({ ...env, DATA_DIR: dataB.dir }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await hook.close();
    await database.drop();
    dataA.remove();
    dataB.remove();
  });

  it("a session made on one is valid on the other", async () => {
    const jar = new CookieJar();
    const signIn = await jar.fetch(`${a.url}/login`, {
      method: "POST",
      body: new URLSearchParams(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.url },
    });
    expect(signIn.status).toBe(302);
    const onB = await jar.fetch(`${b.url}/dashboard`);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Kitchen Remodel");
  });

  it("stores every lead posted to either, and delivers each job exactly once", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `Twin ${i.toString()}`);
    // The instances share the installation secret: a key from one is good on the other.
    const formKey = await formKeyFrom(a.url);
    const responses = await Promise.all(
      names.map((name, i) =>
        postForm(`${(i % 2 === 0 ? a : b).url}/?index`, quoteFields({ name, formKey })),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(names.map(() => 302));
    await expect
      .poll(() => new Set(hook.deliveries.map((d) => d.body.lead.name)).size, { timeout: 20_000 })
      .toBe(names.length);
    const delivered = hook.deliveries.filter((d) => names.includes(d.body.lead.name));
    expect(delivered).toHaveLength(names.length);
    expect([...hook.attempts.values()].every((n) => n === 1)).toBe(true);
  });

  it("shares the rate limit", async () => {
    // One client (by its proxy-reported address), not the earlier tests' one.
    const limitedEnv = { RATE_LIMIT_MAX: "3", TRUST_PROXY: "1" };
    const dataC = freshDataDir();
    const dataD = freshDataDir();
    const [c, d] = await Promise.all([
      startServer({
        DATABASE_URL: database.url,
        FORM_MIN_FILL_MS: "0",
        DATA_DIR: dataC.dir,
        ...limitedEnv,
      }),
      startServer({
        DATABASE_URL: database.url,
        FORM_MIN_FILL_MS: "0",
        DATA_DIR: dataD.dir,
        ...limitedEnv,
      }),
    ]);
    try {
      const formKey = await formKeyFrom(c.url);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const target = i % 2 === 0 ? c : d;
        const response = await postForm(
          `${target.url}/?index`,
          quoteFields({ name: `Limited ${i.toString()}`, formKey }),
          { "x-forwarded-for": "198.51.100.77" },
        );
        statuses.push(response.status);
      }
      expect(statuses.filter((s) => s === 302)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    } finally {
      await Promise.all([c.stop(), d.stop()]);
      dataC.remove();
      dataD.remove();
    }
  });
});
