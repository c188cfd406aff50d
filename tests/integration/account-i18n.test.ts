/**
 * Signing in, the dashboard and the unsubscribe page in a language (issue 23):
 * signing in from /es/login comes back to /es/… and makes Spanish the
 * language of the person's emails (users.locale); opening the dashboard in
 * another language changes it; the callback is one path for every language.
 */
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "~/features/notifications/tokens.server";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const SECRET = "account-i18n-test-secret-0123456789abcdef";

interface Export {
  account: { id: string; locale: string };
}

describe("local sign-in and the dashboard in a language", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      SESSION_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  const post = (jar: CookieJar, pathname: string, fields: Record<string, string>) =>
    jar.fetch(`${server.url}${pathname}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });

  async function exported(jar: CookieJar): Promise<Export> {
    const response = await jar.fetch(`${server.url}/dashboard/data/export`);
    expect(response.status).toBe(200);
    return (await response.json()) as Export;
  }

  it("signing in from /es/login makes Spanish the person's language and returns to /es/dashboard", async () => {
    const jar = new CookieJar();
    const signedIn = await post(jar, "/es/login", {});
    expect(signedIn.status).toBe(302);
    const complete = signedIn.headers.get("location") ?? "";
    expect(complete).toBe("/es/auth/complete?to=%2Fes%2Fdashboard");

    const page = await jar.fetch(`${server.url}${complete}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Ha iniciado sesión");
    expect(html).toContain('content="0;url=/es/dashboard"');

    expect((await exported(jar)).account.locale).toBe("es");
    const dashboard = await jar.fetch(`${server.url}/es/dashboard`);
    expect(dashboard.status).toBe(200);
    const board = await dashboard.text();
    expect(board).toContain("Mis proyectos");
    expect(board).toContain("Cerrar sesión");
    expect(board).toContain('href="/es/dashboard/schedule"');
  });

  it("signing in from English keeps English; opening the dashboard in French makes it French", async () => {
    const jar = new CookieJar();
    expect((await signInLocally(jar, server.url)).headers.get("location")).toBe(
      "/auth/complete?to=%2Fdashboard",
    );
    expect((await exported(jar)).account.locale).toBe("en");
    const french = await jar.fetch(`${server.url}/fr/dashboard/schedule`);
    expect(french.status).toBe(200);
    const calendar = await french.text();
    expect(calendar).toContain("Calendrier");
    // The demo visit's time, in French and in the job's zone (Mountain: HNR/HAR).
    expect(calendar).toMatch(/\d+ h 00 H[AN]R/);
    expect((await exported(jar)).account.locale).toBe("fr");
    // And back: the English dashboard makes it English again.
    expect((await jar.fetch(`${server.url}/dashboard`)).status).toBe(200);
    expect((await exported(jar)).account.locale).toBe("en");
  });

  it("sends a signed-out person to the login page in the page's language, and back there", async () => {
    const jar = new CookieJar();
    const asked = await jar.fetch(`${server.url}/es/dashboard/schedule`);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/es/login?returnTo=%2Fes%2Fdashboard%2Fschedule");
    // The dashboard itself is where signing in leads anyway: no need to say so.
    const home = await jar.fetch(`${server.url}/es/dashboard`);
    expect(home.headers.get("location")).toBe("/es/login");

    const login = await jar.fetch(`${server.url}/es/login?returnTo=%2Fes%2Fdashboard%2Fschedule`);
    const html = await login.text();
    expect(html).toContain("Inicie sesión en su cuenta");
    expect(html).toContain('action="/es/login"');

    const signedIn = await post(jar, "/es/login", { returnTo: "/es/dashboard/schedule" });
    expect(signedIn.headers.get("location")).toBe(
      "/es/auth/complete?to=%2Fes%2Fdashboard%2Fschedule",
    );
    // A contractor's demo goes on to the pro's pages, in the language too.
    const pro = await post(new CookieJar(), "/fr/login", { demo: "contractor" });
    expect(pro.headers.get("location")).toBe("/fr/auth/complete?to=%2Ffr%2Fpro");
  });

  it("says a sign-in error in the login page's language", async () => {
    const response = await fetch(`${server.url}/fr/login?error=expired`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Cette connexion a pris trop de temps");
    expect(html).toContain('role="alert"');
  });

  it("signs out to the login page of the language the person was reading", async () => {
    const jar = new CookieJar();
    await post(jar, "/es/login", {});
    const out = await post(jar, "/logout", { locale: "es" });
    expect(out.headers.get("location")).toBe("/es/login");
    expect(jar.has("tm_session")).toBe(false);
    // Anything else is English, as before.
    expect((await post(new CookieJar(), "/logout", { locale: "xx" })).headers.get("location")).toBe(
      "/login",
    );
  });

  it("shows the unsubscribe page in the recipient's language, or the path's", async () => {
    const jar = new CookieJar();
    await post(jar, "/es/login", {});
    const { account } = await exported(jar);
    const token = unsubscribeToken(SECRET, account.id, "message_email");

    const mailed = await fetch(`${server.url}/unsubscribe/${token}`);
    expect(mailed.status).toBe(200);
    const html = await mailed.text();
    expect(html).toContain("¿Dejar de recibir correos electrónicos sobre mensajes no leídos?");
    expect(html).toContain("Dejar de recibir estos correos");
    expect(html).toContain('href="/es/dashboard/emails"');
    expect(html).toContain('lang="es"');

    const french = await (await fetch(`${server.url}/fr/unsubscribe/${token}`)).text();
    expect(french).toContain("Ne plus recevoir ces courriels");
    expect(french).toContain('href="/fr/dashboard/emails"');
  });
});

