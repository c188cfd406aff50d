import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractorsFor, contractorsInCity } from "~/features/contractors/contractors.server";
import {
  businessJsonLd,
  businessSchemaType,
  profileBreadcrumbs,
} from "~/features/contractors/json-ld";
import { publicProfile, type PublicProfile } from "~/features/contractors/profile.server";
import { contractorSeeds, SAMPLE_CONTRACTOR } from "~/features/contractors/seed-data";
import { seedContractors } from "~/features/contractors/seed.server";
import { serializeJsonLd } from "~/features/seo/json-ld";
import { CATEGORY_SLUGS, POPULAR_CITIES, SERVICE_SLUGS, type CategorySlug } from "~/site";
import { photos } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createPerson } from "../support/marketplace-factories";
import { createProfile } from "../support/profile-factories";

const SITE = "https://trade-match.example";

/** The status of what `work` threw (a React Router data response), or "no error". */
async function statusThrown(work: Promise<unknown>): Promise<number | string> {
  try {
    await work;
  } catch (error) {
    if (typeof error === "object" && error !== null && "init" in error) {
      const init = (error as { init?: { status?: number } }).init;
      return init?.status ?? "no status";
    }
    throw error;
  }
  return "no error";
}

function jsonLdOf(profile: PublicProfile) {
  return businessJsonLd(profile, `${SITE}/pros/${profile.slug}`, SITE);
}

