/**
 * A business in three languages (issue 23): its emails' language stored when
 * it joins (the page's, unless its form chose one) and kept until its form
 * changes it; its public profile and the refusals of its forms in the page's
 * language; a claim's code emailed in the language of the page it was asked
 * from. Then over HTTP, on the production build: joining from /fr/pro/join
 * stores French.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClaim, confirmClaim } from "~/features/contractors/claims.server";
import { publicProfile } from "~/features/contractors/profile.server";
import type { ProfileFormValues } from "~/features/contractors/profile-values";
import {
  createBusiness,
  profileFormOf,
  updateBusiness,
  type ProfileWriteOptions,
} from "~/features/contractors/profiles.server";
import { contractors } from "../../database/schema";
import {
  businessBySlug,
  claimEmailTo,
  codeInText,
  profileValues,
} from "../support/claim-factories";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  createBusiness as createListing,
  createPerson,
  delivery,
} from "../support/marketplace-factories";
import { createProfile } from "../support/profile-factories";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

describe.each(DATABASE_TARGETS)("a business's languages on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A business its new owner created; its row. */
  async function joined(values: ProfileFormValues, options?: ProfileWriteOptions) {
    const pro = await createPerson(db());
    const outcome = await createBusiness(db(), pro.userId, values, options);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const row = await businessBySlug(db(), outcome.business.slug);
    if (!row) throw new Error("not stored");
    return { pro, row };
  }

  it("emails a business in the language of the page it joined from, unless its form chose", async () => {
    expect((await joined(profileValues())).row.locale).toBe("en");
    expect((await joined(profileValues(), { locale: "fr" })).row.locale).toBe("fr");
    expect((await joined(profileValues({ locale: "es" }), { locale: "fr" })).row.locale).toBe("es");
  });

  it("keeps the language until the owner's form changes it, and shows it in the form", async () => {
    const { pro, row } = await joined(profileValues(), { locale: "es" });
    expect(await profileFormOf(db(), pro.userId, row.id)).toMatchObject({ locale: "es" });
    // A form without the field (an older page) changes nothing, whatever the page's language.
    const kept = await updateBusiness(db(), pro.userId, row.id, profileValues(), { locale: "fr" });
    expect(kept.ok).toBe(true);
    expect((await businessBySlug(db(), row.slug))?.locale).toBe("es");
    await updateBusiness(db(), pro.userId, row.id, profileValues({ locale: "fr" }));
    expect((await businessBySlug(db(), row.slug))?.locale).toBe("fr");
  });

  it("refuses a form in the page's language, places included", async () => {
    const pro = await createPerson(db());
    const outcome = await createBusiness(
      db(),
      pro.userId,
      profileValues({ name: "X", places: "Springfeld Nowhere, ZZ" }),
      { locale: "fr" },
    );
    expect(outcome).toMatchObject({
      ok: false,
      errors: {
        name: "Veuillez entrer un nom d'entreprise de 2 à 80 caractères.",
        places:
          "Nous n'avons pas trouvé «\u00a0Springfeld Nowhere, ZZ\u00a0». Veuillez entrer une ville américaine ou canadienne sous la forme Ville, État, comme Denver, CO ou Toronto, ON.",
      },
    });
  });

  it("shows a public profile in the page's language", async () => {
    const business = await createProfile(db());
    const french = await publicProfile(db(), business.slug, { locale: "fr" });
    expect(french.trades[0]?.title).toBe("Toiture");
    expect(french.listing?.trade.title).toBe("Toiture");
    expect(french.serviceArea.summary).toBe(
      "Dans un rayon de 30 mi de Denver, CO, et à Aurora, CO",
    );
    const spanish = await publicProfile(db(), business.slug, { locale: "es" });
    expect(spanish.serviceArea.summary).toBe("A menos de 30 mi de Denver, CO, y en Aurora, CO");
    // English as it was.
    const english = await publicProfile(db(), business.slug);
    expect(english.serviceArea.summary).toBe("Within 30 mi of Denver, CO, and in Aurora, CO");
    await expect(publicProfile(db(), "no-such-business", { locale: "es" })).rejects.toMatchObject({
      data: { title: "Empresa no encontrada", message: "No encontramos esa empresa." },
    });
  });

  it("emails a claim's code in the language of the page it was asked from", async () => {
    const listing = await createListing(db(), null);
    const [row] = await db().select().from(contractors).where(eq(contractors.id, listing.id));
    if (!row) throw new Error("no listing");
    const person = await createPerson(db());
    const sent = await startClaim(db(), delivery, person.userId, row.slug, new Date(), "fr");
    expect(sent.ok).toBe(true);
    const { message } = await claimEmailTo(db(), row.email);
    expect(message.subject).toBe(`Votre code pour gérer ${row.name} sur TradeMatch`);
    expect(message.text).toContain(`/fr/pros/${row.slug}/claim`);
    expect(await confirmClaim(db(), person.userId, row.slug, "12", new Date(), "es")).toMatchObject(
      {
        ok: false,
        reason: "format",
        message: "Ingrese el código de 6 dígitos del correo electrónico.",
      },
    );
    // Claimed from the French page: the business's emails are in French from now on.
    expect(row.locale).toBe("en");
    const code = codeInText(message.text);
    expect(await confirmClaim(db(), person.userId, row.slug, code, new Date(), "fr")).toMatchObject(
      { ok: true },
    );
    expect(await profileFormOf(db(), person.userId, row.id)).toMatchObject({ locale: "fr" });
  });
});

describe("joining over HTTP", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const jar = new CookieJar();

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir, DEMO_ACCOUNTS_PER_HOUR: "1000" });
    expect((await signInLocally(jar, server.url)).status).toBe(302);
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  const post = (path: string, fields: Record<string, string>) =>
    jar.fetch(`${server.url}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });

  it("answers a wrong form from /fr/pro/join in French", async () => {
    const refused = await post("/fr/pro/join", { name: "X", email: "office@" });
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("Veuillez entrer un nom d'entreprise de 2 à 80 caractères.");
    expect(html).toContain("Veuillez cocher au moins un métier que vous exercez.");
  });

  it("stores French for a business that joined from /fr/pro/join, and its form shows it", async () => {
    const form = await (await jar.fetch(`${server.url}/fr/pro/join`)).text();
    expect(form).toMatch(/<option[^>]*value="fr"[^>]*selected=""/);
    const joined = await post("/fr/pro/join", {
      name: "Toitures Laval",
      categories: "roofing",
      places: "Montréal, QC",
      email: "bureau@toitures.example",
    });
    expect(joined.status, await joined.clone().text()).toBe(302);
    expect(joined.headers.get("location")).toBe("/fr/pro?joined=1");
    // The owner's form, in English, names the language stored: French.
    const page = await (await jar.fetch(`${server.url}/pro/profile`)).text();
    expect(page).toContain("Toitures Laval");
    expect(page).toContain("Language for emails");
    expect(page).toMatch(/<option[^>]*value="fr"[^>]*selected=""[^>]*>Français<\/option>/);
    expect(page).not.toMatch(/<option[^>]*value="en"[^>]*selected=""/);
  });
});
