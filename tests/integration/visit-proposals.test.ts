/**
 * Times a pro proposed and nobody picked yet (issue 42): every path that
 * cancels visits cancels a pending proposal too (either side, "Remove this
 * pro", "Not going ahead", hiring another pro, a suspension), each with
 * what happened rather than an earlier reason; and a proposal whose times
 * have all passed lapses, by its task or at the next step, so the request
 * is free for a new proposal or a booking. The clock is moved, never slept.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/visits/visit-closing.server";
import { closeRequest, hire, removePro } from "~/features/marketplace/homeowner-steps.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import { suspendBusiness } from "~/features/operator/contractor-suspension.server";
import { SlotTaken } from "~/features/visits/visit-slots.server";
import {
  bookVisit,
  cancelVisit,
  pickVisitTime,
  proposeVisit,
} from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import { outboxJobs, requestPros, visits } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { recordingOutboxWorker } from "../support/factories";
import { acceptedRequest, delivery, quoteInput, refused } from "../support/marketplace-factories";
import { told } from "../support/visit-notices";

/** Monday 2 March 2026, noon UTC (5 AM in Denver). */
const MONDAY = new Date("2026-03-02T12:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });
const OPTIONS = [new Date("2026-03-04T16:00:00Z"), new Date("2026-03-05T16:00:00Z")];

describe.each(DATABASE_TARGETS)("a pending proposal, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** An accepted request whose pro proposed two times; the homeowner was told of them. */
  async function proposed() {
    const request = await acceptedRequest(db);
    const visitId = await proposeVisit(
      db,
      request.pro.userId,
      { leadId: request.leadId, contractorId: request.business.id, starts: OPTIONS },
      at(MONDAY),
    );
    await told(db, MONDAY);
    return { ...request, visitId };
  }

  const visitRow = async (visitId: string) =>
    (await db.select().from(visits).where(eq(visits.id, visitId)))[0];

  async function emailsTo(leadId: string, to: string): Promise<EmailMessage[]> {
    const rows = await db
      .select({ payload: outboxJobs.payload })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "visit_email")))
      .orderBy(outboxJobs.id);
    return rows.map((row) => row.payload as EmailMessage).filter((email) => email.to === to);
  }
  const proEmail = (business: { id: string }) => `office-${business.id}@example.com`;

  it("is cancelled by the homeowner, and the pro hears it with the reason", async () => {
    const { homeowner, business, leadId, visitId } = await proposed();
    await cancelVisit(db, homeowner, { visitId, reason: "We found a date ourselves" }, at(MONDAY));
    expect(await visitRow(visitId)).toMatchObject({
      state: "cancelled_by_homeowner",
      startsAt: null,
      changedBy: "homeowner",
    });
    await told(db, MONDAY);
    const [email] = await emailsTo(leadId, proEmail(business));
    expect(email?.text).toContain("declined the times you proposed");
    expect(email?.text).toContain("We found a date ourselves");
    expect(email?.calendar).toBeUndefined();
  });

  it("is withdrawn by the pro, and the homeowner hears it", async () => {
    const { pro, leadId, visitId } = await proposed();
    await cancelVisit(db, pro, { visitId, reason: "Booked up that week" }, at(MONDAY));
    expect((await visitRow(visitId))?.state).toBe("cancelled_by_pro");
    await told(db, MONDAY);
    const email = (await emailsTo(leadId, "jordan@example.com")).at(-1);
    expect(email?.subject).toBe("Proposed times withdrawn");
    expect(email?.text).toContain("Booked up that week");
  });

  it.each([
    ["Remove this pro", "pro_removed"],
    ["Not going ahead", "request_closed"],
    ["a suspension", "pro_suspended"],
  ] as const)("is cancelled by %s, with that cause and no reason", async (_, cause) => {
    const { homeowner, business, leadId, visitId } = await proposed();
    if (cause === "pro_removed") await removePro(db, homeowner, leadId, business.id, at(MONDAY));
    if (cause === "request_closed") {
      await closeRequest(db, homeowner, leadId, "postponed", at(MONDAY));
    }
    if (cause === "pro_suspended") {
      await suspendBusiness(db, COMMAND_LINE, delivery, business.id, "Licence lapsed", MONDAY);
    }
    expect(await visitRow(visitId)).toMatchObject({
      startsAt: null,
      cause,
      reason: null,
      changedBy: null,
    });
  });

  it("is cancelled when the homeowner hires another pro", async () => {
    const first = await proposed();
    const other = await acceptedRequest(db);
    // A second pro on the same request, which quoted and is hired.
    await db.insert(requestPros).values({
      leadId: first.leadId,
      contractorId: other.business.id,
      state: "accepted",
      consentText: "I agree…",
      consentVersion: "pros-2026-12",
      consentAt: MONDAY,
      clientAddress: "203.0.113.9",
      userAgent: "test",
      acceptedAt: MONDAY,
    });
    await saveQuote(
      db,
      other.pro.userId,
      first.leadId,
      other.business.id,
      quoteSchema.parse(quoteInput()),
      delivery,
    );
    await hire(db, first.homeowner.userId, first.leadId, other.business.id, at(MONDAY));
    expect(await visitRow(first.visitId)).toMatchObject({
      state: "cancelled_by_homeowner",
      cause: "other_hired",
    });
  });

  it("lapses by its task at its last time: the pro is told, and may propose again", async () => {
    const { homeowner, pro, business, leadId, visitId } = await proposed();
    const last = OPTIONS[1] ?? MONDAY;
    // A minute before the last time, the task is not due yet.
    const early = recordingOutboxWorker(db, { now: () => new Date(last.getTime() - 60_000) });
    for (let pass = 0; pass < 50 && (await early.worker.runOnce()) > 0; pass++);
    expect((await visitRow(visitId))?.state).toBe("proposed");
    const afterLast = new Date(last.getTime() + 60_000);
    expect(
      await refused(pickVisitTime(db, homeowner, { visitId, start: last }, at(afterLast))),
    ).toBeInstanceOf(SlotTaken);
    await told(db, last);
    expect(await visitRow(visitId)).toMatchObject({
      state: "cancelled_by_pro",
      cause: "times_passed",
    });
    const [toPro] = await emailsTo(leadId, proEmail(business));
    expect(toPro?.subject).toBe("No time picked for the visit with Jordan L.");
    const again = await proposeVisit(
      db,
      pro.userId,
      { leadId, contractorId: business.id, starts: [new Date("2026-03-10T16:00:00Z")] },
      at(afterLast),
    );
    expect(again).not.toBe(visitId);
  });

  it("lapses at the next step when its task has not run yet, so a booking goes through", async () => {
    const { homeowner, business, leadId, visitId } = await proposed();
    const later = new Date("2026-03-06T12:00:00Z");
    const booked = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date("2026-03-10T16:00:00Z") },
      at(later),
    );
    expect(await visitRow(visitId)).toMatchObject({ cause: "times_passed" });
    expect((await visitRow(booked))?.state).toBe("booked");
    // Its task, when it runs, finds nothing left to do.
    await told(db, later);
    expect((await visitRow(visitId))?.state).toBe("cancelled_by_pro");
  });
});