describe.each(DATABASE_TARGETS)("public business profiles on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
    await seedContractors(db());
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("shows everything a real business made public, its area in place names", async () => {
    const owner = await createPerson(db(), "Pat Pro");
    const business = await createProfile(db(), { ownerId: owner.userId });
    const profile = await publicProfile(db(), business.slug);
    expect(profile).toMatchObject({
      slug: business.slug,
      name: "Peak Line Roofing",
      description: "Roof repairs within a week; gutters too.",
      country: "US",
      isSample: false,
      claimed: true,
      demo: false,
      yearsInBusiness: 12,
      licence: { number: "RC-2024-0147", region: "CO", regionName: "Colorado" },
      insuranceCarrier: "Acme Mutual",
      hours: "Mon–Fri 7am–6pm",
      rating: null,
      contact: {
        phone: "+13035550147",
        email: `office-${business.id}@peakline.example`,
        address: "1200 Larimer St, Denver, CO 80202",
      },
      photos: [],
      gallery: [],
      listing: {
        path: "/aurora-co/roofing",
        city: { slug: "aurora-co", label: "Aurora, CO" },
        trade: { slug: "roofing", title: "Roofing" },
      },
    });
    expect(profile.trades).toEqual([
      {
        slug: "roofing",
        title: "Roofing",
        services: [
          { slug: "roof-repair", label: expect.any(String) as string },
          { slug: "gutter-installation", label: expect.any(String) as string },
        ],
      },
    ]);
    expect(profile.serviceArea).toMatchObject({
      places: [{ slug: "aurora-co", label: "Aurora, CO" }],
      radius: { distance: 30, unit: "mi", base: { slug: "denver-co", label: "Denver, CO" } },
      summary: "Within 30 mi of Denver, CO, and in Aurora, CO",
    });
    // Whose it is never leaves the server.
    expect(JSON.stringify(profile)).not.toContain(owner.userId);
  });

  it("leaves out the contact details the business does not show", async () => {
    const business = await createProfile(db(), {
      showPhone: false,
      showEmail: false,
      showAddress: false,
    });
    const profile = await publicProfile(db(), business.slug);
    expect(profile.contact).toEqual({ phone: null, email: null, address: null });
    const text = JSON.stringify(profile);
    expect(text).not.toContain("5550147");
    expect(text).not.toContain("peakline.example");
    expect(text).not.toContain("Larimer");
    const jsonLd = jsonLdOf(profile);
    expect(jsonLd).not.toHaveProperty("telephone");
    expect(jsonLd).not.toHaveProperty("email");
    expect(jsonLd).not.toHaveProperty("address");
  });

  it("lists every service of its trades when it named none, and a Canadian area in km", async () => {
    const business = await createProfile(db(), {
      categories: ["paint"],
      services: [],
      country: "CA",
      citySlugs: ["toronto-on"],
      basePlace: "toronto-on",
      serviceRadius: 50,
      radiusUnit: "km",
      licenceNumber: null,
      licenceRegion: null,
      insuranceCarrier: null,
      yearsInBusiness: null,
    });
    const profile = await publicProfile(db(), business.slug);
    expect(profile.trades[0]?.services.map((service) => service.slug)).toEqual(SERVICE_SLUGS.paint);
    expect(profile.serviceArea).toMatchObject({
      places: [],
      radius: { distance: 50, unit: "km", base: { label: "Toronto, ON" } },
      summary: "Within 50 km of Toronto, ON",
    });
    expect(profile).toMatchObject({ licence: null, insuranceCarrier: null, yearsInBusiness: null });
  });

  it("answers 404 for an unknown slug and for one that cannot be a slug", async () => {
    for (const slug of [
      "no-such-business",
      "Summit-Ridge-Construction",
      "../etc",
      "a".repeat(201),
    ]) {
      expect(await statusThrown(publicProfile(db(), slug))).toBe(404);
    }
  });

  it("shows the business seeded for a demo account to its owner only", async () => {
    const demoOwner = await createPerson(db(), "Jordan Rivera");
    const stranger = await createPerson(db());
    const business = await createProfile(db(), { ownerId: demoOwner.userId, demoOnly: true });
    expect(await statusThrown(publicProfile(db(), business.slug))).toBe(404);
    expect(
      await statusThrown(
        publicProfile(db(), business.slug, { viewerId: () => Promise.resolve(stranger.userId) }),
      ),
    ).toBe(404);
    const own = await publicProfile(db(), business.slug, {
      viewerId: () => Promise.resolve(demoOwner.userId),
    });
    expect(own).toMatchObject({ demo: true, claimed: true });
    // Nor, once its account is gone, to someone signed out.
    const orphan = await createProfile(db(), { ownerId: null, demoOnly: true });
    expect(
      await statusThrown(
        publicProfile(db(), orphan.slug, { viewerId: () => Promise.resolve(null) }),
      ),
    ).toBe(404);
    // Nor is it listed anywhere.
    const listed = await contractorsFor(db(), "denver-co", "roofing");
    expect(listed.map((card) => card.slug)).not.toContain(business.slug);
    const city = await contractorsInCity(db(), "denver-co");
    expect(city.map((card) => card.slug)).not.toContain(business.slug);
  });

  it("shows a sample listing as one, unclaimed, with its sample rating and gallery", async () => {
    const profile = await publicProfile(db(), SAMPLE_CONTRACTOR.slug);
    expect(profile).toMatchObject({
      isSample: true,
      claimed: false,
      rating: { value: 4.8, reviews: 127 },
      gallery: SAMPLE_CONTRACTOR.gallery,
      licence: { number: SAMPLE_CONTRACTOR.licenceNumber, region: "CO" },
    });
    expect(profile.trades.map((trade) => trade.slug)).toEqual(SAMPLE_CONTRACTOR.categories);
  });

  it("shows the photos of past work in order, up to 12, instead of a gallery", async () => {
    const business = await createProfile(db(), { gallery: ["projects/project-1"] });
    await db()
      .insert(photos)
      .values(
        Array.from({ length: 13 }, (_, position) => ({
          contractorId: business.id,
          position,
          webp: new Uint8Array([82, 73, 70, 70]),
          width: 1200,
          height: 900,
          caption: position === 0 ? "New ridge vent" : "",
        })),
      );
    const profile = await publicProfile(db(), business.slug);
    expect(profile.photos).toHaveLength(12);
    expect(profile.photos[0]).toMatchObject({
      width: 1200,
      height: 900,
      caption: "New ridge vent",
    });
    expect(profile.gallery).toEqual([]);
    expect(jsonLdOf(profile).image).toHaveLength(12);
  });

  it("lists a real business in its listings, first, with what its card may show", async () => {
    const business = await createProfile(db(), {
      name: "Aardvark Roofing",
      showEmail: false,
      services: ["roof-repair"],
    });
    const denver = await contractorsFor(db(), "denver-co", "roofing");
    expect(denver[0]).toMatchObject({
      slug: business.slug,
      isSample: false,
      owned: false,
      email: "",
      phone: "+13035550147",
    });
    expect(denver.filter((card) => card.isSample).length).toBeGreaterThan(0);
    // Served by its radius (Lakewood is not listed), and by service.
    const nearby = await contractorsFor(db(), "lakewood-co", "roofing", "roof-repair");
    expect(nearby.map((card) => card.slug)).toContain(business.slug);
    const other = await contractorsFor(db(), "denver-co", "roofing", "solar-roof");
    expect(other.map((card) => card.slug)).not.toContain(business.slug);
    expect(other.length).toBeGreaterThan(0);
    // Far away, it is not.
    const far = await contractorsFor(db(), "houston-tx", "roofing");
    expect(far.map((card) => card.slug)).not.toContain(business.slug);
  });
});

