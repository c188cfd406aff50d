/**
 * Ratings where people see them (issue 22), rendered by the production
 * server on each database: a listing's card, the city page, the choose-pros
 * step and the My Projects card show "No reviews yet" for a real business
 * before its first review, and the mean and count of its published verified
 * reviews after; sample listings' figures are labelled sample everywhere;
 * the listing's JSON-LD has an aggregateRating only from verified reviews.
 *
 * The site is stopped while the test writes rows (PGlite's files belong to
 * one process), and each start renders the pages afresh (no page cache
 * carried over).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/features/auth/session.server";
import type { Actor } from "~/features/marketplace/requests.server";
import { openDatabase, type Database } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { createPostgresDatabase } from "../support/databases";
import { createBusiness, createPerson, createRequest } from "../support/marketplace-factories";
import { completedHire, insertReview, type Hire } from "../support/review-factories";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

/** A site that can be stopped while the test writes to its database. */
interface Site {
  name: string;
  url(): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  withDb<T>(work: (db: Database) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

const SERVER_ENV = { DEMO_ACCOUNTS_PER_HOUR: "1000", RATE_LIMIT_MAX: "100000" };

function siteOn(
  name: string,
  databaseUrl: () => Promise<{ url?: string; drop?(): Promise<void> }>,
) {
  const data = freshDataDir();
  let server: SiteServer | undefined;
  let database: { url?: string; drop?(): Promise<void> } | undefined;
  const site: Site = {
    name,
    url: () => server?.url ?? "",
    async start() {
      database ??= await databaseUrl();
      server = await startSite({
        DATA_DIR: data.dir,
        ...SERVER_ENV,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      });
    },
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async withDb(work) {
      const handle = database?.url
        ? await openDatabase({ url: database.url, maxConnections: 1 })
        : await openDatabase({ dataDir: data.dir, maxConnections: 1 });
      try {
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    },
    async dispose() {
      await site.stop();
      await database?.drop?.();
      data.remove();
    },
  };
  return site;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const SITES: { name: string; make: () => Site }[] = [
  { name: "pglite", make: () => siteOn("pglite", () => Promise.resolve({})) },
  ...(testDatabaseUrl
    ? [
        {
          name: "postgresql",
          make: () => siteOn("postgresql", () => createPostgresDatabase(testDatabaseUrl)),
        },
      ]
    : []),
];

/** The page's text as a browser shows it (React marks where texts join; entities). */
const ENTITIES = { "<!-- -->": "", "&#x27;": "'", "&quot;": '"', "&amp;": "&" };
const decoded = (html: string) =>
  Object.entries(ENTITIES).reduce((text, [from, to]) => text.replaceAll(from, to), html);

/** From the first `start` to the next `end` after it; fails when `start` is missing. */
function part(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  if (from === -1) throw new Error(`${start} is not on the page`);
  const to = html.indexOf(end, from);
  return html.slice(from, to === -1 ? undefined : to + end.length);
}

/** Every piece of `html` from each `start` to the next `end`. */
function parts(html: string, start: string, end: string): string[] {
  return html
    .split(start)
    .slice(1)
    .map((rest) => start + rest.slice(0, rest.indexOf(end) + end.length));
}

type JsonLd = Record<string, unknown>;
function jsonLdBlocks(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "") as JsonLd,
  );
}

const LISTING = "/denver-co/roof-repair";
const CITY = "/denver-co";

describe.each(SITES)("ratings shown on $name", ({ make }) => {
  const site = make();
  const homeowner = new CookieJar();
  let business: { id: string; name: string; slug: string };
  let hires: Hire[] = [];
  let draftId = "";

  /** The four places, as the signed-in homeowner and a visitor get them. */
  async function pages() {
    const get = async (path: string, jar?: CookieJar) => {
      const response = jar
        ? await jar.fetch(`${site.url()}${path}`)
        : await fetch(`${site.url()}${path}`);
      expect(response.status, path).toBe(200);
      return decoded(await response.text());
    };
    const listing = await get(LISTING);
    const city = await get(CITY);
    const choice = await get(`/dashboard/projects/${draftId}/pros`, homeowner);
    const projects = await get("/dashboard", homeowner);
    const hiredLead = hires[0]?.leadId ?? "";
    return {
      listing,
      card: part(listing, `aria-labelledby="contractor-${business.slug}"`, "</article>"),
      sampleCards: parts(listing, "<article", "</article>").filter((card) =>
        card.includes("Sample listing"),
      ),
      jsonLd: jsonLdBlocks(listing),
      city,
      tile: part(city, `href="/pros/${business.slug}"`, "</a>"),
      cityTiles: parts(city, 'href="/pros/', "</a>"),
      choice,
      facts: part(choice, `id="pro-${business.id}-facts"`, "</ul>"),
      projects,
      projectCard: part(projects, `aria-labelledby="project-${hiredLead}"`, "</article>"),
    };
  }

  const businessJsonLd = (blocks: JsonLd[]) => blocks.find((block) => block.name === business.name);

  beforeAll(async () => {
    await site.start();
    expect((await signInLocally(homeowner, site.url())).status).toBe(302);
    await site.stop();
    await site.withDb(async (db) => {
      const env = parseEnv({ NODE_ENV: "test" });
      const request = new Request("http://localhost/", { headers: { cookie: homeowner.header() } });
      const user = await getSessionUser(db, env, request);
      if (!user) throw new Error("the homeowner is not signed in");
      const me: Actor = { userId: user.id, clientAddress: "203.0.113.9", userAgent: "test" };
      const pro = await createPerson(db, "Ana Pro");
      const created = await createBusiness(db, pro, "Peak Line Roofing Ratings");
      business = { ...created, slug: `business-${created.id}` };
      // The homeowner's own hire (their My Projects card), and another homeowner's.
      hires = [
        await completedHire(db, { business: created, pro, homeowner: me }),
        await completedHire(db, { business: created, pro }),
      ];
      draftId = await createRequest(db, me);
    });
    await site.start();
  }, 240_000);
  afterAll(async () => {
    await site.dispose();
  }, 60_000);

  it("shows a real business without reviews as such, and sample figures as sample", async () => {
    const seen = await pages();
    expect(seen.card).toContain("No reviews yet");
    expect(seen.card).not.toContain("Rated ");
    expect(seen.tile).toContain("No reviews yet");
    expect(seen.facts).toContain("No reviews yet");
    expect(seen.projectCard).toContain(business.name);
    expect(seen.projectCard).toContain("No reviews yet");
    expect(businessJsonLd(seen.jsonLd)).toBeDefined();
    expect(businessJsonLd(seen.jsonLd)).not.toHaveProperty("aggregateRating");

    // Sample listings: their figures, labelled, never marked up.
    expect(seen.sampleCards.length).toBeGreaterThan(0);
    for (const card of seen.sampleCards) {
      expect(card).toMatch(/\(\d[\d,]* reviews, sample\)/);
      expect(card).toMatch(
        /aria-label="Rated \d\.\d out of 5 from [\d,]+ reviews \(sample rating\)"/,
      );
    }
    const sampleTiles = seen.cityTiles.filter((tile) => !tile.includes(business.slug));
    expect(sampleTiles.length).toBeGreaterThan(0);
    for (const tile of sampleTiles) expect(tile).toMatch(/\d\.\d \(\d[\d,]* reviews, sample\)/);
    expect(seen.choice).toMatch(/\d\.\d \(\d[\d,]* reviews, sample\)/);
    // The demo account's sample projects: hired sample listings, labelled.
    expect(seen.projects).toContain("(sample rating)");
    for (const block of seen.jsonLd) expect(block).not.toHaveProperty("aggregateRating");
    // Real before sample: the business is the first card, tile and choice.
    expect(seen.listing.indexOf(seen.card)).toBeLessThan(
      seen.listing.indexOf(seen.sampleCards[0] ?? ""),
    );
    expect(seen.cityTiles[0]).toContain(business.slug);
    expect(seen.choice.indexOf(`pro-${business.id}-name`)).toBeLessThan(
      seen.choice.indexOf("Sample listing"),
    );
    // Where the order and the rules are published.
    expect(seen.listing).toContain('href="/how-we-rank-pros"');
    expect(seen.listing).toContain('href="/review-policy"');
    expect(seen.choice).toContain('href="/how-we-rank-pros"');
    expect(seen.city).toContain('href="/how-we-rank-pros"');
  });

  it("shows the verified mean and count once reviews are published, and marks up only those", async () => {
    await site.stop();
    await site.withDb(async (db) => {
      const [mine, theirs] = hires;
      if (!mine || !theirs) throw new Error("no hires");
      await insertReview(db, mine, { stars: 5 });
      await insertReview(db, theirs, { stars: 4 });
    });
    await site.start();
    const seen = await pages();
    const label = 'aria-label="Rated 4.5 out of 5 from 2 reviews"';
    expect(seen.card).toContain(label);
    expect(seen.card).toContain("(2 reviews)");
    expect(seen.card).not.toContain("No reviews yet");
    expect(seen.card).not.toContain("sample");
    expect(seen.tile).toContain("4.5 (2 reviews)");
    expect(seen.tile).not.toContain("No reviews yet");
    expect(seen.facts).toContain("4.5 (2 reviews)");
    expect(seen.facts).not.toContain("sample");
    expect(seen.projectCard).toContain(label);
    expect(seen.projectCard).not.toContain("No reviews yet");
    expect(businessJsonLd(seen.jsonLd)).toMatchObject({
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
    const marked = seen.jsonLd.filter((block) => "aggregateRating" in block);
    expect(marked.map((block) => block.name)).toEqual([business.name]);
  });
});
