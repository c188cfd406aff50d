import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteFields } from "../support/factories";
import { formKeyFrom, postForm } from "../support/http";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

describe("a slow or failing CRM never slows or fails a form", () => {
  const data = freshDataDir();
  let server: SiteServer;
  let received = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const crm = createServer((req, res) => {
    received += 1;
    req.resume();
    void held.then(() => res.end("ok"));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => crm.listen(0, "127.0.0.1", resolve));
    const { port } = crm.address() as AddressInfo;
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${port.toString()}/slow`,
      LEAD_WEBHOOK_SECRET: "slow-webhook-secret-123",
      OUTBOX_POLL_MS: "100",
    });
  });
  afterAll(async () => {
    release();
    await server.stop();
    await new Promise((resolve) => crm.close(resolve));
    data.remove();
  });

  it("answers the person while the CRM is still sitting on the delivery", async () => {
    const formKey = await formKeyFrom(server.url);
    const first = await postForm(
      `${server.url}/?index`,
      quoteFields({ formKey, name: "Patient Pat" }),
    );
    expect(first.status).toBe(302);
    await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(0);
    // The CRM holds that delivery open; the next person is answered all the same.
    const second = await postForm(
      `${server.url}/?index`,
      quoteFields({ formKey, name: "Quick Quinn" }),
    );
    expect(second.status).toBe(302);
  });
});

describe("an unreachable CRM", () => {
  const data = freshDataDir();
  let server: SiteServer;
  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      LEAD_WEBHOOK_URL: "http://127.0.0.1:9/nowhere",
      LEAD_WEBHOOK_SECRET: "unreachable-secret-123",
      SMTP_URL: "smtp://127.0.0.1:9",
      LEADS_EMAIL_TO: "leads@trade-match.example",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("still takes the lead", async () => {
    const formKey = await formKeyFrom(server.url);
    const response = await postForm(`${server.url}/?index`, quoteFields({ formKey }));
    expect(response.status).toBe(302);
  });
});
