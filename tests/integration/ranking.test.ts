/**
 * The published order on real data (issues 22 and 33), on each database:
 * verified reviews, the answer rate and the median time to answer (one
 * query, the requests of the last 90 days, once 5 of them count:
 * answer-rates.test.ts counts them by hand) and distance decide it, in the
 * choose-pros step, on listings and on city pages; real businesses before
 * sample listings; and the old rules of who is offered still hold.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractorsFor, contractorsInCity } from "~/features/contractors/contractors.server";
import { prosServing } from "~/features/marketplace/serving-pros.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import type { Database } from "~/lib/db.server";
import type { CategorySlug } from "~/site";
import { contractors, requestPros } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
} from "../support/marketplace-factories";
import { completedHire, insertReview } from "../support/review-factories";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Business {
  id: string;
  name: string;
  pro: Actor;
}

/** A real business of one trade listing Denver (no base city unless given), owned by a pro. */
async function business(
  db: Database,
  name: string,
  category: CategorySlug,
  changes: Partial<typeof contractors.$inferInsert> = {},
): Promise<Business> {
  const pro = await createPerson(db, "Ana Pro");
  const created = await createBusiness(db, pro, name);
  await db
    .update(contractors)
    .set({ categories: [category], ...changes })
    .where(eq(contractors.id, created.id));
  return { ...created, pro };
}

/** Published reviews of these stars, each from a homeowner who hired the business and completed. */
async function reviewed(db: Database, of: Business, stars: number[]): Promise<void> {
  for (const star of stars) {
    const hire = await completedHire(db, { business: of, pro: of.pro });
    await insertReview(db, hire, { stars: star });
  }
}

/**
 * Requests sent to the business, each answered after these hours, the
 * request sent `daysAgo` days back.
 */
async function answered(db: Database, to: Business, hours: number[], daysAgo = 1): Promise<void> {
  for (const after of hours) {
    const homeowner = await createPerson(db, "Jordan Lee");
    const leadId = await createRequest(db, homeowner);
    await sendToPros(db, homeowner, leadId, [to.id], consentFor(to), delivery);
    const consentAt = new Date(Date.now() - daysAgo * DAY_MS);
    await db
      .update(requestPros)
      .set({
        consentAt,
        respondedAt: new Date(consentAt.getTime() + after * HOUR_MS),
        answerBy: new Date(consentAt.getTime() + 48 * HOUR_MS),
      })
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, to.id)));
  }
}

/**
 * Every request the business had came 3 days ago and was answered after this
 * long, within its 48 hours (its median, whatever the count).
 */
async function allAnsweredIn(db: Database, of: Business, hours: number): Promise<void> {
  const came = sql`now() - interval '3 days'`;
  await db
    .update(requestPros)
    .set({
      consentAt: came,
      respondedAt: sql`${came} + make_interval(hours => ${hours})`,
      answerBy: sql`${came} + interval '48 hours'`,
    })
    .where(eq(requestPros.contractorId, of.id));
}

const offered = async (db: Database, service: string) =>
  (await prosServing(db, { citySlug: "denver-co", postalCode: null, service }, null)).map(
    (pro) => pro.name,
  );

