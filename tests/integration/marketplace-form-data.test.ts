/**
 * What the marketplace's forms send, through the data layer: a progress that
 * is not a whole number from 0 to 100 is refused with the sentence the
 * progress field shows, and nothing is stored (no silent clamping); a saved
 * quote's "Valid for (days)" refills as the days the pro gave.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hire, homeownerStep, readProgress } from "~/features/marketplace/homeowner-steps.server";
import { PROGRESS_MESSAGE } from "~/features/marketplace/project-progress";
import { savedValidDays } from "~/features/marketplace/quote-form";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { BadChoice, sendToPros } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quotes } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  quoteInput,
  refused,
  requestRow,
} from "../support/marketplace-factories";

describe("readProgress", () => {
  it("reads a whole number as typed, anything else as NaN", () => {
    expect(readProgress("40")).toBe(40);
    expect(readProgress(" 100 ")).toBe(100);
    expect(readProgress("0")).toBe(0);
    for (const typed of ["", "abc", "12.5", "1e2", "-5", "Infinity", "0x10"]) {
      expect(readProgress(typed), typed).toBeNaN();
    }
    expect(readProgress(null)).toBeNaN();
  });
});

describe.each(DATABASE_TARGETS)("marketplace form data on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A homeowner's request, quoted by one pro and hired: scheduled. */
  async function hired() {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const leadId = await createRequest(db(), homeowner);
    const pro = await createPerson(db(), "Ana Pro");
    const business = await createBusiness(db(), pro);
    await sendToPros(db(), homeowner, leadId, [business.id], consentFor(business), delivery);
    await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
    await saveQuote(
      db(),
      pro.userId,
      leadId,
      business.id,
      quoteSchema.parse(quoteInput()),
      delivery,
    );
    await hire(db(), homeowner.userId, leadId, business.id, delivery);
    return { homeowner, leadId, pro, business };
  }

  it("refuses a progress outside 0–100 or not whole, storing nothing", async () => {
    const { homeowner, leadId } = await hired();
    const before = await requestRow(db(), leadId);
    expect(before?.status).toBe("scheduled");
    for (const progress of [150, 101, -1, 12.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = await refused(
        homeownerStep(db(), homeowner.userId, leadId, { event: "start", progress }, delivery),
      );
      expect(error, String(progress)).toBeInstanceOf(BadChoice);
      expect(error.message).toBe(PROGRESS_MESSAGE);
      expect(await requestRow(db(), leadId)).toMatchObject({
        status: "scheduled",
        progress: before?.progress,
      });
    }

    await homeownerStep(db(), homeowner.userId, leadId, { event: "start", progress: 0 }, delivery);
    expect(await requestRow(db(), leadId)).toMatchObject({ status: "in_progress", progress: 0 });
    await homeownerStep(
      db(),
      homeowner.userId,
      leadId,
      { event: "progress", progress: 40 },
      delivery,
    );
    const error = await refused(
      homeownerStep(db(), homeowner.userId, leadId, { event: "progress", progress: 150 }, delivery),
    );
    expect(error).toBeInstanceOf(BadChoice);
    expect(await requestRow(db(), leadId)).toMatchObject({ status: "in_progress", progress: 40 });
    await homeownerStep(
      db(),
      homeowner.userId,
      leadId,
      { event: "progress", progress: 100 },
      delivery,
    );
    expect(await requestRow(db(), leadId)).toMatchObject({ status: "in_progress", progress: 100 });
  });

  it("refills a saved quote's validity as the days the pro gave", async () => {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const leadId = await createRequest(db(), homeowner);
    const pro = await createPerson(db(), "Ana Pro");
    const business = await createBusiness(db(), pro);
    await sendToPros(db(), homeowner, leadId, [business.id], consentFor(business), delivery);
    await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
    // Late in the UTC day: the days still count from the day it was saved.
    for (const [validDays, now] of [
      ["45", new Date("2026-11-20T23:59:00Z")],
      ["1", new Date("2026-11-21T00:00:00Z")],
      ["180", new Date()],
    ] as const) {
      await saveQuote(
        db(),
        pro.userId,
        leadId,
        business.id,
        quoteSchema.parse(quoteInput({ validDays })),
        delivery,
        now,
      );
      const [saved] = await db()
        .select()
        .from(quotes)
        .where(and(eq(quotes.leadId, leadId), eq(quotes.contractorId, business.id)));
      if (!saved) throw new Error("no quote saved");
      expect(savedValidDays(saved)).toBe(validDays);
      // As the page receives it (the loader's data, dates as text).
      expect(savedValidDays({ ...saved, updatedAt: saved.updatedAt.toISOString() })).toBe(
        validDays,
      );
    }
  });
});
