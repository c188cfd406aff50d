/**
 * Issue 33: a signed-in person's request is on My Projects from the first
 * form, with "Choose pros", even when they leave the choice without
 * choosing; a browser that is not signed in keeps its request by cookie; and
 * every first-form lead stores its consent's text, version, address and
 * browser.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_TEXT, CONSENT_VERSION } from "~/site";
import { joinAsDenverRoofer, postForm } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { quoteFields } from "../support/factories";
import { storedLeads } from "../support/operator";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const BROWSER = "Mozilla/5.0 (consent test)";
const unescape = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");

describe("a signed-in person's first form", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const homeowner = new CookieJar();
  const other = new CookieJar();
  const anonymous = new CookieJar();
  const pro = new CookieJar();

  const post = (jar: CookieJar, path: string, fields: Record<string, string>) =>
    postForm(jar, server.url, path, fields, { "user-agent": BROWSER });
  const page = async (jar: CookieJar, path: string) => {
    const response = await jar.fetch(`${server.url}${path}`);
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: await response.text(),
    };
  };

  /** Sends the home form from `jar`'s browser; the id of the request its /search page offers. */
  async function sendHomeForm(jar: CookieJar, details: string): Promise<string> {
    await jar.fetch(`${server.url}/`);
    const sent = await post(
      jar,
      "/?index",
      quoteFields({ formKey: undefined, details, consentVersion: CONSENT_VERSION }),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/search?service=roofing&zip=80202");
    const search = await page(jar, "/search?service=roofing&zip=80202");
    const id = new RegExp(`action="/requests/(${UUID})/pros"`).exec(search.html)?.[1];
    expect(id, "the search page offers the choice").toBeDefined();
    return id ?? "";
  }

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
      DEMO_ACCOUNTS_PER_HOUR: "1000",
    });
    for (const jar of [homeowner, other, pro]) {
      expect((await signInLocally(jar, server.url)).status).toBe(302);
    }
    expect((await joinAsDenverRoofer(pro, server.url, "Draft Test Roofing")).status).toBe(302);
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("is on My Projects at once with Choose pros, though no pro was chosen", async () => {
    const id = await sendHomeForm(homeowner, "Signed in, left the choice.");
    // Left the choice without choosing: My Projects has it, as a draft.
    const projects = await page(homeowner, "/dashboard");
    expect(projects.status).toBe(200);
    expect(projects.html).toContain(`href="/dashboard/projects/${id}/pros"`);
    expect(projects.html).toContain("Choose pros");
    expect(projects.html).toContain("No pros chosen yet");
    // Nobody else's: another account and a browser without one get the plain 404.
    expect((await page(other, `/dashboard/projects/${id}`)).status).toBe(404);
    expect((await page(other, `/dashboard/projects/${id}/pros`)).status).toBe(404);
    expect((await page(anonymous, `/requests/${id}/pros`)).status).toBe(404);
    // Another account's browser is not offered it on /search either.
    expect((await page(other, "/search?service=roofing&zip=80202")).html).not.toContain(id);

    const [stored] = (await storedLeads(data.dir)).filter((lead) => lead.id === id);
    expect(stored?.userId).not.toBeNull();
    expect(stored?.status).toBe("draft");
  });

  it("goes on to choose and send from My Projects", async () => {
    const id = await sendHomeForm(homeowner, "Signed in, chose later.");
    // The choice reached from the search page is the dashboard's, for the account.
    const fromSearch = await page(homeowner, `/requests/${id}/pros`);
    expect(fromSearch.status).toBe(302);
    expect(fromSearch.location).toBe(`/dashboard/projects/${id}/pros`);

    const choice = await page(homeowner, `/dashboard/projects/${id}/pros`);
    expect(choice.status).toBe(200);
    const proId = new RegExp(`<span id="pro-(${UUID})-name">Draft Test Roofing<`).exec(
      choice.html,
    )?.[1];
    expect(proId).toBeDefined();
    const review = await page(
      homeowner,
      `/dashboard/projects/${id}/pros?review=1&pro=${proId ?? ""}`,
    );
    const consentText = unescape(/name="consentText" value="([^"]*)"/.exec(review.html)?.[1] ?? "");
    expect(consentText).toContain("TradeMatch and Draft Test Roofing may contact me");
    const sent = await post(homeowner, `/dashboard/projects/${id}/pros`, {
      pro: proId ?? "",
      consent: "on",
      consentText,
    });
    expect(sent.headers.get("location")).toBe(`/dashboard/projects/${id}?sent=1`);
  });

  it("stores the first consent's text, version, address and browser", async () => {
    const id = await sendHomeForm(homeowner, "Proof of consent.");
    const [stored] = (await storedLeads(data.dir)).filter((lead) => lead.id === id);
    expect(stored).toMatchObject({
      consentText: CONSENT_TEXT,
      consentVersion: CONSENT_VERSION,
      consentUserAgent: BROWSER,
    });
    expect(stored?.consentAddress).toMatch(/\S/);
    expect(stored?.consentText).not.toMatch(/contractors it matches|partners/);
  });

  it("keeps a browser's request by its cookie alone when nobody is signed in", async () => {
    const id = await sendHomeForm(anonymous, "Not signed in.");
    const [stored] = (await storedLeads(data.dir)).filter((lead) => lead.id === id);
    expect(stored?.userId).toBeNull();
    expect(stored?.consentVersion).toBe(CONSENT_VERSION);
    expect((await page(anonymous, `/requests/${id}/pros`)).status).toBe(200);
  });

  it("asks again, beside the box, when the form showed another consent version", async () => {
    await homeowner.fetch(`${server.url}/`);
    const before = (await storedLeads(data.dir)).length;
    const refused = await post(
      homeowner,
      "/?index",
      quoteFields({ formKey: undefined, details: "An old page.", consentVersion: "first-2020-01" }),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("The consent text has changed since this page was opened.");
    expect(html).toContain("An old page.");
    expect(await storedLeads(data.dir)).toHaveLength(before);
  });
});
