/**
 * The way back to a request (issue 43, item 8; decision 049), over HTTP with
 * the real outbox and an SMTP server: a homeowner who sends the home form
 * without signing in is mailed a confirmation that says what they allowed
 * and links to their request; the link opens it in another browser (the
 * tab that sent it is gone) and nowhere else once altered, another
 * request's, or past its time; an account's request goes to the account's
 * page and gives no browser anything; the key never reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLinkToken } from "~/features/leads/request-link.server";
import { DAY_MS } from "~/lib/retention";
import { CONSENT_VERSION } from "~/site";
import { postForm } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { quoteFields } from "../support/factories";
import { readMail } from "../support/mime";
import { startSmtpServer } from "../support/receivers";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const SECRET = "request-links-test-secret-0123456789abcdef";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe("the link in a homeowner's emails", () => {
  const data = freshDataDir();
  let server: SiteServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startSite({
      DATA_DIR: data.dir,
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: "leads@trade-match.example",
      SESSION_SECRET: SECRET,
      OUTBOX_POLL_MS: "100",
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
      DEMO_ACCOUNTS_PER_HOUR: "1000",
    });
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await smtp.close();
    data.remove();
  });

  /** Sends the home form from `jar`'s browser; the confirmation as the person reads it. */
  async function sendHomeForm(jar: CookieJar, email: string, preferredContact: string) {
    await jar.fetch(`${server.url}/`);
    const sent = await postForm(
      jar,
      server.url,
      "/?index",
      quoteFields({ formKey: undefined, email, preferredContact, consentVersion: CONSENT_VERSION }),
    );
    expect(sent.status).toBe(302);
    await expect
      .poll(() => smtp.mails.some((mail) => mail.to.includes(email)), { timeout: 30_000 })
      .toBe(true);
    const mail = smtp.mails.find((received) => received.to.includes(email));
    if (!mail) throw new Error("no confirmation");
    return readMail(mail);
  }

  /** The path (with its query) of the confirmation's link to the request. */
  const linkOf = (text: string) =>
    new URL(/Choose the pros who get it: (https?:\/\/\S+)/.exec(text)?.[1] ?? "http://x/");

  it("opens the request in another browser, and nothing for a stranger or an altered link", async () => {
    const sender = new CookieJar();
    const confirmation = await sendHomeForm(sender, "sam.ortiz@example.net", "email");
    expect(confirmation.subject).toBe("We received your request – TradeMatch");
    expect(confirmation.text).toContain(
      "You asked to be contacted by email. The pros you choose see your email address, not your phone number, once they accept your request.",
    );
    expect(confirmation.text).not.toMatch(/phone, text and email|STOP/);
    const link = linkOf(confirmation.text);
    const id = UUID.exec(link.pathname)?.[0] ?? "";
    expect(link.pathname).toMatch(new RegExp(`^/requests/${id}/open/[\\w-]{38}$`));

    // The tab that sent it is gone: another browser follows the link.
    const phone = new CookieJar();
    const opened = await phone.fetch(`${server.url}${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/requests/${id}/pros`);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    expect(phone.has("tm_request")).toBe(true);
    const choice = await phone.fetch(`${server.url}/requests/${id}/pros`);
    expect(choice.status).toBe(200);
    expect(await choice.text()).toContain(`action="/requests/${id}/pros"`);
    expect((await phone.fetch(`${server.url}/requests/${id}`)).status).toBe(200);

    // Anyone else: the request is the plain 404, and so is any link but the one we signed.
    const stranger = new CookieJar();
    expect((await stranger.fetch(`${server.url}/requests/${id}`)).status).toBe(404);
    const token = link.pathname.split("/").at(-1) ?? "";
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await stranger.fetch(`${server.url}/requests/${id}/open/${altered}`)).status).toBe(404);
    const otherId = "0b6f3c1e-93a4-4d2b-8f1e-5a6b7c8d9e0f";
    expect((await stranger.fetch(`${server.url}/requests/${otherId}/open/${token}`)).status).toBe(
      404,
    );
    expect((await stranger.fetch(`${server.url}/requests/not-an-id/open/${token}`)).status).toBe(
      404,
    );
    expect(stranger.has("tm_request")).toBe(false);

    // The key is never written to the log, wherever the address appears.
    expect(server.logs.some((line) => line.includes(`/requests/${id}/open/[redacted]`))).toBe(true);
    expect(server.logs.some((line) => line.includes(token))).toBe(false);
  });

  it("says plainly when a link has expired, and opens nothing", async () => {
    const sender = new CookieJar();
    const confirmation = await sendHomeForm(sender, "old.link@example.net", "messages");
    expect(confirmation.text).toContain(
      "You asked to be contacted through Messages on TradeMatch only. The pros you choose never see your phone number or email address.",
    );
    const id = UUID.exec(linkOf(confirmation.text).pathname)?.[0] ?? "";
    const old = requestLinkToken(SECRET, id, new Date(Date.now() - 31 * DAY_MS));
    const browser = new CookieJar();
    const answer = await browser.fetch(`${server.url}/fr/requests/${id}/open/${old}`);
    expect(answer.status).toBe(410);
    const html = await answer.text();
    expect(html).toContain("Ce lien a expiré");
    expect(browser.has("tm_request")).toBe(false);
    // A fresh one, in French: the request's page in French.
    const fresh = requestLinkToken(SECRET, id, new Date());
    const opened = await browser.fetch(`${server.url}/fr/requests/${id}/open/${fresh}`);
    expect(opened.headers.get("location")).toBe(`/fr/requests/${id}`);
  });

  it("sends an account's request to the account's page, giving the browser nothing", async () => {
    const holder = new CookieJar();
    expect((await signInLocally(holder, server.url)).status).toBe(302);
    const confirmation = await sendHomeForm(holder, "ria.account@example.net", "phone");
    const link = linkOf(confirmation.text);
    const id = UUID.exec(link.pathname)?.[0] ?? "";
    expect(link.pathname).toBe(`/dashboard/projects/${id}/pros`);
    expect(confirmation.text).toContain("You also find it under My Projects when you sign in.");
    // Even a link we signed for it opens no account: it goes where a sign-in is asked for.
    const browser = new CookieJar();
    const token = requestLinkToken(SECRET, id, new Date());
    const opened = await browser.fetch(`${server.url}/requests/${id}/open/${token}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`/dashboard/projects/${id}`);
    expect(browser.has("tm_request")).toBe(false);
    const dashboard = await browser.fetch(`${server.url}/dashboard/projects/${id}`);
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toMatch(/^\/login/);
  });
});
