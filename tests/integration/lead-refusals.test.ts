/**
 * Refusing a lead, over HTTP against the production build: every form that
 * makes a lead is rate limited, its intent is a name and not an object key,
 * a post without a form key stores nothing, control characters are refused
 * before they cost anything, and a refused data request answers with the
 * action's data alone.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormKey } from "~/features/leads/form-key.server";
import { SEND_AGAIN_MESSAGE } from "~/features/leads/lead-action.server";
import { LISTING_REQUEST_MESSAGE } from "~/features/leads/labels";
import { MESSAGES } from "~/features/leads/lead-schema";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { listingRequestFields, quoteFields, TEST_SECRET } from "../support/factories";
import { formKeyFrom, postForm } from "../support/http";
import { storedLeads } from "../support/operator";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const FILL_MS = 300;
const escapeHtml = (text: string) => text.replace(/'/g, "&#x27;");

describe("refusing a lead", () => {
  const data = freshDataDir();
  let server: SiteServer;
  let client = 0;
  /** Each test is its own client (the server trusts X-Forwarded-For here). */
  const asClient = () => {
    client += 1;
    return { "x-forwarded-for": `198.51.100.${client.toString()}` };
  };
  const leadsNamed = async (name: string) =>
    (await storedLeads(data.dir)).filter((lead) => lead.name === name);

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      TRUST_PROXY: "1",
      // The listing's tests make their form keys for the moment they need.
      SESSION_SECRET: TEST_SECRET,
      FORM_MIN_FILL_MS: FILL_MS.toString(),
      RATE_LIMIT_MAX: "2",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  /** A form key old enough to pass the fill time. */
  async function ripeFormKey(path = "/") {
    const key = await formKeyFrom(server.url, path);
    await sleep(FILL_MS + 50);
    return key;
  }

  it("stores nothing from a post without the form-key cookie, and takes it sent again with the key it was given", async () => {
    const headers = asClient();
    const fields = quoteFields({ formKey: undefined, name: "Cookieless Casey" });
    const refused = await postForm(`${server.url}/?index`, fields, headers);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(escapeHtml(SEND_AGAIN_MESSAGE));
    expect(html).toContain('value="Cookieless Casey"');
    expect(await leadsNamed("Cookieless Casey")).toEqual([]);

    const cookie = refused.headers.getSetCookie().find((c) => c.startsWith("tm_fk="));
    const formKey = cookie?.split(";")[0]?.slice("tm_fk=".length);
    expect(formKey).toBeTruthy();
    await sleep(FILL_MS + 50);
    const again = await postForm(
      `${server.url}/?index`,
      { ...fields, formKey: formKey ?? "" },
      headers,
    );
    expect(again.status).toBe(302);
    expect(await leadsNamed("Cookieless Casey")).toHaveLength(1);
  });

  it("refuses a NUL in the name with the name's message, what was typed kept, and no rate-limit slot used", async () => {
    const headers = asClient();
    const formKey = await ripeFormKey();
    for (let i = 0; i < 3; i++) {
      const response = await postForm(
        `${server.url}/?index`,
        quoteFields({ formKey, name: "Nul\u0000Nora", details: "Attic fan\u0000 rattles" }),
        headers,
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('id="quote-name-error"');
      expect(html).toContain(escapeHtml(MESSAGES.nameCharacters));
      expect(html).toContain("Attic fan");
    }
    // The limit is two: both still go through.
    for (let i = 0; i < 2; i++) {
      const accepted = await postForm(`${server.url}/?index`, quoteFields({ formKey }), headers);
      expect(accepted.status).toBe(302);
    }
    expect((await storedLeads(data.dir)).some((lead) => lead.name.startsWith("Nul"))).toBe(false);
  });

  describe("a contractor listing's request page", () => {
    const request = "/denver-co/roofing/request?pro=summit-ridge-construction&kind=quote";
    let jar: CookieJar;
    let contractorId: string;

    beforeAll(async () => {
      jar = new CookieJar();
      const signIn = await signInLocally(jar, server.url, { returnTo: request });
      expect(signIn.status).toBe(302);
      const page = await (await jar.fetch(`${server.url}${request}`)).text();
      const id = /name="contractorId" value="([0-9a-f-]{36})"/.exec(page)?.[1];
      if (!id) throw new Error("no contractor on the request page");
      contractorId = id;
    });

    /** Posts the page's form with a key served a minute ago (past the fill time). */
    const send = (fields: Record<string, string>, headers: Record<string, string>) => {
      jar.set("tm_fk", createFormKey(TEST_SECRET, Date.now() - 60_000));
      return jar.fetch(`${server.url}${request}`, {
        method: "POST",
        body: new URLSearchParams({ contractorId, ...fields }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          ...headers,
        },
      });
    };
    const listingLeads = async () =>
      (await storedLeads(data.dir)).filter((lead) => lead.source === "listing");

    it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", ""])(
      "answers kind=%j with 400 and stores nothing",
      async (kind) => {
        const before = (await listingLeads()).length;
        const response = await send(listingRequestFields({ kind }), asClient());
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(LISTING_REQUEST_MESSAGE);
        expect(await listingLeads()).toHaveLength(before);
      },
    );

    it("is the 404 for a business not on the listings, or not of the listing's trade", async () => {
      for (const path of [
        "/denver-co/roofing/request?pro=no-such-business&kind=quote",
        // Summit Ridge builds, roofs and paints; it does no plumbing.
        "/denver-co/plumbing/request?pro=summit-ridge-construction&kind=quote",
      ]) {
        const response = await jar.fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text()).toContain("We couldn&#x27;t find that business.");
      }
    });

    it("sends a post from a listing page opened before to the request page, storing nothing", async () => {
      const before = (await listingLeads()).length;
      const old = await jar.fetch(`${server.url}/denver-co/roofing`, {
        method: "POST",
        body: new URLSearchParams({ intent: "consultation", contractorId }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      });
      expect(old.status).toBe(303);
      expect(old.headers.get("location")).toBe(
        "/denver-co/roofing/request?pro=summit-ridge-construction&kind=consultation",
      );
      expect(await listingLeads()).toHaveLength(before);
    });

    it("obeys the rate limit like every other lead form, with the message above the form", async () => {
      const headers = asClient();
      // On to the dashboard's choice of pros, with this listing's pro ticked.
      expect((await send(listingRequestFields(), headers)).headers.get("location")).toMatch(
        /^\/dashboard\/projects\/[0-9a-f-]{36}\/pros$/,
      );
      expect((await send(listingRequestFields({ kind: "contact" }), headers)).status).toBe(302);
      const limited = await send(listingRequestFields({ kind: "consultation" }), headers);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      const html = await limited.text();
      expect(html).toMatch(/You&#x27;ve sent several requests in a short time/);
      expect(
        (await listingLeads()).filter((lead) => lead.details?.includes("consultation")),
      ).toEqual([]);
    });
  });

  it("answers a refused data request (a form sent by JavaScript) with the action's data alone", async () => {
    const headers = asClient();
    const formKey = await ripeFormKey("/denver-co");
    const fields = {
      formKey,
      intent: "consultation",
      name: "Data Dana",
      email: "dana@example",
      phone: "(303) 555-0147",
      service: "roofing",
      consent: "on",
    };
    const response = await postForm(`${server.url}/denver-co.data`, fields, headers);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(MESSAGES.email);
    expect(body).toContain("Data Dana");
    // Nothing of the page's loaders: no contractors, no licensing note, no service cards.
    expect(body).not.toMatch(/licensing|contractorCount|Licensed/);
    expect(body.length).toBeLessThan(1500);
  });
});

