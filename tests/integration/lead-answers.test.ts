/**
 * A refused lead form, as a browser without JavaScript gets it back (issue
 * 43): the page opens where the answer is (the refused field, or else the
 * answer, has the focus; a form whose answer stays on the page also names
 * it as its action's fragment), every answer comes back
 * including the consent box, and a form refused once is not refused again by
 * the fill-time check: the answer's form key keeps the time the form was
 * first served. Over HTTP against the production build. Form keys are made
 * for the moment a test needs (the site's secret is the test's), so nothing
 * waits for the fill time to pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFormKey, verifyFormKey } from "~/features/leads/form-key.server";
import { SEND_AGAIN_MESSAGE } from "~/features/leads/lead-action.server";
import { MESSAGES } from "~/features/leads/lead-schema";
import { quoteFields, TEST_SECRET } from "../support/factories";
import { formKeyFrom, postForm } from "../support/http";
import { storedLeads } from "../support/operator";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

/** A minute: a test's own posts always come sooner than that after a key made "now". */
const FILL_MS = 60_000;
const escapeHtml = (text: string) => text.replace(/'/g, "&#x27;");

/** The form key the answer leaves in the browser: the last one it sets (a browser keeps that). */
function keyLeft(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith("tm_fk="))
    .at(-1);
  const key = cookie?.split(";")[0]?.slice("tm_fk=".length);
  if (!key) throw new Error("the answer set no form key");
  return key;
}

/** The consent box as the page draws it. */
const consentBox = (html: string) => /<input[^>]*name="consent"[^>]*>/.exec(html)?.[0] ?? "";

describe("a refused lead form's answer", () => {
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
      SESSION_SECRET: TEST_SECRET,
      FORM_MIN_FILL_MS: FILL_MS.toString(),
      RATE_LIMIT_MAX: "50",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("takes the corrected form at once: the refusal's key keeps when the form was served", async () => {
    const headers = asClient();
    const servedAt = Date.now() - 2 * FILL_MS;
    const fields = quoteFields({
      name: "Quick Fix Quinn",
      formKey: createFormKey(TEST_SECRET, servedAt),
    });
    const refused = await postForm(
      `${server.url}/?index`,
      { ...fields, email: "quinn@example" },
      headers,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(MESSAGES.email);
    const formKey = keyLeft(refused);
    expect(verifyFormKey(TEST_SECRET, formKey)?.issuedAt).toBe(servedAt);

    // Fixed and sent straight back, as a person does: taken, not "too fast".
    const fixed = await postForm(`${server.url}/?index`, { ...fields, formKey }, headers);
    expect(fixed.status).toBe(302);
    expect(await leadsNamed("Quick Fix Quinn")).toHaveLength(1);
  });

  it("still refuses a form sent sooner than the fill time, however often: the clock runs from the first serving", async () => {
    const headers = asClient();
    let formKey = createFormKey(TEST_SECRET, Date.now());
    const servedAt = verifyFormKey(TEST_SECRET, formKey)?.issuedAt;
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await postForm(
        `${server.url}/?index`,
        quoteFields({ name: "Bot Bertie", formKey }),
        headers,
      );
      expect(refused.status, `attempt ${attempt.toString()}`).toBe(400);
      expect(await refused.text()).toContain(escapeHtml(SEND_AGAIN_MESSAGE));
      formKey = keyLeft(refused);
      // Not a fresh key with a new time: the one the form was first served with.
      expect(verifyFormKey(TEST_SECRET, formKey)?.issuedAt).toBe(servedAt);
    }
    expect(await leadsNamed("Bot Bertie")).toEqual([]);
  });

  it("starts the count at the answer for a post that had no form key at all", async () => {
    const headers = asClient();
    const before = Date.now();
    const refused = await postForm(
      `${server.url}/?index`,
      quoteFields({ name: "Cookieless Cam", formKey: undefined }),
      headers,
    );
    expect(refused.status).toBe(400);
    expect(verifyFormKey(TEST_SECRET, keyLeft(refused))?.issuedAt).toBeGreaterThanOrEqual(before);
  });

  it("brings back every answer with the consent box ticked as it was sent", async () => {
    const ripe = createFormKey(TEST_SECRET, Date.now() - 2 * FILL_MS);
    const refused = await postForm(
      `${server.url}/?index`,
      quoteFields({ formKey: ripe, name: "Tina Ticked", phone: "555" }),
      asClient(),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('value="Tina Ticked"');
    expect(html).toContain("Shingles blew off in last night");
    expect(consentBox(html)).toContain('checked=""');

    // Unticked, it comes back unticked (and says so beside the box).
    const unticked = await (
      await postForm(
        `${server.url}/?index`,
        quoteFields({ formKey: ripe, consent: undefined }),
        asClient(),
      )
    ).text();
    expect(consentBox(unticked)).not.toContain("checked");
    expect(unticked).toContain(MESSAGES.consent);
  });

  it("leaves the box unticked when the consent text changed since the form was shown", async () => {
    const html = await (
      await postForm(
        `${server.url}/?index`,
        quoteFields({
          formKey: createFormKey(TEST_SECRET, Date.now() - 2 * FILL_MS),
          consentVersion: "an-older-text",
        }),
        asClient(),
      )
    ).text();
    expect(html).toContain("The consent text has changed since this page was opened");
    expect(consentBox(html)).not.toContain("checked");
  });

  it("opens on the answer: it takes the focus when no field is refused, else the field does", async () => {
    // A form whose answer stays on the page names it; one whose success redirects does not
    // (the next page's address would keep the fragment).
    const page = await (await fetch(`${server.url}/`)).text();
    expect(page).toMatch(/<form[^>]*action="\/\?index#callback-answer"/);
    expect(page).toMatch(/<form[^>]*action="\/\?index"/);
    const city = await (await fetch(`${server.url}/denver-co`)).text();
    expect(city).toMatch(/<form[^>]*action="\/denver-co#consultation-answer"/);

    // Too fast: no field is wrong, so the answer itself takes the focus.
    const tooFast = await (
      await postForm(
        `${server.url}/?index`,
        quoteFields({ formKey: await formKeyFrom(server.url) }),
        asClient(),
      )
    ).text();
    expect(tooFast).toMatch(/<p id="quote-answer" tabindex="-1" autofocus="" role="alert"/);
    expect(tooFast).toContain(escapeHtml(SEND_AGAIN_MESSAGE));

    // A refused field: the answer names no target, so the field keeps its autofocus.
    const wrongEmail = await (
      await postForm(
        `${server.url}/?index`,
        quoteFields({
          formKey: createFormKey(TEST_SECRET, Date.now() - 2 * FILL_MS),
          email: "no-at-sign",
        }),
        asClient(),
      )
    ).text();
    expect(wrongEmail).not.toContain('id="quote-answer"');
    expect(wrongEmail).toMatch(
      /<input[^>]*id="quote-email"[^>]*autofocus=""|<input[^>]*autofocus=""[^>]*id="quote-email"/,
    );
  });
});