describe("a profile's JSON-LD", () => {
  const base: PublicProfile = {
    id: "2f1c6b0e-9d7a-4c1e-8b3f-5a6d7e8f9a0b",
    slug: "peak-line-roofing",
    name: "Peak Line Roofing",
    description: "Roof repairs.",
    country: "US",
    isSample: false,
    claimed: false,
    demo: false,
    trades: [],
    serviceArea: {
      places: [{ slug: "aurora-co", label: "Aurora, CO" }],
      radius: {
        distance: 10,
        unit: "mi",
        base: { slug: "denver-co", label: "Denver, CO", latitude: 39.74, longitude: -104.98 },
      },
      summary: "Within 10 mi of Denver, CO, and in Aurora, CO",
    },
    yearsInBusiness: null,
    licence: null,
    insuranceCarrier: null,
    hours: "",
    features: [],
    rating: null,
    answers: { shown: "new" },
    contact: { phone: "+13035550147", email: "office@peakline.example", address: null },
    photos: [],
    gallery: [],
    listing: null,
  };
  const withTrades = (...slugs: CategorySlug[]): PublicProfile => ({
    ...base,
    trades: slugs.map((slug) => ({ slug, title: slug, services: [] })),
  });

  const EXPECTED: Record<CategorySlug, string> = {
    "general-contractors": "GeneralContractor",
    "home-renovation": "HomeAndConstructionBusiness",
    roofing: "RoofingContractor",
    plumbing: "Plumber",
    electrical: "Electrician",
    landscaping: "HomeAndConstructionBusiness",
    pools: "HomeAndConstructionBusiness",
    "commercial-construction": "HomeAndConstructionBusiness",
    paint: "HousePainter",
  };

  it.each(CATEGORY_SLUGS.map((slug) => [slug, EXPECTED[slug]]))(
    "a %s business is a %s",
    (slug, type) => {
      expect(jsonLdOf(withTrades(slug))["@type"]).toBe(type);
    },
  );

  it("takes the primary (first) trade, and the parent type with none", () => {
    expect(businessSchemaType(withTrades("paint", "roofing").trades)).toBe("HousePainter");
    expect(businessSchemaType([])).toBe("HomeAndConstructionBusiness");
  });

  it("names the business, its page, the shown contacts and the area served", () => {
    expect(jsonLdOf(withTrades("roofing"))).toEqual({
      "@context": "https://schema.org",
      "@type": "RoofingContractor",
      "@id": `${SITE}/pros/peak-line-roofing#business`,
      name: "Peak Line Roofing",
      url: `${SITE}/pros/peak-line-roofing`,
      description: "Roof repairs.",
      telephone: "+13035550147",
      email: "office@peakline.example",
      areaServed: [
        {
          "@type": "GeoCircle",
          geoMidpoint: { "@type": "GeoCoordinates", latitude: 39.74, longitude: -104.98 },
          geoRadius: 16093,
        },
        { "@type": "City", name: "Aurora, CO" },
      ],
    });
  });

  it("has no aggregateRating for a sample listing or a business without reviews", () => {
    const sample = {
      ...withTrades("roofing"),
      isSample: true,
      rating: { value: 4.8, reviews: 127 },
    };
    expect(jsonLdOf(sample)).not.toHaveProperty("aggregateRating");
    expect(jsonLdOf(withTrades("roofing"))).not.toHaveProperty("aggregateRating");
    expect(
      jsonLdOf({ ...withTrades("roofing"), rating: { value: 0, reviews: 0 } }),
    ).not.toHaveProperty("aggregateRating");
  });

  it("carries verified reviews as Review items, and none for a sample listing", () => {
    const reviews = [
      {
        authorName: "Jordan L.",
        stars: 4,
        body: "New flashing and no more leak.",
        createdAt: "2026-11-20T15:00:00.000Z",
      },
    ];
    const real = { ...withTrades("roofing"), rating: { value: 4, reviews: 1 } };
    const made = businessJsonLd(real, `${SITE}/pros/${real.slug}`, SITE, reviews);
    expect(made).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 },
      review: [
        {
          "@type": "Review",
          author: { "@type": "Person", name: "Jordan L." },
          datePublished: "2026-11-20",
          reviewBody: "New flashing and no more leak.",
          reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
        },
      ],
    });
    const sample = { ...real, isSample: true };
    const none = businessJsonLd(sample, `${SITE}/pros/${sample.slug}`, SITE, reviews);
    expect(none).not.toHaveProperty("review");
    expect(none).not.toHaveProperty("aggregateRating");
  });

  it("has a breadcrumb through its city and its trade's listing there", () => {
    const profile: PublicProfile = {
      ...withTrades("roofing"),
      listing: {
        path: "/aurora-co/roofing",
        city: { slug: "aurora-co", label: "Aurora, CO" },
        trade: { slug: "roofing", title: "Roofing" },
      },
    };
    const items = profileBreadcrumbs(profile, SITE).itemListElement;
    expect(items.map((item) => [item.name, item.item])).toEqual([
      ["Home", `${SITE}/`],
      ["Aurora, CO", `${SITE}/aurora-co`],
      ["Roofing", `${SITE}/aurora-co/roofing`],
      ["Peak Line Roofing", `${SITE}/pros/peak-line-roofing`],
    ]);
  });

  it("cannot close its script element, whatever the business wrote", () => {
    const text = serializeJsonLd(
      jsonLdOf({ ...withTrades("roofing"), name: "</script><script>alert(1)</script>" }),
    );
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toMatchObject({ name: "</script><script>alert(1)</script>" });
  });
});

