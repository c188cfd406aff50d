/**
 * Taking a break (issue 33), with the clock moved: a business's own pause,
 * its weekly limit and a pause for inactivity each remove it from the
 * choose-pros step and restore it on time; a send to a paused business is
 * refused with its name, two concurrent sends cannot both pass a limit of
 * one, and requests already sent are not affected. The housekeeping step
 * pauses a business nobody signed in to for 90 days once, with one email in
 * its language; a sign-in clears it. Listings keep a paused business, with
 * the day it takes requests again. PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { contractorsFor } from "~/features/contractors/contractors.server";
import { pauseOf, takingRequests } from "~/features/marketplace/availability.server";
import { pauseInactiveBusinesses } from "~/features/marketplace/inactivity.server";
import { INACTIVE_PAUSE_DAYS } from "~/features/marketplace/limits";
import { dayOf, nextWeekDay, pauseAt, weekStart } from "~/features/marketplace/pause";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { prosServing } from "~/features/marketplace/serving-pros.server";
import { ProUnavailable } from "~/features/marketplace/unavailable.server";
import { parseEnv } from "~/lib/env.server";
import { DAY_MS } from "~/lib/retention";
import { contractors, outboxJobs, users } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  partOf,
  refused,
} from "../support/marketplace-factories";

const SCOPE = { citySlug: "denver-co", postalCode: null, service: "roof-repair" };
const HOUR_MS = 60 * 60 * 1000;

describe("the week and the pause rule", () => {
  it("begins the week on Monday 00:00 UTC and ends a pause on its day", () => {
    // Sunday 23:59 belongs to the week that began the Monday before.
    expect(weekStart(new Date("2027-03-07T23:59:00Z")).toISOString()).toBe(
      "2027-03-01T00:00:00.000Z",
    );
    expect(weekStart(new Date("2027-03-08T00:00:00Z")).toISOString()).toBe(
      "2027-03-08T00:00:00.000Z",
    );
    expect(nextWeekDay(new Date("2027-03-03T12:00:00Z"))).toBe("2027-03-08");
    const settings = { pausedUntil: "2027-03-10", weeklyLimit: null, inactivePausedAt: null };
    expect(pauseAt({ ...settings, thisWeek: 0 }, new Date("2027-03-09T23:59:59Z"))).toEqual({
      reason: "paused",
      until: "2027-03-10",
    });
    expect(pauseAt({ ...settings, thisWeek: 0 }, new Date("2027-03-10T00:00:00Z"))).toBeNull();
    // Both: the later day says when it takes requests again; inactivity has no day.
    const both = { pausedUntil: "2027-03-04", weeklyLimit: 1, inactivePausedAt: null, thisWeek: 1 };
    expect(pauseAt(both, new Date("2027-03-02T12:00:00Z"))).toEqual({
      reason: "weekly_limit",
      until: "2027-03-08",
    });
    expect(pauseAt({ ...both, inactivePausedAt: new Date() }, new Date())).toEqual({
      reason: "inactive",
      until: null,
    });
  });
});

describe.each(DATABASE_TARGETS)("taking a break on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  const offered = async (businessId: string, now: Date) =>
    (await prosServing(db(), SCOPE, null, Number.POSITIVE_INFINITY, { now })).some(
      (pro) => pro.id === businessId,
    );

  /** Whether the SQL condition and the rule for one business agree at `now`. */
  async function agree(businessId: string, now: Date): Promise<boolean> {
    const [row] = await db()
      .select({ id: contractors.id })
      .from(contractors)
      .where(eq(contractors.id, businessId));
    const taking = await db()
      .select({ id: contractors.id })
      .from(contractors)
      .where(takingRequests(now));
    return (
      row !== undefined &&
      taking.some((r) => r.id === businessId) === ((await pauseOf(db(), businessId, now)) === null)
    );
  }

  const set = (businessId: string, values: Partial<typeof contractors.$inferInsert>) =>
    db().update(contractors).set(values).where(eq(contractors.id, businessId));

  /** The businesses each send announced stale (its profile and listings changed). */
  const announced: string[][] = [];

  /** A homeowner's request sent to the business at `at`. */
  async function sendAt(business: { id: string; name: string }, at: Date, homeowner?: Actor) {
    const person = homeowner ?? (await createPerson(db(), "Ana Home"));
    const leadId = await createRequest(db(), person);
    await sendToPros(db(), person, leadId, [business.id], consentFor(business), {
      ...delivery,
      now: () => at,
      stale: (ids) => {
        announced.push([...ids]);
        return Promise.resolve();
      },
    });
    return leadId;
  }

  it("own pause: out of the choice until its day, refused by name, restored on the day", async () => {
    const pro = await createPerson(db(), "Pat Pro");
    const business = await createBusiness(db(), pro, "Summit Ridge Roofing");
    const before = new Date("2027-03-09T23:30:00Z");
    const onTheDay = new Date("2027-03-10T00:00:00Z");
    expect(await offered(business.id, before)).toBe(true);
    await set(business.id, { pausedUntil: "2027-03-10" });
    expect(await offered(business.id, before)).toBe(false);
    expect(await pauseOf(db(), business.id, before)).toEqual({
      reason: "paused",
      until: "2027-03-10",
    });
    const error = await refused(sendAt(business, before));
    expect(error).toBeInstanceOf(ProUnavailable);
    expect(error.message).toBe(
      "Summit Ridge Roofing is not taking new requests at the moment. Please choose another pro.",
    );
    expect(await agree(business.id, before)).toBe(true);
    expect(await offered(business.id, onTheDay)).toBe(true);
    expect(await pauseOf(db(), business.id, onTheDay)).toBeNull();
    expect(await agree(business.id, onTheDay)).toBe(true);
    await sendAt(business, onTheDay);
  });

  it("weekly limit: reached, out until Monday, restored then; sent requests still answered", async () => {
    const pro = await createPerson(db(), "Lia Pro");
    const business = await createBusiness(db(), pro, "Valley Roofing");
    await set(business.id, { weeklyLimit: 2 });
    const wednesday = new Date("2027-03-03T10:00:00Z");
    // The week before counts for nothing.
    await sendAt(business, new Date("2027-02-28T23:59:00Z"));
    announced.length = 0;
    const first = await sendAt(business, wednesday);
    expect(await offered(business.id, wednesday)).toBe(true);
    expect(announced).toEqual([]);
    // The send that reaches the limit announces the business's pages (now "until Monday").
    await sendAt(business, new Date(wednesday.getTime() + HOUR_MS));
    expect(announced).toEqual([[business.id]]);
    const sunday = new Date("2027-03-07T23:59:00Z");
    expect(await offered(business.id, sunday)).toBe(false);
    expect(await pauseOf(db(), business.id, sunday)).toEqual({
      reason: "weekly_limit",
      until: "2027-03-08",
    });
    expect(await agree(business.id, sunday)).toBe(true);
    expect(await refused(sendAt(business, sunday))).toBeInstanceOf(ProUnavailable);
    // A request already sent is not affected: the pro accepts it.
    await proStep(db(), pro.userId, first, business.id, { event: "accept" });
    expect((await partOf(db(), first, business.id))?.state).toBe("accepted");
    const monday = new Date("2027-03-08T00:00:00Z");
    expect(await offered(business.id, monday)).toBe(true);
    expect(await agree(business.id, monday)).toBe(true);
  });

  it("two concurrent sends against a limit of 1: one passes, one is refused", async () => {
    const pro = await createPerson(db(), "Kim Pro");
    const business = await createBusiness(db(), pro, "Peak Roofing");
    await set(business.id, { weeklyLimit: 1 });
    const at = new Date("2027-04-07T09:00:00Z");
    const [ana, ben] = await Promise.all([
      createPerson(db(), "Ana Home"),
      createPerson(db(), "Ben Home"),
    ]);
    for (let round = 0; round < 3; round++) {
      const when = new Date(at.getTime() + round * 7 * DAY_MS);
      const results = await Promise.allSettled([
        sendAt(business, when, ana),
        sendAt(business, when, ben),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const [rejected] = results.filter((result) => result.status === "rejected");
      expect(rejected?.reason).toBeInstanceOf(ProUnavailable);
    }
  });

  it("listings keep a paused business with its day; the choice does not", async () => {
    const pro = await createPerson(db(), "Sam Pro");
    const business = await createBusiness(db(), pro, "Listed Roofing");
    const until = dayOf(new Date(Date.now() + 10 * DAY_MS));
    await set(business.id, { pausedUntil: until });
    const cards = await contractorsFor(db(), "denver-co", "roofing", "roof-repair");
    expect(cards.find((card) => card.id === business.id)?.pause).toEqual({
      reason: "paused",
      until,
    });
    expect(await offered(business.id, new Date())).toBe(false);
  });

  it("inactivity: paused at 90 days with one email in its language, cleared by a sign-in", async () => {
    const now = new Date();
    const owner = await createPerson(db(), "Ina Pro");
    const business = await createBusiness(db(), owner, "Quiet Roofing");
    await set(business.id, { locale: "fr" });
    await db()
      .update(users)
      .set({ lastActiveAt: new Date(now.getTime() - (INACTIVE_PAUSE_DAYS - 1) * DAY_MS) })
      .where(eq(users.id, owner.userId));
    // Never paused: a sample listing, a demo account's business, a suspended one.
    const others = await Promise.all(
      (
        [
          { isSample: true },
          { demoOnly: true },
          { suspendedAt: new Date(), suspendedReason: "Test" },
        ] as const
      ).map(async (values) => {
        const other = await createBusiness(db(), owner);
        await set(other.id, values);
        return other.id;
      }),
    );
    const options = { now };
    expect(await pauseInactiveBusinesses(db(), delivery, options)).toBe(0);
    expect(await offered(business.id, now)).toBe(true);

    // Two days later the owner has been away 91 days.
    const later = new Date(now.getTime() + 2 * DAY_MS);
    expect(await pauseInactiveBusinesses(db(), delivery, { now: later, dryRun: true })).toBe(1);
    // The paused business's pages are announced stale once, by the run that paused it.
    const announced: string[][] = [];
    const announce = (ids: readonly string[]) => {
      announced.push([...ids]);
      return Promise.resolve();
    };
    const runs = await Promise.all([
      pauseInactiveBusinesses(db(), delivery, { now: later }, announce),
      pauseInactiveBusinesses(db(), delivery, { now: later }, announce),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await pauseInactiveBusinesses(db(), delivery, { now: later }, announce)).toBe(0);
    expect(announced).toEqual([[business.id]]);
    expect(await offered(business.id, later)).toBe(false);
    expect(await pauseOf(db(), business.id, later)).toEqual({ reason: "inactive", until: null });
    expect(await agree(business.id, later)).toBe(true);
    for (const id of others) {
      const [row] = await db().select().from(contractors).where(eq(contractors.id, id));
      expect(row?.inactivePausedAt).toBeNull();
    }
    const emails = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, "inactive_paused_email"));
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email?.status).toBe("held");
    const message = email?.payload as { to: string; subject: string; text: string };
    expect(message.to).toBe(`office-${business.id}@example.com`);
    expect(message.subject).toBe("Quiet Roofing est en pause sur TradeMatch");
    expect(message.text).toContain("https://trade-match.example/fr/pro");

    // The owner signs in: the business takes requests again at once, its pages announced.
    await createSession(db(), parseEnv({}), owner.userId, undefined, announce);
    expect(await pauseOf(db(), business.id, later)).toBeNull();
    expect(await offered(business.id, later)).toBe(true);
    expect(announced).toEqual([[business.id], [business.id]]);
    // Signing in again resumes nothing and announces nothing.
    await createSession(db(), parseEnv({}), owner.userId, undefined, announce);
    expect(announced).toHaveLength(2);
  });
});
