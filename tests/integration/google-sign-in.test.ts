import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CookieJar } from "../support/cookie-jar";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const CLIENT_ID = "trade-match-test-client";

type Tamper = "none" | "state" | "nonce" | "audience" | "expired";

describe("Sign in with Google (OpenID Connect against a local provider)", () => {
  const data = freshDataDir();
  const data_dir = () => data.dir;
  const provider = new OAuth2Server();
  let server: SiteServer;
  let tamper: Tamper = "none";

  beforeAll(async () => {
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
      if (tamper === "state") redirect.url.searchParams.set("state", "tampered-state");
    });
    provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, {
        sub: "google-subject-42",
        email: "Pat.Kim@example.com",
        email_verified: true,
        name: "Pat Kim",
      });
      const now = Math.floor(Date.now() / 1000);
      if (tamper === "nonce") token.payload.nonce = "not-the-nonce-we-sent";
      if (tamper === "audience") token.payload.aud = "some-other-client";
      if (tamper === "expired") Object.assign(token.payload, { iat: now - 7200, exp: now - 3600 });
    });
    server = await startSite({
      DATA_DIR: data.dir,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "test-client-secret",
      OIDC_ISSUER: provider.issuer.url ?? "",
      FORM_MIN_FILL_MS: "0",
    });
  });
  afterAll(async () => {
    await server.stop();
    await provider.stop();
    data.remove();
  });
  beforeEach(() => {
    tamper = "none";
  });

  /** Clicks "Sign in with Google" and follows the provider back to our callback. */
  async function signIn(jar: CookieJar, returnTo?: string): Promise<Response> {
    const body = new URLSearchParams(returnTo ? { returnTo } : {});
    const start = await jar.fetch(`${server.url}/login`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.origin).toBe(new URL(provider.issuer.url ?? "").origin);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("client_id")).toBe(CLIENT_ID);
    const back = await jar.fetch(authorize.toString());
    expect(back.status).toBe(302);
    const callback = back.headers.get("location") ?? "";
    expect(callback.startsWith(`${server.url}/auth/callback?`)).toBe(true);
    return jar.fetch(callback);
  }

  it("runs the whole flow: redirect, callback, token exchange, a session for a new account", async () => {
    const jar = new CookieJar();
    const done = await signIn(jar, "/dashboard/schedule");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/auth/complete?to=%2Fdashboard%2Fschedule");
    expect(jar.has("tm_session")).toBe(true);
    const sessionCookie = done.headers.getSetCookie().find((c) => c.startsWith("tm_session="));
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);

    const dashboard = await jar.fetch(`${server.url}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("cache-control")).toBe("no-store");
    const html = await dashboard.text();
    expect(html).toContain("Pat Kim");
    expect(html).toContain("No projects yet");
  });

  it("lets a person download their data and delete their account, for real", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    // A project of their own first.
    await jar.fetch(`${server.url}/dashboard/new`);
    const added = await jar.fetch(`${server.url}/dashboard/new`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "project",
        name: "Pat Kim",
        email: "pat.kim@example.com",
        phone: "(604) 555-0150",
        service: "water-heater",
        postalCode: "V6B 1A1",
        details: "Replace a 15-year-old tank before it fails.",
        preferredContact: "email",
        consent: "on",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });
    expect(added.status).toBe(302);

    const exported = await jar.fetch(`${server.url}/dashboard/data/export`);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    const data = (await exported.json()) as {
      account: { email: string };
      requests: { service: string; details: string }[];
    };
    expect(data.account.email).toBe("pat.kim@example.com");
    expect(data.requests.map((r) => r.service)).toContain("water-heater");

    const deleted = await jar.fetch(`${server.url}/dashboard/data`, {
      method: "POST",
      body: new URLSearchParams({ confirm: "delete" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });
    expect(deleted.status).toBe(302);
    expect(jar.has("tm_session")).toBe(false);

    const { readFile } = await import("node:fs/promises");
    const runtime = JSON.parse(await readFile(`${data_dir()}/server.json`, "utf8")) as {
      token: string;
    };
    const leads = (await (
      await fetch(`${server.url}/_operator/leads?limit=500`, {
        headers: { authorization: `Bearer ${runtime.token}` },
      })
    ).json()) as { email: string | null }[];
    expect(leads.filter((lead) => lead.email === "pat.kim@example.com")).toEqual([]);

    // Signing in again starts a new, empty account.
    const again = new CookieJar();
    await signIn(again);
    expect(await (await again.fetch(`${server.url}/dashboard`)).text()).toContain(
      "No projects yet",
    );
  });

  it("finds the same account on the next sign-in", async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const html = await (await jar.fetch(`${server.url}/dashboard`)).text();
    expect(html).toContain("Pat Kim");
  });

  it.each([
    ["state", "a state that is not the one we sent"],
    ["nonce", "an ID token with another nonce"],
    ["audience", "an ID token for another audience"],
    ["expired", "an expired ID token"],
  ] as const)("rejects %s: %s", async (what, _description) => {
    tamper = what;
    const jar = new CookieJar();
    const done = await signIn(jar);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?error=failed");
    expect(jar.has("tm_session")).toBe(false);
    const dashboard = await jar.fetch(`${server.url}/dashboard`);
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toMatch(/^\/login/);
  });

  it("rejects a callback without the flow cookie (started elsewhere)", async () => {
    const response = await fetch(`${server.url}/auth/callback?code=abc&state=xyz`, {
      redirect: "manual",
    });
    expect(response.headers.get("location")).toBe("/login?error=expired");
  });
});

describe("start-up with AUTH_MODE=google and no credentials", () => {
  it("stops with a clear message", async () => {
    const { spawnServer } = await import("../support/server");
    const child = spawnServer({ AUTH_MODE: "google" });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(
      "AUTH_MODE: is google, but GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set",
    );
  });
});
