import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteFields } from "../support/factories";
import { formKeyFrom, postForm } from "../support/http";
import type { TestServer } from "../support/server";
import { startServerBehindProxy, type ServerBehindProxy } from "../support/server-behind-proxy";
import type { TcpProxy } from "../support/tcp-proxy";

const baseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(baseUrl)("when PostgreSQL goes away and comes back", () => {
  let site: ServerBehindProxy;
  let server: TestServer;
  let proxy: TcpProxy;

  beforeAll(async () => {
    site = await startServerBehindProxy(baseUrl ?? "", {
      FORM_MIN_FILL_MS: "0",
      TRUST_PROXY: "1",
      RATE_LIMIT_MAX: "2",
    });
    ({ server, proxy } = site);
  });
  afterAll(async () => {
    await site.stop();
  });

  it("keeps serving pages, reports 503, refuses leads politely, and recovers without a restart", async () => {
    const formKey = await formKeyFrom(server.url);
    await proxy.cut();

    expect((await fetch(`${server.url}/roofing`)).status).toBe(200);
    expect((await fetch(`${server.url}/privacy`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);

    const fields = quoteFields({
      formKey,
      name: "Outage Olivia",
      details: "Furnace makes a clicking noise",
    });
    const refused = await postForm(`${server.url}/?index`, fields, {
      "x-forwarded-for": "198.51.100.60",
    });
    expect(refused.status).toBe(503);
    const html = await refused.text();
    expect(html).toContain("We couldn&#x27;t save your request just now");
    expect(html).toContain('value="Outage Olivia"');
    expect(html).toContain("Furnace makes a clicking noise");

    await proxy.restore();
    await expect
      .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 20_000 })
      .toBe(200);
    const accepted = await postForm(`${server.url}/?index`, fields, {
      "x-forwarded-for": "198.51.100.60",
    });
    expect(accepted.status).toBe(302);
  });

  it("refuses a client already over its limit without the database: still 429, at once", async () => {
    const formKey = await formKeyFrom(server.url);
    const headers = { "x-forwarded-for": "198.51.100.61" };
    const post = () => postForm(`${server.url}/?index`, quoteFields({ formKey }), headers);
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(429);

    await proxy.cut();
    try {
      const started = performance.now();
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("You&#x27;ve sent several requests in a short time");
      // No round trip to a database that cannot answer: no wait for a connection timeout.
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await proxy.restore();
    }
  });
});
