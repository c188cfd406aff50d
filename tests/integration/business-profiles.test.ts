import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "~/features/contractors/profile-messages";
import { profileFormValues } from "~/features/contractors/profile-values";
import {
  createBusiness,
  ownBusinesses,
  profileFormOf,
  profileSlug,
  updateBusiness,
} from "~/features/contractors/profiles.server";
import { NotFound } from "~/features/marketplace/requests.server";
import { contractors } from "../../database/schema";
import { businessBySlug, profileValues } from "../support/claim-factories";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createPerson, refused } from "../support/marketplace-factories";

describe.each(DATABASE_TARGETS)("business profiles on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  const businessCount = async () =>
    (await db().select({ n: count() }).from(contractors))[0]?.n ?? 0;

  /** Creates a profile that must be accepted; its row. */
  async function created(userId: string, overrides: Parameters<typeof profileValues>[0] = {}) {
    const outcome = await createBusiness(db(), userId, profileValues(overrides));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const row = await businessBySlug(db(), outcome.business.slug);
    if (!row) throw new Error("not stored");
    return row;
  }

  it("creates a real business owned by the person: no reviews, no photos, its country's unit", async () => {
    const pro = await createPerson(db(), "Pat Pro");
    const row = await created(pro.userId, { name: "Peak Line Roofing & Gutters" });
    expect(row).toMatchObject({
      slug: "peak-line-roofing-and-gutters-denver-co",
      name: "Peak Line Roofing & Gutters",
      ownerId: pro.userId,
      isSample: false,
      rating: 0,
      reviewCount: 0,
      gallery: [],
      features: [],
      categories: ["roofing"],
      services: ["roof-repair", "gutter-installation"],
      citySlugs: ["denver-co", "aurora-co"],
      country: "US",
      radiusUnit: "mi",
      basePlace: null,
      serviceRadius: null,
      yearsInBusiness: 12,
      insuranceCarrier: "Acme Mutual",
      hours: "Mon–Fri 7am–6pm",
      phone: "+13035550147",
      email: "office@peakline.example",
      showPhone: true,
      showEmail: true,
      showAddress: false,
    });
  });

  it("gives a second business of the same name and city a suffixed slug", async () => {
    const pro = await createPerson(db());
    const first = await created(pro.userId, { name: "Twin Peaks Painting" });
    const second = await created(pro.userId, { name: "Twin Peaks Painting" });
    const third = await created(pro.userId, { name: "Twin Peaks Painting" });
    expect([first.slug, second.slug, third.slug]).toEqual([
      "twin-peaks-painting-denver-co",
      "twin-peaks-painting-denver-co-2",
      "twin-peaks-painting-denver-co-3",
    ]);
    expect(profileSlug("Élan Rénovations!", "montreal-qc")).toBe("elan-renovations-montreal-qc");
    expect(profileSlug("日本", "denver-co")).toBe("business-denver-co");
  });

  it("takes its country from the first city: kilometres in Canada; a base city and radius alone do", async () => {
    const pro = await createPerson(db());
    const canadian = await created(pro.userId, {
      name: "Maple Roofing",
      places: "",
      basePlace: "Toronto, ON",
      radius: "40",
      licenceNumber: "ON-12345",
      licenceRegion: "on",
    });
    expect(canadian).toMatchObject({
      slug: "maple-roofing-toronto-on",
      country: "CA",
      radiusUnit: "km",
      basePlace: "toronto-on",
      serviceRadius: 40,
      citySlugs: ["toronto-on"],
      licenceNumber: "ON-12345",
      licenceRegion: "ON",
    });
    const both = await created(pro.userId, {
      name: "Border Builders",
      places: "Buffalo, NY",
      basePlace: "Toronto, ON",
      radius: "80",
    });
    expect(both).toMatchObject({
      country: "US",
      radiusUnit: "mi",
      citySlugs: ["buffalo-ny", "toronto-on"],
    });
  });

  it("refuses bad input with a message per field, keeps what was typed, and stores nothing", async () => {
    const pro = await createPerson(db());
    const before = await businessCount();
    const typed = profileValues({
      name: "X",
      categories: [],
      services: ["lawn-care"],
      places: "Springfeld Nowhere, ZZ",
      radius: "600",
      basePlace: "Denver, CO",
      yearsInBusiness: "two hundred and one",
      phone: "555-0147",
      email: "office@",
      licenceNumber: "123",
      licenceRegion: "",
      hours: "x".repeat(121),
      description: "y".repeat(2001),
    });
    const outcome = await createBusiness(db(), pro.userId, typed);
    expect(outcome).toEqual({
      ok: false,
      values: typed,
      errors: {
        name: PROFILE_MESSAGES.nameLength,
        categories: PROFILE_MESSAGES.categories,
        places: expect.stringContaining("We couldn't find “Springfeld Nowhere, ZZ”") as string,
        radius: PROFILE_MESSAGES.radius,
        yearsInBusiness: PROFILE_MESSAGES.years,
        phone: PROFILE_MESSAGES.phone,
        email: PROFILE_MESSAGES.email,
        licenceRegion: PROFILE_MESSAGES.licenceRegion,
        hours: PROFILE_MESSAGES.hours,
        description: PROFILE_MESSAGES.description,
      },
    });
    expect(await businessCount()).toBe(before);
  });

  it("explains each rule between fields", async () => {
    const pro = await createPerson(db());
    const errorsOf = async (overrides: Parameters<typeof profileValues>[0]) => {
      const outcome = await createBusiness(db(), pro.userId, profileValues(overrides));
      if (outcome.ok) throw new Error("it was accepted");
      return outcome.errors;
    };
    expect(await errorsOf({ services: ["lawn-care"] })).toEqual({
      services: PROFILE_MESSAGES.serviceOutsideTrades,
    });
    expect(await errorsOf({ places: "", basePlace: "", radius: "" })).toEqual({
      places: PROFILE_MESSAGES.serviceArea,
    });
    expect(await errorsOf({ basePlace: "Denver, CO" })).toEqual({
      radius: PROFILE_MESSAGES.radiusMissing,
    });
    expect(await errorsOf({ radius: "25" })).toEqual({
      basePlace: PROFILE_MESSAGES.basePlaceMissing,
    });
    expect(await errorsOf({ licenceRegion: "CO" })).toEqual({
      licenceNumber: PROFILE_MESSAGES.licenceNumberMissing,
    });
    expect(await errorsOf({ licenceNumber: "A1", licenceRegion: "ZZ" })).toEqual({
      licenceRegion: PROFILE_MESSAGES.licenceRegion,
    });
    expect(await errorsOf({ phone: "", showPhone: "on" })).toEqual({
      phone: PROFILE_MESSAGES.phoneToShow,
    });
    expect(await errorsOf({ address: "", showAddress: "on" })).toEqual({
      address: PROFILE_MESSAGES.addressToShow,
    });
    expect(await errorsOf({ places: "Paris, France" })).toEqual({
      places: expect.stringContaining("is not in the US or Canada") as string,
    });
    expect(await errorsOf({ categories: ["roofing", "basket-weaving"] })).toEqual({
      categories: PROFILE_MESSAGES.choice,
    });
    expect(await errorsOf({ name: "Bad\u0000Name" })).toEqual({
      name: PROFILE_MESSAGES.characters,
    });
    expect(
      await errorsOf({ places: Array.from({ length: 26 }, () => "Denver, CO").join("\n") }),
    ).toEqual({ places: PROFILE_MESSAGES.placeCount });
  });

  it("reads a posted form: repeated boxes, text fields, and nothing else", () => {
    const form = new FormData();
    form.append("name", "Peak Line");
    form.append("categories", "roofing");
    form.append("categories", "paint");
    form.append("services", "roof-repair");
    form.append("showPhone", "on");
    form.append("isSample", "true");
    form.append("ownerId", "someone-else");
    form.append("photo", new Blob(["x"]), "x.jpg");
    expect(profileFormValues(form)).toEqual({
      name: "Peak Line",
      categories: ["roofing", "paint"],
      services: ["roof-repair"],
      showPhone: "on",
    });
  });

  it("lets only the owner change a business; a refused change changes nothing", async () => {
    const pro = await createPerson(db(), "Owner Pro");
    const stranger = await createPerson(db(), "Not The Owner");
    const row = await created(pro.userId, { name: "Owned Roofing" });

    for (const [who, id] of [
      [stranger.userId, row.id],
      [pro.userId, crypto.randomUUID()],
      [pro.userId, "not-a-uuid"],
    ] as const) {
      expect(
        await refused(updateBusiness(db(), who, id, profileValues({ name: "Taken Over" }))),
      ).toBeInstanceOf(NotFound);
    }
    expect(await refused(profileFormOf(db(), stranger.userId, row.id))).toBeInstanceOf(NotFound);

    const bad = await updateBusiness(db(), pro.userId, row.id, profileValues({ email: "nope" }));
    expect(bad).toMatchObject({ ok: false, errors: { email: PROFILE_MESSAGES.email } });
    expect(await businessBySlug(db(), row.slug)).toEqual(row);

    const changed = await updateBusiness(
      db(),
      pro.userId,
      row.id,
      profileValues({
        name: "Owned Roofing Co.",
        places: "Boulder, CO",
        showPhone: undefined,
        yearsInBusiness: "",
      }),
    );
    // The address stays the same: links to the profile keep working.
    expect(changed).toEqual({ ok: true, business: { id: row.id, slug: row.slug } });
    expect(await businessBySlug(db(), row.slug)).toMatchObject({
      name: "Owned Roofing Co.",
      citySlugs: ["boulder-co"],
      showPhone: false,
      yearsInBusiness: null,
      ownerId: pro.userId,
      isSample: false,
    });
  });

  it("shows the owner's profile in its form as it was typed, and saving it unchanged keeps it", async () => {
    const pro = await createPerson(db());
    const row = await created(pro.userId, {
      name: "Round Trip Electric",
      categories: ["electrical"],
      services: [],
      places: "Denver, CO\nMontréal, QC",
      basePlace: "Boulder, CO",
      radius: "30",
      licenceNumber: "EC-77",
      licenceRegion: "CO",
    });
    const values = await profileFormOf(db(), pro.userId, row.id);
    expect(values).toMatchObject({
      name: "Round Trip Electric",
      places: "Denver, CO\nMontréal, QC",
      basePlace: "Boulder, CO",
      radius: "30",
      phone: "(303) 555-0147",
      licenceRegion: "CO",
      showPhone: "on",
      showAddress: undefined,
    });
    const saved = await updateBusiness(db(), pro.userId, row.id, values);
    expect(saved.ok).toBe(true);
    const after = await businessBySlug(db(), row.slug);
    expect({ ...after, updatedAt: null }).toEqual({ ...row, updatedAt: null });
  });

  it("lists a person's own businesses, oldest first, and no one else's", async () => {
    const pro = await createPerson(db());
    const other = await createPerson(db());
    const a = await created(pro.userId, { name: "First Of Mine" });
    await created(other.userId, { name: "Not Mine" });
    const b = await created(pro.userId, { name: "Second Of Mine" });
    expect(await ownBusinesses(db(), pro.userId)).toEqual([
      { id: a.id, slug: a.slug, name: "First Of Mine", isSample: false },
      { id: b.id, slug: b.slug, name: "Second Of Mine", isSample: false },
    ]);
    expect(await ownBusinesses(db(), (await createPerson(db())).userId)).toEqual([]);
  });

  it("a row that breaks no rule of the form still meets the table's checks", async () => {
    const pro = await createPerson(db());
    const row = await created(pro.userId, {
      name: "Edge Case Pools",
      categories: ["pools"],
      services: [],
      places: "",
      basePlace: "Miami, FL",
      radius: "500",
      yearsInBusiness: "200",
    });
    expect(row).toMatchObject({ serviceRadius: 500, yearsInBusiness: 200 });
    const [stored] = await db().select().from(contractors).where(eq(contractors.id, row.id));
    expect(stored?.citySlugs).toEqual(["miami-fl"]);
  });
});
