/**
 * The inbox's counts are kept by triggers on request_pros (decision 026):
 * after every kind of change (sent, a pro's step, a quote, a hire, a
 * cancellation, a request or a business deleted, many at once) they equal a
 * count of the requests themselves, on PGlite and PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRequest, hire } from "~/features/marketplace/homeowner-steps.server";
import { inbox } from "~/features/marketplace/inbox.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import type { Database } from "~/lib/db.server";
import { contractors, inboxCounts, leads } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  quoteInput,
} from "../support/marketplace-factories";

/** Every business's non-zero counts, as kept and as counted from the requests. */
async function keptAndCounted(db: Database) {
  const kept = await db
    .select({ contractorId: inboxCounts.contractorId, state: inboxCounts.state, n: inboxCounts.n })
    .from(inboxCounts)
    .where(sql`${inboxCounts.n} <> 0`)
    .orderBy(inboxCounts.contractorId, inboxCounts.state);
  const counted = await db.execute<{ contractorId: string; state: string; n: number }>(sql`
    select contractor_id as "contractorId", state, count(*)::int as n from request_pros
    group by 1, 2 order by 1, 2`);
  const rows = Array.isArray(counted) ? counted : (counted as { rows: unknown[] }).rows;
  return { kept, counted: rows };
}

describe.each(DATABASE_TARGETS)("the inbox counts on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("follow every step of the loop, and a deleted request or business", async () => {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const pros = await Promise.all(["Ana", "Ben", "Cam"].map((name) => createPerson(db(), name)));
    const [a, b, c] = await Promise.all(pros.map((pro) => createBusiness(db(), pro)));
    if (!a || !b || !c) throw new Error("three businesses expected");
    const [proA, proB] = pros as [(typeof pros)[0], (typeof pros)[0]];
    const first = await createRequest(db(), homeowner);
    const second = await createRequest(db(), homeowner);
    await sendToPros(db(), homeowner, first, [a.id, b.id, c.id], consentFor(a, b, c), delivery);
    await sendToPros(db(), homeowner, second, [a.id, b.id], consentFor(a, b), delivery);

    await proStep(db(), proA.userId, first, a.id, { event: "view" });
    await proStep(db(), proA.userId, first, a.id, { event: "accept" });
    await proStep(
      db(),
      proB.userId,
      first,
      b.id,
      { event: "decline", reason: "fully_booked" },
      delivery,
    );
    await saveQuote(db(), proA.userId, first, a.id, quoteSchema.parse(quoteInput()), delivery);
    expect((await inbox(db(), proA.userId, a.id)).counts).toEqual({
      new: 1,
      accepted: 0,
      quoted: 1,
      hired: 0,
      declined: 0,
      not_chosen: 0,
    });

    await hire(db(), homeowner.userId, first, a.id, delivery);
    await closeRequest(db(), { userId: homeowner.userId }, second, "postponed", delivery);
    let now = await keptAndCounted(db());
    expect(now.kept).toEqual(now.counted);
    expect((await inbox(db(), proA.userId, a.id)).counts).toMatchObject({
      hired: 1,
      not_chosen: 1,
      new: 0,
    });

    // A request deleted takes its parts, and their counts, with it.
    await db().delete(leads).where(eq(leads.id, second));
    // A business deleted takes its counts with it; the others stay right.
    await db().delete(contractors).where(eq(contractors.id, c.id));
    now = await keptAndCounted(db());
    expect(now.kept).toEqual(now.counted);
    const left = await db().select().from(inboxCounts).where(eq(inboxCounts.contractorId, c.id));
    expect(left).toEqual([]);
  });

  it("stay right when many homeowners send to the same businesses at once", async () => {
    const pros = await Promise.all(["Dee", "Eli"].map((name) => createPerson(db(), name)));
    const [d, e] = await Promise.all(pros.map((pro) => createBusiness(db(), pro)));
    if (!d || !e) throw new Error("two businesses expected");
    const homeowners = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createPerson(db(), `Homeowner ${String(i)}`)),
    );
    // Half choose the two in one order, half in the other.
    await Promise.all(
      homeowners.map(async (homeowner, i) => {
        const leadId = await createRequest(db(), homeowner);
        const chosen = i % 2 === 0 ? [d, e] : [e, d];
        await sendToPros(
          db(),
          homeowner,
          leadId,
          chosen.map((business) => business.id),
          consentFor(...chosen),
          delivery,
        );
      }),
    );
    const now = await keptAndCounted(db());
    expect(now.kept).toEqual(now.counted);
    expect((await inbox(db(), pros[0]?.userId ?? "", d.id)).counts.new).toBe(12);
  });
});
