import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INBOX_PAGE_SIZE, inbox, requestForPro } from "~/features/marketplace/inbox.server";
import { quoteSchema, saveQuote, type QuoteInput } from "~/features/marketplace/quotes.server";
import { closeRequest, hire, homeownerStep } from "~/features/marketplace/homeowner-steps.server";
import {
  BadChoice,
  MAX_PROS_PER_REQUEST,
  NotFound,
  PRO_CONSENT_VERSION,
  sendToPros,
} from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { IllegalStep } from "~/features/marketplace/states";
import { outboxJobs, quotes, requestPros } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  partOf,
  quoteInput,
  refused,
  requestRow,
} from "../support/marketplace-factories";

describe.each(DATABASE_TARGETS)("requests between homeowners and pros on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  /** The pro sends (or changes) their business's quote, as the quote form would. */
  const quote = (
    pro: { userId: string },
    leadId: string,
    business: { id: string },
    input: Partial<QuoteInput> = {},
  ) =>
    saveQuote(
      db(),
      pro.userId,
      leadId,
      business.id,
      quoteSchema.parse(quoteInput(input)),
      delivery,
    );
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A homeowner with a draft, and two businesses with their owners. */
  async function scene() {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const leadId = await createRequest(db(), homeowner);
    const proA = await createPerson(db(), "Ana Pro");
    const proB = await createPerson(db(), "Ben Pro");
    const a = await createBusiness(db(), proA);
    const b = await createBusiness(db(), proB);
    return { homeowner, leadId, proA, proB, a, b };
  }

  it("sends a draft to the pros ticked, with consent proved per business", async () => {
    const { homeowner, leadId, a, b } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a, b), delivery);
    expect((await requestRow(db(), leadId))?.status).toBe("sent");
    for (const business of [a, b]) {
      const part = await partOf(db(), leadId, business.id);
      expect(part).toMatchObject({
        state: "sent",
        consentVersion: PRO_CONSENT_VERSION,
        clientAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 (test)",
      });
      expect(part?.consentText).toContain(`TradeMatch, ${a.name} and ${b.name} may contact me`);
    }
  });

  it(`refuses more than ${String(MAX_PROS_PER_REQUEST)} pros in all, and stores nothing of a refused choice`, async () => {
    const { homeowner, leadId, a, b } = await scene();
    const c = await createBusiness(db(), null);
    const d = await createBusiness(db(), null);
    await sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a, b), delivery);
    const error = await refused(
      sendToPros(db(), homeowner, leadId, [c.id, d.id], consentFor(c, d), delivery),
    );
    expect(error).toBeInstanceOf(BadChoice);
    expect(error.message).toBe("You can send a request to at most 3 pros.");
    expect(await partOf(db(), leadId, c.id)).toBeUndefined();
    // One more is still possible.
    await sendToPros(db(), homeowner, leadId, [c.id], consentFor(c), delivery);
    expect((await partOf(db(), leadId, c.id))?.consentText).toContain(`TradeMatch and ${c.name}`);
  });

  it("refuses a consent line that does not name the pros chosen", async () => {
    const { homeowner, leadId, a, b } = await scene();
    const error = await refused(
      sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a), delivery),
    );
    expect(error).toBeInstanceOf(BadChoice);
    expect((await requestRow(db(), leadId))?.status).toBe("draft");
    expect(await partOf(db(), leadId, a.id)).toBeUndefined();
  });

  it("answers another person's request, or a made-up id, as not found", async () => {
    const { leadId, a } = await scene();
    const stranger = await createPerson(db(), "Sam Stranger");
    for (const id of [leadId, crypto.randomUUID()]) {
      const error = await refused(sendToPros(db(), stranger, id, [a.id], consentFor(a), delivery));
      expect(error).toBeInstanceOf(NotFound);
      expect(
        await refused(closeRequest(db(), { userId: stranger.userId }, id, "postponed", delivery)),
      ).toBeInstanceOf(NotFound);
    }
  });

  it("lets only the business's owner act on what was sent to it", async () => {
    const { homeowner, leadId, proA, proB, a, b } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id], consentFor(a), delivery);
    // B's owner, and A's owner on B's business (the request never went to B).
    expect(
      await refused(proStep(db(), proB.userId, leadId, a.id, { event: "accept" })),
    ).toBeInstanceOf(NotFound);
    expect(
      await refused(proStep(db(), proA.userId, leadId, b.id, { event: "accept" })),
    ).toBeInstanceOf(NotFound);
    expect(await proStep(db(), proA.userId, leadId, a.id, { event: "view" })).toBe("viewed");
    expect((await partOf(db(), leadId, a.id))?.viewedAt).toBeInstanceOf(Date);
  });

  it("walks the loop: one pro declines, one quotes and is hired, then the job is completed", async () => {
    const { homeowner, leadId, proA, proB, a, b } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a, b), delivery);
    await proStep(
      db(),
      proB.userId,
      leadId,
      b.id,
      { event: "decline", reason: "fully_booked" },
      delivery,
    );
    expect(await partOf(db(), leadId, b.id)).toMatchObject({
      state: "declined",
      declineReason: "fully_booked",
    });
    await proStep(db(), proA.userId, leadId, a.id, { event: "accept" });
    await quote(proA, leadId, a);
    // A changed quote replaces the first.
    await quote(proA, leadId, a, { kind: "fixed", min: "5200" });
    const saved = await db().select().from(quotes).where(eq(quotes.leadId, leadId));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ currency: "USD", minCents: 520_000, maxCents: 520_000 });

    await hire(db(), homeowner.userId, leadId, a.id, delivery);
    expect(await requestRow(db(), leadId)).toMatchObject({
      status: "scheduled",
      contractorId: a.id,
    });
    expect((await partOf(db(), leadId, a.id))?.state).toBe("hired");
    expect((await partOf(db(), leadId, b.id))?.state).toBe("declined");
    // Hired: the quote can no longer change.
    const late = await refused(quote(proA, leadId, a));
    expect(late).toBeInstanceOf(IllegalStep);

    await homeownerStep(db(), homeowner.userId, leadId, { event: "start", progress: 40 }, delivery);
    expect(await requestRow(db(), leadId)).toMatchObject({ status: "in_progress", progress: 40 });
    await homeownerStep(db(), homeowner.userId, leadId, { event: "complete" }, delivery);
    expect(await requestRow(db(), leadId)).toMatchObject({ status: "completed", progress: 100 });
  });

  it("hiring one pro closes the others; hiring twice is refused with 409", async () => {
    const { homeowner, leadId, proA, proB, a, b } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a, b), delivery);
    for (const [pro, business] of [
      [proA, a],
      [proB, b],
    ] as const) {
      await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
      await quote(pro, leadId, business);
    }
    await hire(db(), homeowner.userId, leadId, b.id, delivery);
    expect((await partOf(db(), leadId, a.id))?.state).toBe("not_chosen");
    // The business not chosen is told, and only it.
    const told = await db().select().from(outboxJobs).where(eq(outboxJobs.leadId, leadId));
    const notChosen = told.filter((job) => job.kind === "not_chosen_email");
    expect(notChosen.map((job) => (job.payload as { to: string }).to)).toEqual([
      `office-${a.id}@example.com`,
    ]);
    const again = await refused(hire(db(), homeowner.userId, leadId, a.id, delivery));
    expect(again).toBeInstanceOf(IllegalStep);
    expect(again instanceof IllegalStep && again.status).toBe(409);
    expect(await requestRow(db(), leadId)).toMatchObject({
      status: "scheduled",
      contractorId: b.id,
    });
  });

  it("cancelling closes every open part", async () => {
    const { homeowner, leadId, proA, a, b } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a, b), delivery);
    await proStep(db(), proA.userId, leadId, a.id, { event: "accept" });
    await closeRequest(db(), { userId: homeowner.userId }, leadId, "postponed", delivery);
    const parts = await db().select().from(requestPros).where(eq(requestPros.leadId, leadId));
    expect(parts.map((part) => part.state)).toEqual(["not_chosen", "not_chosen"]);
    expect(
      await refused(
        proStep(db(), proA.userId, leadId, a.id, { event: "decline", reason: "other" }, delivery),
      ),
    ).toBeInstanceOf(IllegalStep);
  });

  it("two accepts at once: one is taken, the other refused, the state stays whole", async () => {
    const { homeowner, leadId, proA, a } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id], consentFor(a), delivery);
    const results = await Promise.allSettled([
      proStep(db(), proA.userId, leadId, a.id, { event: "accept" }),
      proStep(db(), proA.userId, leadId, a.id, { event: "accept" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect(rejected?.status === "rejected" && rejected.reason).toBeInstanceOf(IllegalStep);
    expect((await partOf(db(), leadId, a.id))?.state).toBe("accepted");
  });

  it("quotes in Canadian dollars for a request in Canada, and checks each field", async () => {
    const homeowner = await createPerson(db());
    const leadId = await createRequest(db(), homeowner, { country: "CA" });
    const pro = await createPerson(db());
    const business = await createBusiness(db(), pro);
    await sendToPros(db(), homeowner, leadId, [business.id], consentFor(business), delivery);
    await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
    await quote(pro, leadId, business);
    const [saved] = await db().select().from(quotes).where(eq(quotes.leadId, leadId));
    expect(saved?.currency).toBe("CAD");

    const bad = quoteSchema.safeParse(
      quoteInput({ min: "6,000", max: "4,500", startFrom: "2026-12-18", startTo: "2026-12-07" }),
    );
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["max", "The highest price must be at least the lowest."],
    ]);
    const words = quoteSchema.safeParse(quoteInput({ min: "a lot", included: "roof" }));
    expect(words.error?.issues.map((issue) => issue.path.join("."))).toEqual(["min", "included"]);
  });

  it("shows a pro the requests sent to the business, newest first, by group, a page at a time", async () => {
    const pro = await createPerson(db(), "Ana Pro");
    const business = await createBusiness(db(), pro);
    const other = await createBusiness(db(), await createPerson(db()));
    const homeowner = await createPerson(db());
    const sent: string[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 5; i++) {
      const leadId = await createRequest(db(), homeowner);
      await sendToPros(db(), homeowner, leadId, [business.id], consentFor(business), delivery);
      sent.push(leadId);
    }
    // One for another business only: never in this inbox.
    const elsewhere = await createRequest(db(), homeowner);
    await sendToPros(db(), homeowner, elsewhere, [other.id], consentFor(other), delivery);
    const [first, second] = sent;
    await proStep(db(), pro.userId, first ?? "", business.id, { event: "accept" });
    await proStep(
      db(),
      pro.userId,
      second ?? "",
      business.id,
      {
        event: "decline",
        reason: "other",
      },
      delivery,
    );

    const fresh = await inbox(db(), pro.userId, business.id);
    expect(fresh.counts).toEqual({
      new: INBOX_PAGE_SIZE + 3,
      accepted: 1,
      quoted: 0,
      hired: 0,
      declined: 1,
      not_chosen: 0,
    });
    expect(fresh.items).toHaveLength(INBOX_PAGE_SIZE);
    expect(fresh.pages).toBe(2);
    const sentAt = fresh.items.map((item) => item.sentAt);
    expect(sentAt).toEqual([...sentAt].sort().reverse());
    const last = await inbox(db(), pro.userId, business.id, { page: 2 });
    expect(last.items).toHaveLength(3);
    const all = [...fresh.items, ...last.items].map((item) => item.leadId);
    expect(new Set(all).size).toBe(INBOX_PAGE_SIZE + 3);
    expect(all).not.toContain(elsewhere);
    // A page past the end shows the last one.
    expect((await inbox(db(), pro.userId, business.id, { page: 99 })).page).toBe(2);
    const accepted = await inbox(db(), pro.userId, business.id, { group: "accepted" });
    expect(accepted.items.map((item) => item.leadId)).toEqual([first]);

    const stranger = await createPerson(db());
    expect(await refused(inbox(db(), stranger.userId, business.id))).toBeInstanceOf(NotFound);
  });

  it("keeps the homeowner's phone and email from a pro until the pro accepts", async () => {
    const { homeowner, leadId, proA, proB, a, b } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a, b), delivery);
    const before = await requestForPro(db(), proA.userId, leadId, a.id);
    expect(before).toMatchObject({ state: "sent", sentTo: 2, contact: null });
    expect(JSON.stringify(before)).not.toContain("jordan@example.com");
    expect(JSON.stringify(before)).not.toContain("+13035550100");
    await proStep(db(), proA.userId, leadId, a.id, { event: "accept" });
    const after = await requestForPro(db(), proA.userId, leadId, a.id);
    expect(after.contact).toEqual({
      name: "Jordan Lee",
      phone: "+13035550100",
      email: "jordan@example.com",
    });
    // B has not accepted; and A's owner cannot read B's copy.
    expect((await requestForPro(db(), proB.userId, leadId, b.id)).contact).toBeNull();
    expect(await refused(requestForPro(db(), proA.userId, leadId, b.id))).toBeInstanceOf(NotFound);
  });

  it("tells each chosen business by email without the homeowner's contact details, and the homeowner of each quote", async () => {
    const { homeowner, leadId, proA, a, b } = await scene();
    await sendToPros(db(), homeowner, leadId, [a.id, b.id], consentFor(a, b), delivery);
    await proStep(db(), proA.userId, leadId, a.id, { event: "accept" });
    await quote(proA, leadId, a);
    await quote(proA, leadId, a, { kind: "fixed", min: "5,000" });
    const all = await db()
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.leadId, leadId))
      .orderBy(outboxJobs.id);
    // Each business also gets its answer window's two jobs (answer-window.test.ts).
    expect(all.map((job) => [job.kind, job.status])).toEqual([
      ["pro_request_email", "held"],
      ["answer_reminder_email", "held"],
      ["answer_deadline", "pending"],
      ["pro_request_email", "held"],
      ["answer_reminder_email", "held"],
      ["answer_deadline", "pending"],
      // The homeowner hears which pros it went to (issue 43).
      ["request_sent_email", "held"],
      ["quote_email", "held"],
      ["quote_email", "held"],
    ]);
    const jobs = all.filter(
      (job) =>
        job.kind.endsWith("_email") &&
        job.kind !== "answer_reminder_email" &&
        job.kind !== "request_sent_email",
    );
    const [toA, toB, quoted, changed] = jobs.map(
      (job) => job.payload as { to: string; subject: string; text: string },
    );
    expect(toA?.to).toBe(`office-${a.id}@example.com`);
    expect(toB?.to).toBe(`office-${b.id}@example.com`);
    expect(toA?.subject).toBe("New request: Roof Repair in Denver, CO 80202");
    expect(toA?.text).toContain(`Jordan L. chose ${a.name}`);
    expect(toA?.text).toContain(
      `https://trade-match.example/pro/requests/${leadId}?business=${a.id}`,
    );
    for (const message of [toA, toB]) {
      expect(message?.text).not.toContain("jordan@example.com");
      // The phone number, stored (+13035550100) or as shown ((303) 555-0100).
      expect(message?.text).not.toMatch(/303\)? ?555-?0100/);
    }
    expect(quoted).toMatchObject({ to: "jordan@example.com" });
    expect(quoted?.text).toContain("quoted $4,500–$6,000 for Roof Repair");
    expect(changed?.subject).toContain(`${a.name} changed its quote`);
    expect(changed?.text).toContain("$5,000");
  });
});
