/**
 * The answer figures where people see them (issue 33), rendered by the
 * production server: a business's profile, its listing card and its card in
 * the choose-pros step say the same sentence of the same count, in each
 * language; a business with fewer than 5 requests says "New on TradeMatch";
 * sample listings say they have none. The data test (answer-rates.test.ts)
 * counts the edges by hand on both databases; this one reads the pages.
 *
 * The site is stopped while the test writes rows (PGlite's files belong to
 * one process), and started again to render them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/features/auth/session.server";
import { openDatabase } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { sendParts, type Part } from "../support/answer-factories";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { between, pageText } from "../support/http";
import { createBusiness, createPerson, createRequest } from "../support/marketplace-factories";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Six requests that count: five answered in 2 hours, one not answered in time. */
const PARTS: Part[] = [
  ...Array.from({ length: 5 }, (_, i) => ({
    arrived: (3 + i) * DAY,
    state: "accepted" as const,
    answeredAfter: 2 * HOUR,
  })),
  { arrived: 10 * DAY, state: "no_answer" },
];
// 5 of 6 in time (0.83: 8 in 10), a median of 2 hours.
const LINES = {
  en: "Usually answers within 2 hours · answers 8 in 10 requests",
  es: "Suele responder en menos de 2 horas · responde 8 de cada 10 solicitudes",
  fr: "Répond habituellement en 2 heures ou moins · répond à 8 demandes sur 10",
};

describe("answer figures on the pages", () => {
  const data = freshDataDir();
  let server: SiteServer | undefined;
  const url = () => server?.url ?? "";
  const start = async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      DEMO_ACCOUNTS_PER_HOUR: "1000",
      RATE_LIMIT_MAX: "100000",
    });
  };
  const homeowner = new CookieJar();
  let counted = { id: "", slug: "" };
  let fresh = { id: "", slug: "" };
  let draftId = "";

  const get = async (path: string, jar?: CookieJar) => {
    const response = jar ? await jar.fetch(`${url()}${path}`) : await fetch(`${url()}${path}`);
    expect(response.status, path).toBe(200);
    return pageText(await response.text());
  };

  /** The business's line on its profile, its listing card and its choose-pros card. */
  async function seen(business: { id: string; slug: string }, prefix = "") {
    const profile = await get(`${prefix}/pros/${business.slug}`);
    const listing = await get(`${prefix}/denver-co/roof-repair`);
    const choice = await get(`${prefix}/dashboard/projects/${draftId}/pros`, homeowner);
    return {
      profile: between(profile, 'id="details-title"', "</section>"),
      card: between(listing, `aria-labelledby="contractor-${business.slug}"`, "</article>"),
      facts: between(choice, `id="pro-${business.id}-facts"`, "</ul>"),
      listing,
    };
  }

  beforeAll(async () => {
    await start();
    expect((await signInLocally(homeowner, url())).status).toBe(302);
    await server?.stop();
    const handle = await openDatabase({ dataDir: data.dir, maxConnections: 1 });
    try {
      const db = handle.db;
      const request = new Request("http://localhost/", { headers: { cookie: homeowner.header() } });
      const user = await getSessionUser(db, parseEnv({ NODE_ENV: "test" }), request);
      if (!user) throw new Error("the homeowner is not signed in");
      const pro = await createPerson(db, "Ana Pro");
      const a = await createBusiness(db, pro, "Aardvark Answers Roofing");
      const b = await createBusiness(db, pro, "Aaron Fresh Roofing");
      counted = { id: a.id, slug: `business-${a.id}` };
      fresh = { id: b.id, slug: `business-${b.id}` };
      const other = await createPerson(db, "Jordan Lee");
      for (const each of PARTS) {
        await sendParts(db, new Date(), other.userId, [{ contractorId: a.id, part: each }]);
      }
      // Four for the other: not enough to show.
      for (const each of PARTS.slice(0, 4)) {
        await sendParts(db, new Date(), other.userId, [{ contractorId: b.id, part: each }]);
      }
      draftId = await createRequest(db, {
        userId: user.id,
        clientAddress: "203.0.113.9",
        userAgent: "test",
      });
    } finally {
      await handle.close();
    }
    await start();
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    data.remove();
  }, 60_000);

  it("says the same sentence on the profile, the listing card and the choose-pros card", async () => {
    const pages = await seen(counted);
    expect(pages.profile).toContain(LINES.en);
    expect(pages.card).toContain(LINES.en);
    expect(pages.facts).toContain(LINES.en);
  });

  it("says it in Spanish and French too", async () => {
    for (const locale of ["es", "fr"] as const) {
      const pages = await seen(counted, `/${locale}`);
      expect(pages.profile).toContain(LINES[locale]);
      expect(pages.card).toContain(LINES[locale]);
      expect(pages.facts).toContain(LINES[locale]);
    }
  });

  it("says 'New on TradeMatch' below 5 requests, and no figures for sample listings", async () => {
    const pages = await seen(fresh);
    for (const place of [pages.profile, pages.card, pages.facts]) {
      expect(place).toContain("New on TradeMatch");
      expect(place).not.toContain("Usually answers");
    }
    // Each card alone: the sample listings' own heading follows the last real card.
    const samples = pages.listing
      .split("<article")
      .slice(1)
      .map((card) => card.split("</article>")[0] ?? "")
      .filter((card) => card.includes("Sample listing"));
    expect(samples.length).toBeGreaterThan(0);
    for (const card of samples) expect(card).toContain("No answer figures: sample listing");
  });
});
