/**
 * /pro/break over HTTP, as a browser without JavaScript posts it, on
 * PostgreSQL: a bad day or limit comes back beside its field with what was
 * typed, nothing stored; a good pause and limit are stored and shown; the
 * pause ends with "Resume now". Another person's business is the 404, on
 * the page and on every post. A listing's request page for a paused business
 * says until when, and a post to it is refused, naming it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "~/features/marketplace/pause";
import { DAY_MS } from "~/lib/retention";
import { contractors } from "../../database/schema";
import { postForm } from "../support/console";
import { createBusiness } from "../support/marketplace-factories";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

const baseUrl = process.env.TEST_DATABASE_URL;

const ENTITIES = { "<!-- -->": "", "&#x27;": "'", "&quot;": '"', "&amp;": "&" };
const decoded = (html: string) =>
  Object.entries(ENTITIES).reduce((text, [from, to]) => text.replaceAll(from, to), html);

describe.runIf(baseUrl)("taking a break over HTTP", () => {
  let site: PostgresSite;
  beforeAll(async () => {
    site = await startSiteOnPostgres();
  }, 120_000);
  afterAll(async () => {
    await site.stop();
  });

  const actor = (userId: string) => ({ userId, clientAddress: "203.0.113.9", userAgent: "test" });

  async function scene() {
    const [pro, stranger] = await Promise.all([signedInOn(site), signedInOn(site)]);
    const business = await createBusiness(site.db, actor(pro.userId), "Summit Ridge Roofing");
    return { pro, stranger, business, path: `/pro/break?business=${business.id}` };
  }

  const settings = async (id: string) => {
    const [row] = await site.db
      .select({ pausedUntil: contractors.pausedUntil, weeklyLimit: contractors.weeklyLimit })
      .from(contractors)
      .where(eq(contractors.id, id));
    return row;
  };

  it("refuses a bad day or limit beside its field, keeping what was typed", async () => {
    const { pro, business, path } = await scene();
    const page = await pro.jar.fetch(`${site.url}${path}`);
    expect(page.status).toBe(200);
    expect(decoded(await page.text())).toContain("You are taking new requests.");
    const today = dayOf(new Date());
    const cases: [string, string][] = [
      [today, "Choose a day after today."],
      [dayOf(new Date(Date.now() + 400 * DAY_MS)), "Choose a day within a year."],
      ["2027-02-30", "Enter the day you take new requests again."],
      ["next week", "Enter the day you take new requests again."],
    ];
    for (const [until, message] of cases) {
      const answer = await postForm(pro.jar, site.url, path, { intent: "pause", until });
      expect(answer.status, until).toBe(400);
      const html = decoded(await answer.text());
      expect(html).toContain(message);
      expect(html).toMatch(new RegExp(`id="pause-until"[^>]*value="${until}"`));
      expect(html).toContain('aria-invalid="true"');
    }
    for (const limit of ["0", "101", "ten", "2.5"]) {
      const answer = await postForm(pro.jar, site.url, path, {
        intent: "limit",
        weeklyLimit: limit,
      });
      expect(answer.status, limit).toBe(400);
      const html = decoded(await answer.text());
      expect(html).toContain("Enter a whole number from 1 to 100, or leave it empty for no limit.");
      expect(html).toMatch(new RegExp(`id="limit-weeklyLimit"[^>]*value="${limit}"`));
    }
    expect(await settings(business.id)).toEqual({ pausedUntil: null, weeklyLimit: null });
  });

  it("stores a pause and a limit, shows them, and resumes now", async () => {
    const { pro, business, path } = await scene();
    const until = dayOf(new Date(Date.now() + 7 * DAY_MS));
    const paused = await postForm(pro.jar, site.url, path, { intent: "pause", until });
    expect(paused.status).toBe(302);
    expect(paused.headers.get("location")).toBe(`/pro/break?business=${business.id}&done=pause`);
    const limited = await postForm(pro.jar, site.url, path, {
      intent: "limit",
      weeklyLimit: " 5 ",
    });
    expect(limited.status).toBe(302);
    expect(await settings(business.id)).toEqual({ pausedUntil: until, weeklyLimit: 5 });
    const html = decoded(await (await pro.jar.fetch(`${site.url}${path}&done=pause`)).text());
    expect(html).toContain("Your pause is saved.");
    expect(html).toMatch(/Paused until \w+day, .+\. Homeowners can choose you again/);
    expect(html).toContain("New requests this week: 0 of 5.");
    // Listings keep it, saying until when; its buttons are refused by name.
    const [row] = await site.db
      .select({ slug: contractors.slug })
      .from(contractors)
      .where(eq(contractors.id, business.id));
    const profile = decoded(await (await fetch(`${site.url}/pros/${row?.slug ?? ""}`)).text());
    expect(profile).toContain("Not taking new requests until");
    // Its request page says until when instead of asking, and a post to it is refused by name.
    const request = `/denver-co/roofing/request?pro=${row?.slug ?? ""}&kind=quote`;
    const asking = decoded(await (await pro.jar.fetch(`${site.url}${request}`)).text());
    expect(asking).toContain("Not taking new requests until");
    expect(asking).not.toContain('name="details"');
    const listing = await postForm(pro.jar, site.url, request, {
      intent: "listing",
      kind: "quote",
      contractorId: business.id,
      service: "roofing",
      postalCode: "80205",
      details: "A loose gutter.",
      consent: "on",
    });
    expect(listing.status).toBe(409);
    expect(decoded(await listing.text())).toContain(
      "Summit Ridge Roofing is not taking new requests until",
    );

    expect((await postForm(pro.jar, site.url, path, { intent: "resume" })).status).toBe(302);
    expect(
      (await postForm(pro.jar, site.url, path, { intent: "limit", weeklyLimit: "" })).status,
    ).toBe(302);
    expect(await settings(business.id)).toEqual({ pausedUntil: null, weeklyLimit: null });
  });

  it("answers 404 for another person's business, on the page and every post", async () => {
    const { stranger, business, path } = await scene();
    expect((await stranger.jar.fetch(`${site.url}${path}`)).status).toBe(404);
    const posts: Record<string, string>[] = [
      { intent: "pause", until: dayOf(new Date(Date.now() + 7 * DAY_MS)) },
      { intent: "resume" },
      { intent: "limit", weeklyLimit: "3" },
    ];
    for (const fields of posts) {
      expect((await postForm(stranger.jar, site.url, path, fields)).status).toBe(404);
    }
    const unknown = `/pro/break?business=${crypto.randomUUID()}`;
    expect((await stranger.jar.fetch(`${site.url}${unknown}`)).status).toBe(404);
    expect((await stranger.jar.fetch(`${site.url}/pro/break?business=nope`)).status).toBe(404);
    expect(await settings(business.id)).toEqual({ pausedUntil: null, weeklyLimit: null });
  });
});
