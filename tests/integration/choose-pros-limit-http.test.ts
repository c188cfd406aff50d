/**
 * The choice of pros without JavaScript (issue 33): the page is an ordinary
 * GET form, so nothing stops a fourth tick in the browser; the server's
 * answer refuses it beside the list ("You ticked 4 pros; choose at most 3"),
 * tied to the list, with every tick kept. With places already used, "at most"
 * is what remains; and the refusal reads in the page's language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinAsDenverRoofer } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { quoteFields } from "../support/factories";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PROS = [
  "Alder Roofing Limit",
  "Beech Roofing Limit",
  "Cherry Roofing Limit",
  "Date Roofing Limit",
];

describe("ticking more pros than places left, without JavaScript", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const homeowner = new CookieJar();
  let leadId = "";
  const ids: string[] = [];

  const post = (jar: CookieJar, path: string, fields: Record<string, string>) =>
    jar.fetch(`${server.url}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });

  const page = async (query: string, prefix = "") => {
    const response = await homeowner.fetch(
      `${server.url}${prefix}/dashboard/projects/${leadId}/pros?${query}`,
    );
    expect(response.status).toBe(200);
    return response.text();
  };

  const ticks = (chosen: string[]) => ["review=1", ...chosen.map((id) => `pro=${id}`)].join("&");

  /** The list's fieldset, and the text of what its aria-describedby names. */
  function list(html: string) {
    const fieldset = /<fieldset[^>]*>/.exec(html)?.[0] ?? "";
    const ids = /aria-describedby="([^"]*)"/.exec(fieldset)?.[1]?.split(/\s+/) ?? [];
    const described = ids
      .map((id) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? "")
      .join(" ");
    const checked = (id: string) =>
      new RegExp(`<input[^>]*value="${id}"[^>]*>`).exec(html)?.[0]?.includes("checked") ?? false;
    return { fieldset, described, checked };
  }

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
      DEMO_ACCOUNTS_PER_HOUR: "1000",
    });
    expect((await signInLocally(homeowner, server.url)).status).toBe(302);
    for (const name of PROS) {
      const pro = new CookieJar();
      expect((await signInLocally(pro, server.url)).status).toBe(302);
      const joined = await joinAsDenverRoofer(pro, server.url, name);
      expect(joined.status, await joined.clone().text()).toBe(302);
    }
    const added = await post(
      homeowner,
      "/dashboard/new",
      quoteFields({ intent: "project", formKey: undefined }),
    );
    leadId =
      new RegExp(`/dashboard/projects/(${UUID})/pros`).exec(
        added.headers.get("location") ?? "",
      )?.[1] ?? "";
    expect(leadId).not.toBe("");
    const html = await page("");
    for (const name of PROS) {
      const id = new RegExp(`<span id="pro-(${UUID})-name">${name}<`).exec(html)?.[1];
      if (!id) throw new Error(`${name} is not offered`);
      ids.push(id);
    }
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("refuses a fourth tick beside the list, keeping every tick", async () => {
    const html = await page(ticks(ids));
    expect(html).not.toContain('name="consent"');
    const { fieldset, described, checked } = list(html);
    expect(described).toContain("You ticked 4 pros; choose at most 3.");
    expect(fieldset).toContain("pros-error");
    // Beside the list: inside the group it is about, after the last pro.
    const refusal = html.indexOf('id="pros-error"');
    expect(refusal).toBeGreaterThan(html.indexOf(`value="${ids[3]}"`));
    expect(refusal).toBeLessThan(html.indexOf("</fieldset>"));
    expect(ids.map(checked)).toEqual([true, true, true, true]);
    const first = new RegExp(`<input[^>]*value="${ids[0]}"[^>]*>`).exec(html)?.[0];
    expect(first).toContain('aria-invalid="true"');
    // Nothing is disabled in the server's HTML: the server's answer is the limit.
    expect(html).not.toMatch(/<input[^>]*type="checkbox"[^>]*disabled/);
  });

  it("says it in the page's language", async () => {
    expect(list(await page(ticks(ids), "/es")).described).toContain(
      "Marcó 4 profesionales; elija como máximo 3.",
    );
    expect(list(await page(ticks(ids), "/fr")).described).toContain(
      "Vous avez coché 4 pros; choisissez-en au plus 3.",
    );
  });

  it("accepts three, and counts the places already used", async () => {
    const three = await page(ticks(ids.slice(0, 3)));
    expect(three).toContain('name="consent"');
    expect(three).not.toContain("You ticked");

    const review = await page(ticks([ids[0] ?? ""]));
    const consentText = /name="consentText" value="([^"]*)"/.exec(review)?.[1] ?? "";
    const sent = await post(homeowner, `/dashboard/projects/${leadId}/pros`, {
      pro: ids[0] ?? "",
      consent: "on",
      consentText: consentText.replaceAll("&amp;", "&").replaceAll("&#x27;", "'"),
    });
    expect(sent.headers.get("location")).toBe(`/dashboard/projects/${leadId}?sent=1`);

    const html = await page(ticks(ids.slice(1)));
    const { described, checked } = list(html);
    expect(described).toContain("You ticked 3 pros; choose at most 2.");
    expect(ids.slice(1).map(checked)).toEqual([true, true, true]);
  });
});
