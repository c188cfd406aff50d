/**
 * Contractors in the console (issue 21): an operator's licence and insurance
 * checks (each bad value refused with nothing stored), the badge they earn
 * on the public profile and listing until they expire, and suspending and
 * restoring a business (off every listing, the choose-pros step and the
 * sitemap, its profile the 404 to all but its owner), each with its audit
 * row; on PGlite and PostgreSQL. Over HTTP on PostgreSQL: what the public
 * pages show after each step, and the 404 for everyone but an operator.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractorsFor, contractorsInCity } from "~/features/contractors/contractors.server";
import { publicProfile } from "~/features/contractors/profile.server";
import { utcToday, verifiedText } from "~/features/contractors/verification";
import { verifiedOf } from "~/features/contractors/verification.server";
import { prosServing } from "~/features/marketplace/serving-pros.server";
import { NotFound, sendToPros } from "~/features/marketplace/requests.server";
import { CHECK_MESSAGES, recordCheck } from "~/features/operator/contractor-checks.server";
import {
  restoreBusiness,
  suspendBusiness,
  SUSPENSION_MESSAGES,
} from "~/features/operator/contractor-suspension.server";
import { claimsWaiting, profilePage } from "~/features/operator/contractors.server";
import { sitemapPaths } from "~/features/seo/sitemap.server";
import { LOCAL_OPERATOR } from "~/features/operator/links.server";
import type { Database } from "~/lib/db.server";
import {
  auditLog,
  businessClaims,
  contractors,
  contractorVerifications,
  outboxJobs,
  requestPros,
} from "../../database/schema";
import { cookieJars, postForm, signInPeople } from "../support/console";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createPerson,
  createRequest,
  delivery,
  refused,
} from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { createProfile } from "../support/profile-factories";

const today = utcToday();
/** The UTC calendar day `n` days from today. */
const inDays = (n: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const VALID = {
  kind: "licence",
  registry: "Colorado DORA",
  registryAddress: "https://apps.colorado.gov/dora/licensing/Lookup/LicenseLookup.aspx",
  checkedOn: "2026-03-03",
  result: "verified",
  expiresOn: inDays(365),
  notes: "Active, no discipline on record.",
};
const BADGE = "Licence verified on March 3, 2026 (Colorado DORA)";

/** The status of what `work` threw (a React Router data response), or "no error". */
async function statusThrown(work: Promise<unknown>): Promise<number | string> {
  try {
    await work;
  } catch (error) {
    if (typeof error === "object" && error !== null && "init" in error) {
      return (error as { init?: { status?: number } }).init?.status ?? "no status";
    }
    throw error;
  }
  return "no error";
}

async function auditOf(db: Database, contractorId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "contractor"), eq(auditLog.subjectId, contractorId)))
    .orderBy(auditLog.id);
}

async function checksOf(db: Database, contractorId: string) {
  return db
    .select()
    .from(contractorVerifications)
    .where(eq(contractorVerifications.contractorId, contractorId));
}

/** Everywhere a business is listed: the listing, the city page, the choose-pros step, the sitemap. */
async function listedIn(
  db: Database,
  business: { id: string; slug: string },
  viewerId: string | null,
) {
  const scope = { citySlug: "denver-co", postalCode: null, service: "roof-repair" };
  const listing = await contractorsFor(db, "denver-co", "roofing", "roof-repair");
  const city = await contractorsInCity(db, "golden-co");
  const choices = await prosServing(db, scope, viewerId, Number.POSITIVE_INFINITY);
  const sitemap = await sitemapPaths(db);
  return {
    listing: listing.some((card) => card.id === business.id),
    city: city.some((card) => card.id === business.id),
    choices: choices.some((pro) => pro.id === business.id),
    profileInSitemap: sitemap.includes(`/pros/${business.slug}`),
    goldenInSitemap: sitemap.includes("/golden-co/roofing"),
  };
}