describe("the sample directory's profiles", () => {
  const seeds = contractorSeeds();
  const regionOf = new Map(POPULAR_CITIES.map((city) => [city.slug, city.region]));

  it("declares a licence of its city's state, marked as sample, and the rest of a profile", () => {
    for (const seed of seeds) {
      expect(seed.licenceRegion).toBe(regionOf.get(seed.basePlace));
      expect(seed.licenceNumber).toMatch(/^SAMPLE-[A-Z]{2}-\d{5}$/);
      expect(seed.citySlugs).toContain(seed.basePlace);
      expect(seed.yearsInBusiness).toBeGreaterThan(0);
      expect(seed.hours).not.toBe("");
      expect(seed.insuranceCarrier).not.toBe("");
    }
  });

  it("offers only services of its trades, and every service of a city has a sample", () => {
    for (const seed of seeds) {
      const own = seed.categories.flatMap((category) => SERVICE_SLUGS[category]);
      expect(seed.services.length).toBeGreaterThan(0);
      for (const service of seed.services) expect(own).toContain(service);
    }
    for (const city of POPULAR_CITIES) {
      for (const category of CATEGORY_SLUGS) {
        for (const service of SERVICE_SLUGS[category]) {
          const offered = seeds.some(
            (seed) =>
              seed.citySlugs.includes(city.slug) &&
              seed.categories.includes(category) &&
              seed.services.includes(service),
          );
          expect(offered, `${service} in ${city.slug}`).toBe(true);
        }
      }
    }
  });
});
