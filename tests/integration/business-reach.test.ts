/**
 * What a change to a business purges (decision 047), on PGlite and
 * PostgreSQL: the places it reaches by radius are the ones whose listings
 * show it (prosServing, the listings' query), to the place at the edge; a
 * 500-mile radius with all nine trades names neither Phoenix's nor
 * Chicago's pages; a change to a break says whether the pause line changed;
 * and a business changing its break too often is refused, in its language.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keysOfBusinesses } from "~/features/fresh-pages/business-pages.server";
import { BREAK_CHANGES, breakChangeRefused } from "~/features/marketplace/break-limit.server";
import { pauseUntil, resumeNow, setWeeklyLimit } from "~/features/marketplace/break.server";
import { dayOf } from "~/features/marketplace/pause";
import { prosServing } from "~/features/marketplace/serving-pros.server";
import { loadGazetteer, placesInReach, type Place } from "~/features/places/index.server";
import { areaKeys, listingKey, MAX_REACH_KEYS, searchKey } from "~/lib/cache-keys";
import { kmBetween, radiusKm } from "~/lib/distance";
import { DAY_MS } from "~/lib/retention";
import { CATEGORY_SLUGS } from "~/site";
import { contractors } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createBusiness, createPerson } from "../support/marketplace-factories";

/** The pages of a place and category a business on them would have to purge. */
const pagesOf = (place: Place, category: string) => [
  listingKey(place.slug, category),
  searchKey(place.slug),
  ...areaKeys(place, category),
];

describe("a business's reach by radius", () => {
  it("stays in the business's country, its radius in its unit", async () => {
    const windsor = await placesInReach({
      basePlace: "windsor-on",
      serviceRadius: 50,
      radiusUnit: "km",
      country: "CA",
    });
    const slugs = windsor.map((place) => place.slug);
    expect(slugs).toContain("windsor-on");
    // Detroit is across the river, in another country: its listings never show the business.
    expect(slugs).not.toContain("detroit-mi");
    expect(windsor.every((place) => place.country === "CA")).toBe(true);
  });
});

describe.each(DATABASE_TARGETS)("a business's reach on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function travelling(radius: number, categories: readonly string[] = ["roofing"]) {
    const owner = await createPerson(db());
    const business = await createBusiness(db(), owner);
    await db()
      .update(contractors)
      .set({ basePlace: "denver-co", serviceRadius: radius, categories: [...categories] })
      .where(eq(contractors.id, business.id));
    return { ...business, owner };
  }

  it("is the listings' own: the farthest place in reach lists it, the nearest beyond does not", async () => {
    const business = await travelling(60);
    const reach = await placesInReach({
      basePlace: "denver-co",
      serviceRadius: 60,
      radiusUnit: "mi",
      country: "US",
    });
    const gazetteer = await loadGazetteer();
    const denver = gazetteer.bySlug("denver-co");
    if (!denver) throw new Error("Denver is in the gazetteer");
    const inReach = new Set(reach.map((place) => place.slug));
    const byDistance = (places: Place[]) =>
      places.sort((a, b) => kmBetween(denver, a) - kmBetween(denver, b));
    const farthest = byDistance([...reach]).slice(-3);
    const beyond = byDistance(
      gazetteer
        .near(denver, radiusKm(60, "mi") + 20)
        .filter((place) => !inReach.has(place.slug) && place.country === "US"),
    ).slice(0, 3);
    expect(farthest).toHaveLength(3);
    expect(beyond).toHaveLength(3);
    const keys = new Set(await keysOfBusinesses(db(), [business.id]));
    for (const [place, listed] of [
      ...farthest.map((place) => [place, true] as const),
      ...beyond.map((place) => [place, false] as const),
    ]) {
      const scope = { citySlug: place.slug, postalCode: null, service: "roofing" };
      const shown = await prosServing(db(), scope, null, Infinity, { keepPaused: true });
      expect(
        shown.some((pro) => pro.id === business.id),
        place.slug,
      ).toBe(listed);
      expect(
        pagesOf(place, "roofing").some((key) => keys.has(key)),
        place.slug,
      ).toBe(listed);
    }
  });

  it("names no page of Phoenix or Chicago for 500 miles around Denver, all nine trades", async () => {
    const business = await travelling(500, CATEGORY_SLUGS);
    const keys = await keysOfBusinesses(db(), [business.id]);
    expect(keys.length).toBeLessThanOrEqual(MAX_REACH_KEYS + 40);
    expect(keys.filter((key) => key.startsWith("category:"))).toEqual([]);
    const gazetteer = await loadGazetteer();
    const named = new Set(keys);
    for (const slug of ["phoenix-az", "chicago-il", "houston-tx"]) {
      const place = gazetteer.bySlug(slug);
      if (!place) throw new Error(`${slug} is in the gazetteer`);
      for (const category of CATEGORY_SLUGS) {
        expect(pagesOf(place, category).filter((key) => named.has(key))).toEqual([]);
      }
    }
    const springs = gazetteer.bySlug("colorado-springs-co");
    if (!springs) throw new Error("Colorado Springs is in the gazetteer");
    expect(pagesOf(springs, "plumbing").some((key) => named.has(key))).toBe(true);
  });

  it("says whether a change to the break changed the pause line the public reads", async () => {
    const business = await travelling(25);
    const { userId } = business.owner;
    const now = new Date();
    const until = dayOf(new Date(now.getTime() + 7 * DAY_MS));
    const later = dayOf(new Date(now.getTime() + 9 * DAY_MS));
    const changes: [string, () => Promise<{ shownChanged: boolean }>, boolean][] = [
      ["resume, not paused", () => resumeNow(db(), userId, business.id, now), false],
      ["a limit not reached", () => setWeeklyLimit(db(), userId, business.id, 5, now), false],
      ["a pause", () => pauseUntil(db(), userId, business.id, until, now), true],
      ["the same pause", () => pauseUntil(db(), userId, business.id, until, now), false],
      ["a later day", () => pauseUntil(db(), userId, business.id, later, now), true],
      ["no limit, paused", () => setWeeklyLimit(db(), userId, business.id, null, now), false],
      ["resume", () => resumeNow(db(), userId, business.id, now), true],
    ];
    for (const [what, change, shown] of changes) {
      expect((await change()).shownChanged, what).toBe(shown);
    }
    // A pause shows on listings, searches and the profile, not on city pages.
    const keys = await keysOfBusinesses(db(), [business.id], "pause");
    expect(keys).toContain("listing:denver-co:roofing");
    expect(keys.filter((key) => key.startsWith("city:"))).toEqual([]);
  });

  it("refuses a change past a few a minute, saying when, in the business's language", async () => {
    const business = await travelling(25);
    for (let change = 0; change < BREAK_CHANGES.minute.max; change++) {
      expect(await breakChangeRefused(db(), business.id, "en")).toBeNull();
    }
    const refused = await breakChangeRefused(db(), business.id, "fr");
    expect(refused?.retryAfterS).toBeGreaterThan(0);
    expect(refused?.message).toMatch(/^Vous avez modifié votre pause 5 fois en une minute\./);
    const spanish = await breakChangeRefused(db(), business.id, "es");
    expect(spanish?.message).toMatch(/^Ha cambiado su pausa 5 veces en un minuto\./);
    // Another business's changes are its own.
    expect(await breakChangeRefused(db(), (await travelling(25)).id, "en")).toBeNull();
  });
});