describe.each(DATABASE_TARGETS)("contractors in the console on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let operator: { id: string; email: string };
  beforeAll(async () => {
    database = await target.create();
    const person = await createPerson(db(), "Olive Operator");
    operator = { id: person.userId, email: `${person.userId}@example.com` };
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("records a check with its audit row; every bad value is refused beside its field, nothing stored", async () => {
    const business = await createProfile(db());
    const first = await recordCheck(db(), operator, business.id, VALID);
    expect(first.ok).toBe(true);
    const [row] = await checksOf(db(), business.id);
    expect(row).toMatchObject({ ...VALID, operatorId: operator.id });
    const cases: [string, Record<string, string>, string][] = [
      ["kind", { kind: "" }, CHECK_MESSAGES.kind],
      ["kind", { kind: "permit" }, CHECK_MESSAGES.kind],
      ["registry", { registry: "  " }, CHECK_MESSAGES.registry],
      ["registry", { registry: "x".repeat(201) }, CHECK_MESSAGES.registryLong],
      ["registryAddress", { registryAddress: "" }, CHECK_MESSAGES.registryAddress],
      ["registryAddress", { registryAddress: "x".repeat(501) }, CHECK_MESSAGES.registryAddressLong],
      ["registryAddress", { registryAddress: "javascript://alert(1)" }, CHECK_MESSAGES.registryUrl],
      ["checkedOn", { checkedOn: "" }, CHECK_MESSAGES.checkedOn],
      ["checkedOn", { checkedOn: "2026-02-30" }, CHECK_MESSAGES.date],
      ["checkedOn", { checkedOn: "03/03/2026" }, CHECK_MESSAGES.date],
      ["checkedOn", { checkedOn: inDays(1) }, CHECK_MESSAGES.checkedFuture],
      ["result", { result: "pending" }, CHECK_MESSAGES.result],
      ["expiresOn", { expiresOn: "" }, CHECK_MESSAGES.expiresOn],
      ["expiresOn", { expiresOn: "2026-03-02" }, CHECK_MESSAGES.expiresBefore],
      ["expiresOn", { checkedOn: inDays(-30), expiresOn: inDays(-1) }, CHECK_MESSAGES.expired],
      ["expiresOn", { expiresOn: "2027-13-01" }, CHECK_MESSAGES.date],
      ["notes", { notes: "x".repeat(2001) }, CHECK_MESSAGES.notesLong],
    ];
    for (const [field, change, message] of cases) {
      const outcome = await recordCheck(db(), operator, business.id, { ...VALID, ...change });
      expect(outcome, `${field} ${JSON.stringify(change).slice(0, 60)}`).toEqual({
        ok: false,
        errors: { [field]: message },
      });
    }
    expect(await checksOf(db(), business.id)).toHaveLength(1);
    // A lapsed licence needs no expiry (or one before the check); the audit keeps the one before.
    const lapsed = { ...VALID, result: "lapsed", expiresOn: "2026-01-31" };
    expect((await recordCheck(db(), operator, business.id, lapsed)).ok).toBe(true);
    const audit = await auditOf(db(), business.id);
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["contractor.verify", operator.email],
      ["contractor.verify", operator.email],
    ]);
    expect(audit[0]?.before).toBeNull();
    expect(audit[0]?.after).toMatchObject({ ...VALID, id: row?.id });
    expect(audit[1]?.before).toMatchObject({ id: row?.id, result: "verified" });
    expect(audit[1]?.after).toMatchObject({ result: "lapsed", expiresOn: "2026-01-31" });
    for (const id of [randomUUID(), "not-a-uuid"]) {
      await expect(recordCheck(db(), operator, id, VALID)).rejects.toBeInstanceOf(NotFound);
    }
  });

  it("shows the badge while the newest licence check is verified and unexpired", async () => {
    const business = await createProfile(db());
    const badges = async () => ({
      held: (await verifiedOf(db(), business.id)).licence,
      card: (await contractorsFor(db(), "denver-co", "roofing")).find((c) => c.id === business.id)
        ?.verified.licence,
      profile: (await publicProfile(db(), business.slug)).verified?.licence,
      filtered: (await profilePage(db(), { filter: "verified", q: business.slug })).rows.map(
        (row) => row.licence,
      ),
    });
    expect(await badges()).toEqual({ held: null, card: null, profile: null, filtered: [] });
    await recordCheck(db(), operator, business.id, VALID);
    const check = {
      registry: "Colorado DORA",
      checkedOn: "2026-03-03",
      expiresOn: VALID.expiresOn,
    };
    expect(await badges()).toEqual({
      held: check,
      card: check,
      profile: check,
      filtered: [{ state: "verified", until: VALID.expiresOn }],
    });
    expect(verifiedText("licence", check)).toBe(BADGE);

    // Time passes: the expiry date was yesterday.
    const expire = (day: string) =>
      db()
        .update(contractorVerifications)
        .set({ expiresOn: day })
        .where(eq(contractorVerifications.contractorId, business.id));
    await expire(inDays(-1));
    expect(await badges()).toEqual({ held: null, card: null, profile: null, filtered: [] });
    await expire(today);
    expect((await badges()).held).toEqual({ ...check, expiresOn: today });

    // A newer check that did not find the licence: no badge, whatever the older one said.
    await recordCheck(db(), operator, business.id, {
      ...VALID,
      result: "not_found",
      expiresOn: "",
    });
    expect(await badges()).toEqual({ held: null, card: null, profile: null, filtered: [] });
    const insurance = { ...VALID, kind: "insurance", registry: "Acme Mutual policy desk" };
    await recordCheck(db(), operator, business.id, insurance);
    expect(await verifiedOf(db(), business.id)).toEqual({
      licence: null,
      insurance: { ...check, registry: "Acme Mutual policy desk" },
    });
  });

  it("suspends and restores a business: gone from every listing, told, audited", async () => {
    const owner = await createPerson(db(), "Pat Owner");
    const homeowner = await createPerson(db(), "Casey Home");
    const business = await createProfile(db(), {
      ownerId: owner.userId,
      citySlugs: ["golden-co", "denver-co"],
      basePlace: "golden-co",
      services: [],
    });
    const leadId = await createRequest(db(), homeowner);
    await sendToPros(db(), homeowner, leadId, [business.id], consentFor(business), delivery);
    const everywhere = {
      listing: true,
      city: true,
      choices: true,
      profileInSitemap: true,
      goldenInSitemap: true,
    };
    expect(await listedIn(db(), business, null)).toEqual(everywhere);

    for (const reason of ["   ", "x".repeat(501)]) {
      const outcome = await suspendBusiness(db(), operator, delivery, business.id, reason);
      expect(outcome).toEqual({
        ok: false,
        errors: {
          reason: reason.trim() ? SUSPENSION_MESSAGES.reasonLong : SUSPENSION_MESSAGES.reason,
        },
      });
    }
    expect(await auditOf(db(), business.id)).toEqual([]);

    const reason = "Licence complaint under review";
    expect(await suspendBusiness(db(), operator, delivery, business.id, reason)).toEqual({
      ok: true,
      told: 1,
    });
    const told = await db()
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "pro_unavailable_email")));
    expect(told).toHaveLength(1);
    const nowhere = Object.fromEntries(Object.keys(everywhere).map((key) => [key, false]));
    expect(await listedIn(db(), business, null)).toEqual(nowhere);
    expect(await listedIn(db(), business, owner.userId)).toEqual(nowhere);
    expect(await statusThrown(publicProfile(db(), business.slug))).toBe(404);
    expect(
      await statusThrown(
        publicProfile(db(), business.slug, { viewerId: () => Promise.resolve(homeowner.userId) }),
      ),
    ).toBe(404);
    const own = await publicProfile(db(), business.slug, {
      viewerId: () => Promise.resolve(owner.userId),
    });
    expect(own.suspension).toEqual({ reason });
    // Another request cannot be sent to it.
    const second = await createRequest(db(), homeowner);
    await refused(
      sendToPros(db(), homeowner, second, [business.id], consentFor(business), delivery),
    );
    expect(await db().select().from(requestPros).where(eq(requestPros.leadId, second))).toEqual([]);

    expect(await suspendBusiness(db(), operator, delivery, business.id, "Again")).toEqual({
      ok: false,
      formError: SUSPENSION_MESSAGES.alreadySuspended,
    });
    expect(await restoreBusiness(db(), operator, business.id)).toEqual({ ok: true, told: 0 });
    expect(await restoreBusiness(db(), operator, business.id)).toEqual({
      ok: false,
      formError: SUSPENSION_MESSAGES.notSuspended,
    });
    expect(await listedIn(db(), business, null)).toEqual(everywhere);
    expect((await publicProfile(db(), business.slug)).suspension).toBeNull();

    const audit = await auditOf(db(), business.id);
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["contractor.suspend", operator.id],
      ["contractor.restore", operator.id],
    ]);
    const suspendedAt = (audit[0]?.after as { suspendedAt: string }).suspendedAt;
    expect(new Date(suspendedAt).toISOString()).toBe(suspendedAt);
    expect(audit[0]).toMatchObject({
      before: { suspendedAt: null, reason: null },
      after: { suspendedAt, reason, told: 1 },
    });
    expect(audit[1]).toMatchObject({
      before: { suspendedAt, reason },
      after: { suspendedAt: null, reason: null },
    });
    await expect(restoreBusiness(db(), operator, randomUUID())).rejects.toBeInstanceOf(NotFound);
  });

  it("lists live claims and finds profiles by name, slug or email, filtered", async () => {
    const claimant = await createPerson(db(), "Riley Claimant");
    const live = await createProfile(db(), { name: "Zephyr Claimable Roofing" });
    const spent = await createProfile(db(), { name: "Zephyr Spent Roofing" });
    const soon = new Date(Date.now() + 10 * 60_000);
    await db()
      .insert(businessClaims)
      .values([
        {
          contractorId: live.id,
          userId: claimant.userId,
          codeHash: "x",
          attempts: 2,
          expiresAt: soon,
        },
        {
          contractorId: spent.id,
          userId: claimant.userId,
          codeHash: "x",
          attempts: 5,
          expiresAt: soon,
        },
      ]);
    const claims = await claimsWaiting(db());
    expect(claims.map((claim) => [claim.business, claim.email, claim.triesLeft])).toEqual([
      [live.name, `${claimant.userId}@example.com`, 3],
    ]);
    const names = async (q: string, filter: "all" | "unclaimed" | "suspended" = "all") =>
      (await profilePage(db(), { q, filter })).rows.map((row) => row.name);
    expect(await names("zephyr")).toEqual([live.name, spent.name]);
    expect(await names(live.slug.toUpperCase())).toEqual([live.name]);
    expect(await names(`OFFICE-${spent.id}`)).toEqual([spent.name]);
    expect(await names("100%_")).toEqual([]);
    await suspendBusiness(db(), operator, delivery, spent.id, "Duplicate listing");
    expect(await names("zephyr", "suspended")).toEqual([spent.name]);
    expect(await names("zephyr", "unclaimed")).toEqual([live.name, spent.name]);
    await db().execute(
      sql`update contractors set owner_id = ${claimant.userId} where id = ${live.id}`,
    );
    expect(await names("zephyr", "unclaimed")).toEqual([spent.name]);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("contractors over HTTP: the console and the public pages", () => {
  let site: PostgresSite;
  let business: { id: string; slug: string; name: string };
  const jars = cookieJars("visitor", "homeowner", "pro", "operator");
  const get = (who: keyof typeof jars, path: string) => jars[who].fetch(`${site.url}${path}`);
  const post = (who: keyof typeof jars, fields: Record<string, string>) =>
    postForm(jars[who], site.url, `/admin/contractors/${business.id}`, fields);
  /**
   * A public page as the next visitor gets it. The server's shared page cache
   * keeps a listing or profile for up to 5 minutes (s-maxage=300, from its
   * second request on): every read here is one it has not kept (X-Cache: MISS).
   */
  const publicPage = async (path: string) => {
    const answer = await get("visitor", path);
    expect(answer.headers.get("x-cache"), path).toBe("MISS");
    return { status: answer.status, html: await answer.text() };
  };

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    await signInPeople(site, jars);
    // The demo pro's account owns this business too (it sees it while suspended).
    const [demo] = await site.db
      .select({ ownerId: contractors.ownerId })
      .from(contractors)
      .where(eq(contractors.demoOnly, true));
    business = await createProfile(site.db, {
      name: "Flatirons Peak Roofing",
      ownerId: demo?.ownerId ?? null,
      citySlugs: ["boulder-co"],
      basePlace: "boulder-co",
      serviceRadius: 10,
      services: [],
    });
  });
  afterAll(async () => {
    await site.stop();
  });

  it("answers 404 to a visitor, a homeowner and a pro on the pages and the forms", async () => {
    for (const who of ["visitor", "homeowner", "pro"] as const) {
      for (const path of ["/admin/contractors", `/admin/contractors/${business.id}`]) {
        expect((await get(who, path)).status, `${who} ${path}`).toBe(404);
      }
      for (const fields of [
        { intent: "verify", ...VALID } as Record<string, string>,
        { intent: "suspend", reason: "Spam" },
      ]) {
        expect((await post(who, fields)).status, `${who} ${fields.intent ?? ""}`).toBe(404);
      }
    }
    expect(await checksOf(site.db, business.id)).toEqual([]);
    expect(await auditOf(site.db, business.id)).toEqual([]);
  });

  it("a verified licence shows until it expires; a suspended business is gone until restored", async () => {
    const list = await get("operator", "/admin/contractors?q=FLATIRONS");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(business.name);
    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect((await get("operator", `/admin/contractors/${id}`)).status).toBe(404);
    }

    // A bad value: its message beside the field, what was typed kept, nothing stored.
    const bad = await post("operator", { intent: "verify", ...VALID, registry: "" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain(CHECK_MESSAGES.registry);
    expect(badHtml).toContain(`value="${VALID.registryAddress}"`);
    expect(await checksOf(site.db, business.id)).toEqual([]);

    const verified = await post("operator", { intent: "verify", ...VALID });
    expect(verified.status).toBe(302);
    const back = verified.headers.get("location") ?? "";
    expect(back).toBe(`/admin/contractors/${business.id}?done=verify`);
    const page = await (await get("operator", back)).text();
    expect(page).toContain("The check is recorded.");
    expect(page).toContain(LOCAL_OPERATOR.email);

    let profile = await publicPage(`/pros/${business.slug}?read=verified`);
    expect(profile.html).toContain(BADGE);
    expect((await publicPage("/boulder-co/roofing")).html).toContain(BADGE);

    // Time passes: the expiry date was yesterday. The declaration shows again.
    await site.db
      .update(contractorVerifications)
      .set({ expiresOn: inDays(-1) })
      .where(eq(contractorVerifications.contractorId, business.id));
    profile = await publicPage(`/pros/${business.slug}?read=expired`);
    expect(profile.html).not.toContain("verified on");
    expect(profile.html).toContain("declared by the business");
    const expired = await publicPage("/boulder-co/roof-repair");
    expect(expired.html).toContain(business.name);
    expect(expired.html).not.toContain("verified on");

    const reason = "Licence complaint under review";
    const suspended = await post("operator", { intent: "suspend", reason });
    expect(suspended.status).toBe(302);
    expect(suspended.headers.get("location")).toBe(
      `/admin/contractors/${business.id}?done=suspend&told=0`,
    );
    expect((await publicPage("/boulder-co/roof-installation")).html).not.toContain(business.name);
    expect((await publicPage(`/pros/${business.slug}?read=suspended`)).status).toBe(404);
    const own = await get("pro", `/pros/${business.slug}?read=owner`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
    const ownHtml = await own.text();
    expect(ownHtml).toContain("Your profile is suspended");
    expect(ownHtml).toContain(reason);
    const again = await post("operator", { intent: "suspend", reason: "Again" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(SUSPENSION_MESSAGES.alreadySuspended);

    expect((await post("operator", { intent: "restore" })).status).toBe(302);
    expect((await publicPage("/boulder-co/roof-maintenance")).html).toContain(business.name);
    expect((await publicPage(`/pros/${business.slug}?read=restored`)).status).toBe(200);

    const audit = await auditOf(site.db, business.id);
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["contractor.verify", LOCAL_OPERATOR.email],
      ["contractor.suspend", LOCAL_OPERATOR.email],
      ["contractor.restore", LOCAL_OPERATOR.email],
    ]);
  });
});