describe.each(DATABASE_TARGETS)("the published order on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("puts a business that answers in time ahead of one that lets requests lapse", async () => {
    const reliable = await business(db(), "Zinc Reliable Gutters", "roofing");
    const lapsing = await business(db(), "Acorn Lapsing Gutters", "roofing");
    // The same speed, 5 requests each: one answers them all, the other 2 of 5.
    await answered(db(), reliable, [2, 2, 2, 2, 2], 3);
    await answered(db(), lapsing, [2, 2, 2, 2, 2], 3);
    await db()
      .update(requestPros)
      .set({ state: "no_answer", respondedAt: null, acceptedAt: null })
      .where(
        and(
          eq(requestPros.contractorId, lapsing.id),
          sql`${requestPros.leadId} in (select lead_id from request_pros where contractor_id = ${lapsing.id} limit 3)`,
        ),
      );
    const names = (await offered(db(), "roof-repair")).filter((name) => name.endsWith("Gutters"));
    expect(names).toEqual(["Zinc Reliable Gutters", "Acorn Lapsing Gutters"]);
    const offers = await prosServing(
      db(),
      { citySlug: "denver-co", postalCode: null, service: "roof-repair" },
      null,
    );
    expect(offers.find((pro) => pro.id === lapsing.id)?.answers).toEqual({
      shown: "counted",
      inTen: 4,
      // Two answers: too few for a usual time.
      within: null,
    });
  });

  it("puts a business with verified five-star reviews ahead of one without", async () => {
    const rated = await business(db(), "Zephyr Roofing Co", "general-contractors");
    const unrated = await business(db(), "Alpine Roofing Co", "general-contractors");
    // The same answers, the same place: only the reviews differ.
    await reviewed(db(), rated, [5, 5, 5]);
    await answered(db(), unrated, [1, 1, 1]);
    await allAnsweredIn(db(), rated, 2);
    await allAnsweredIn(db(), unrated, 2);
    // A suspended business with the best reviews is still offered to nobody.
    const suspended = await business(db(), "Aaron Suspended Co", "general-contractors");
    await reviewed(db(), suspended, [5, 5, 5, 5]);
    await db()
      .update(contractors)
      .set({ suspendedAt: new Date(), suspendedReason: "Test" })
      .where(eq(contractors.id, suspended.id));

    expect(await offered(db(), "general-contractors")).toEqual([
      "Zephyr Roofing Co",
      "Alpine Roofing Co",
    ]);
    const [first, second] = await prosServing(
      db(),
      { citySlug: "denver-co", postalCode: null, service: "general-contractors" },
      null,
    );
    // Each shows its own verified figures.
    expect(first).toMatchObject({ rating: 5, reviewCount: 3, isSample: false });
    expect(second).toMatchObject({ rating: 0, reviewCount: 0, isSample: false });
    const listing = await contractorsFor(db(), "denver-co", "general-contractors");
    expect(listing.map((card) => [card.name, card.rating, card.reviewCount])).toEqual([
      ["Zephyr Roofing Co", 5, 3],
      ["Alpine Roofing Co", 0, 0],
    ]);
  });

  it("puts a fast responder ahead of a slow one with the same reviews", async () => {
    const fast = await business(db(), "Zeta Plumbing", "plumbing");
    const slow = await business(db(), "Acme Plumbing", "plumbing");
    await reviewed(db(), fast, [4, 4, 4]);
    await reviewed(db(), slow, [4, 4, 4]);
    // Five requests each, so that their answers count; all answered in time.
    await answered(db(), fast, [1, 1], 3);
    await answered(db(), slow, [1, 1], 3);
    await allAnsweredIn(db(), fast, 1);
    await allAnsweredIn(db(), slow, 48);
    expect(await offered(db(), "plumbing")).toEqual(["Zeta Plumbing", "Acme Plumbing"]);
    // The listing, the same order.
    expect((await contractorsFor(db(), "denver-co", "plumbing")).map((c) => c.name)).toEqual([
      "Zeta Plumbing",
      "Acme Plumbing",
    ]);
  });

  it("puts the nearer ahead when all else is equal", async () => {
    const near = await business(db(), "Zenith Electric", "electrical", {
      citySlugs: ["denver-co"],
      basePlace: "denver-co",
    });
    const far = await business(db(), "Apex Electric", "electrical", {
      citySlugs: ["boulder-co"],
      basePlace: "boulder-co",
      serviceRadius: 50,
      radiusUnit: "mi",
    });
    expect(near.id).not.toBe(far.id);
    const pros = await prosServing(
      db(),
      { citySlug: "denver-co", postalCode: null, service: "electrical" },
      null,
    );
    expect(pros.map((pro) => pro.name)).toEqual(["Zenith Electric", "Apex Electric"]);
    // Based in the place asked about: said so, never "0 mi away" (issue 43).
    expect(pros[0]?.distance).toEqual({ kind: "based-in", place: "Denver, CO" });
    expect(pros[1]?.distance).toMatchObject({ kind: "away", unit: "mi" });
    const away = pros[1]?.distance;
    expect(away?.kind === "away" && away.value).toBeGreaterThan(15);
  });

  it("shows no distance for a business that gave no base city, nor for a sample, and ranks it as unknown", async () => {
    // Both list Denver only; one also gave Denver as its base city.
    await business(db(), "Aaron Pools", "pools", { citySlugs: ["denver-co"] });
    await business(db(), "Zora Pools", "pools", {
      citySlugs: ["denver-co"],
      basePlace: "denver-co",
    });
    await business(db(), "Sample Pools", "pools", {
      citySlugs: ["denver-co"],
      basePlace: "denver-co",
      isSample: true,
    });
    const pros = await prosServing(
      db(),
      { citySlug: "denver-co", postalCode: null, service: "pools" },
      null,
    );
    // The first city it lists is not where it is: unknown, counted as 20 km, so behind.
    expect(pros.map((pro) => [pro.name, pro.distance])).toEqual([
      ["Zora Pools", { kind: "based-in", place: "Denver, CO" }],
      ["Aaron Pools", null],
      ["Sample Pools", null],
    ]);
  });

  it("puts real businesses before sample listings, and orders samples by their sample figures", async () => {
    await business(db(), "Real New Painters", "paint");
    await business(db(), "Sample Good Painters", "paint", {
      isSample: true,
      rating: 4.5,
      reviewCount: 40,
      reviewStars: 180,
    });
    await business(db(), "Sample Best Painters", "paint", {
      isSample: true,
      rating: 4.9,
      reviewCount: 200,
      reviewStars: 980,
    });
    expect(await offered(db(), "paint")).toEqual([
      "Real New Painters",
      "Sample Best Painters",
      "Sample Good Painters",
    ]);
    const cards = await contractorsFor(db(), "denver-co", "paint");
    expect(cards.map((card) => [card.name, card.isSample, card.rating, card.reviewCount])).toEqual([
      ["Real New Painters", false, 0, 0],
      ["Sample Best Painters", true, 4.9, 200],
      ["Sample Good Painters", true, 4.5, 40],
    ]);
  });

  it("orders a city page the same way, measuring from that city", async () => {
    const golden = { citySlugs: ["golden-co"], basePlace: "golden-co" };
    const rated = await business(db(), "Zed Builders", "home-renovation", golden);
    await business(db(), "Able Builders", "home-renovation", golden);
    await business(db(), "Aardvark Builders", "home-renovation", {
      citySlugs: ["golden-co", "denver-co"],
      basePlace: "denver-co",
    });
    await business(db(), "Aa Sample Builders", "home-renovation", {
      ...golden,
      isSample: true,
      rating: 5,
      reviewCount: 300,
      reviewStars: 1500,
    });
    await business(db(), "Demo Builders", "home-renovation", { ...golden, demoOnly: true });
    await reviewed(db(), rated, [5, 5, 4]);
    // Three requests are too few for its answers to count: the reviews alone put it first.
    await allAnsweredIn(db(), rated, 24);
    const city = await contractorsInCity(db(), "golden-co");
    expect(city.map((card) => [card.name, card.rating, card.reviewCount])).toEqual([
      ["Zed Builders", 4.7, 3],
      ["Able Builders", 0, 0],
      ["Aardvark Builders", 0, 0],
      ["Aa Sample Builders", 5, 300],
    ]);
  });
});
