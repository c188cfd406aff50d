import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { CONSENT_TEXT } from "~/site";
import { leads } from "../../database/schema";
import { parseCsv } from "../support/csv-parse";
import { quoteFields } from "../support/factories";
import { formKeyFrom, postForm } from "../support/http";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const ROOT = path.resolve(import.meta.dirname, "../..");

function runLeadsCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/leads.mjs", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, SKIP_BUILD_CHECK: "1", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("lead forms over HTTP, without JavaScript", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir, FORM_MIN_FILL_MS: "0", RATE_LIMIT_MAX: "4" });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("stores a quote request and continues to /search with the service and ZIP", async () => {
    const formKey = await formKeyFrom(server.url);
    const response = await postForm(
      `${server.url}/?index`,
      quoteFields({ formKey, service: "plumbing", postalCode: "60601" }),
      {
        "x-forwarded-for": "198.51.100.1",
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/search?service=plumbing&zip=60601");
  });

  it("answers a bad field with its message beside it and what was typed kept", async () => {
    const fields = quoteFields({
      formKey: await formKeyFrom(server.url),
      email: "jordan@example",
      details: "Kitchen <b>remodel</b> & more",
    });
    const response = await postForm(`${server.url}/?index`, fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('id="quote-email-error"');
    expect(html).toContain("Please enter a valid email address, like name@example.com.");
    expect(html).toMatch(
      /aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/,
    );
    expect(html).toContain('value="jordan@example"');
    expect(html).toContain("Kitchen &lt;b&gt;remodel&lt;/b&gt; &amp; more");
    expect(html).toContain(`value="${fields.name ?? ""}"`);
  });

  it("answers 429 with when to retry after the limit, keeping what was typed", async () => {
    let last: Response | undefined;
    const formKey = await formKeyFrom(server.url);
    for (let i = 0; i < 6; i++) {
      last = await postForm(
        `${server.url}/?index`,
        quoteFields({ formKey, name: `Rate Tester ${i.toString()}` }),
      );
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = (await last?.text()) ?? "";
    expect(html).toMatch(/Please try again in \d+ minutes/);
    expect(html).toContain('value="Rate Tester 5"');
  });

  it("keeps names, emails and phone numbers out of the server's log", async () => {
    const fields = quoteFields({
      formKey: await formKeyFrom(server.url),
      name: "Privacy Pemberton",
      email: "pemberton.private@example.com",
      phone: "(720) 555-0166",
      details: "Do not log me",
    });
    await postForm(`${server.url}/?index`, fields, { "x-forwarded-for": "198.51.100.9" });
    await postForm(`${server.url}/?index`, { ...fields, email: "broken@" });
    const log = server.logs.join("\n");
    expect(log).toContain("lead received");
    for (const secret of [
      "Pemberton",
      "pemberton.private",
      "555-0166",
      "+17205550166",
      "7205550166",
      "Do not log me",
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it("lets the operator list and export leads while the server runs", async () => {
    const env = { DATA_DIR: data.dir };
    const list = await runLeadsCommand(["list"], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/Received\s+Source\s+Name/);
    expect(list.stdout).toContain("Rate Tester 2");
    expect(list.stdout).not.toContain("Rate Tester 3");

    const exported = await runLeadsCommand(["export", "--since", "2026-01-01"], env);
    expect(exported.code).toBe(0);
    const rows = parseCsv(exported.stdout);
    expect(rows[0]?.slice(0, 5)).toEqual(["id", "created_at", "source", "status", "name"]);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.some((row) => row[7] === "plumbing" && row[9] === "60601")).toBe(true);

    const bad = await runLeadsCommand(["export", "--since", "yesterday-ish"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--since must be a date");
  });
});

describe("the leads command, on rows stored before control characters were refused", () => {
  const data = freshDataDir();
  afterAll(() => data.remove());

  it("shows and exports them without passing a control character through", async () => {
    const database = await openDatabase({ dataDir: data.dir, maxConnections: 1 });
    try {
      await database.migrate();
      await database.db.insert(leads).values({
        source: "home",
        name: "Esc\u001b]0;pwned\u0007 Eve\u009b2J",
        email: "eve@example.com",
        details: "Line one\nLine two\u001b[2J\u0008",
        consentText: CONSENT_TEXT,
        consentAt: new Date(),
        idempotencyKey: "legacy-control-characters",
      });
    } finally {
      await database.close();
    }
    const env = { DATA_DIR: data.dir };
    // eslint-disable-next-line no-control-regex -- looking for control characters
    const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
    const list = await runLeadsCommand(["list"], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("Eve");
    expect(list.stdout).not.toMatch(control);
    const exported = await runLeadsCommand(["export"], env);
    expect(exported.code).toBe(0);
    expect(exported.stdout).not.toMatch(control);
    expect(parseCsv(exported.stdout)[1]?.[13]).toBe("Line one\nLine two[2J");
  });
});