describe("Google sign-in from a page in a language", () => {
  const data = freshDataDir();
  const provider = new OAuth2Server();
  let server: SiteServer;
  let tamper = false;

  beforeAll(async () => {
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
      if (tamper) redirect.url.searchParams.set("state", "tampered-state");
    });
    provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, {
        sub: "google-subject-es",
        email: "ana.lopez@example.com",
        email_verified: true,
        name: "Ana López",
      });
    });
    server = await startSite({
      DATA_DIR: data.dir,
      GOOGLE_CLIENT_ID: "trade-match-test-client",
      GOOGLE_CLIENT_SECRET: "test-client-secret",
      OIDC_ISSUER: provider.issuer.url ?? "",
    });
  });
  afterAll(async () => {
    await server.stop();
    await provider.stop();
    data.remove();
  });

  /** The button on `loginPath`, then the provider, then our one callback. */
  async function signIn(jar: CookieJar, loginPath: string, returnTo?: string) {
    const start = await jar.fetch(`${server.url}${loginPath}`, {
      method: "POST",
      body: new URLSearchParams(returnTo ? { returnTo } : {}),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });
    expect(start.status).toBe(302);
    const back = await jar.fetch(start.headers.get("location") ?? "");
    const callback = back.headers.get("location") ?? "";
    expect(callback.startsWith(`${server.url}/auth/callback?`)).toBe(true);
    return jar.fetch(callback);
  }

  it("comes back through the one callback to /es/auth/complete, and remembers Spanish", async () => {
    const jar = new CookieJar();
    const done = await signIn(jar, "/es/login");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/es/auth/complete?to=%2Fes%2Fdashboard");
    const copy = (await (await jar.fetch(`${server.url}/dashboard/data/export`)).json()) as Export;
    expect(copy.account.locale).toBe("es");

    const again = new CookieJar();
    const schedule = await signIn(again, "/fr/login", "/dashboard/schedule");
    expect(schedule.headers.get("location")).toBe(
      "/fr/auth/complete?to=%2Ffr%2Fdashboard%2Fschedule",
    );
    const after = (await (
      await again.fetch(`${server.url}/dashboard/data/export`)
    ).json()) as Export;
    expect(after.account.locale).toBe("fr");
  });

  it("sends a refused sign-in back to the login page in its language", async () => {
    tamper = true;
    try {
      const done = await signIn(new CookieJar(), "/es/login");
      expect(done.headers.get("location")).toBe("/es/login?error=failed");
    } finally {
      tamper = false;
    }
  });
});