describe("a client refused already in this window", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const WINDOW_S = 2;

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: FILL_MS.toString(),
      RATE_LIMIT_MAX: "1",
      RATE_LIMIT_WINDOW_S: WINDOW_S.toString(),
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  /** The fields the page's "Send again" form would send, as a browser reads them. */
  const sendAgainFields = (html: string) => {
    const { window } = new JSDOM(html);
    const form = [...window.document.forms].find((f) => f.textContent.includes("Send again"));
    if (!form) throw new Error("no Send again form");
    return Object.fromEntries(
      [...new window.FormData(form)].flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value]] : [],
      ),
    );
  };

  it("gets a short page before anything renders, keeping what was typed, and it is taken once the wait is over", async () => {
    const formKey = await formKeyFrom(server.url);
    await sleep(FILL_MS + 50);
    const post = (name: string, key = formKey) =>
      postForm(`${server.url}/?index`, quoteFields({ formKey: key, name }));
    expect((await post("First Fay")).status).toBe(302);

    // The database says no: the page with the message beside its form.
    const first = await post("Second <Sam>");
    expect(first.status).toBe(429);
    const page = await first.text();
    expect(page).toContain("What Project Can We Help You With");
    expect(page).toMatch(/You&#x27;ve sent several requests in a short time/);

    // Known already: a short page, no loaders, no render of the home page.
    const again = await post("Second <Sam>");
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    const short = await again.text();
    expect(short.length).toBeLessThan(4000);
    expect(short).not.toContain("What Project Can We Help You With");
    expect(short).toContain("Please wait before sending again");
    expect(short).toContain("<dd>Second &lt;Sam&gt;</dd>");
    const fields = sendAgainFields(short);
    expect(fields).toMatchObject({ intent: "quote", name: "Second <Sam>", consent: "on" });
    expect(fields).not.toHaveProperty("company");

    // Sent again from that page after the wait, with the key its answer set.
    const key = again.headers
      .getSetCookie()
      .find((c) => c.startsWith("tm_fk="))
      ?.split(";")[0]
      ?.slice("tm_fk=".length);
    await sleep(WINDOW_S * 1000 + 200);
    const resent = await postForm(`${server.url}/?index`, { ...fields, formKey: key ?? "" });
    expect(resent.status).toBe(302);
    expect((await storedLeads(data.dir)).map((lead) => lead.name)).toContain("Second <Sam>");
  });
});
