/**
 * Site visits' core (issue 34) on each database: booking a free slot, the
 * database refusing a double booking (concurrent bookings of one slot: one
 * wins), moves and cancellations with their invites and reminders, the
 * reminder of an old time never going out, marking after the visit, and
 * every step refused to anyone but the two sides.
 */
import ICAL from "ical.js";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import { NotFound } from "~/features/marketplace/index.server";
import { closeRequest, removePro } from "~/features/marketplace/homeowner-steps.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import { suspendBusiness } from "~/features/operator/contractor-suspension.server";
import { freeSlotsOf, SlotTaken } from "~/features/visits/visit-slots.server";
import {
  bookVisit,
  cancelVisit,
  markVisit,
  pickVisitTime,
  proposeVisit,
  rescheduleVisit,
} from "~/features/visits/visits.server";
import "~/features/visits/visit-closing.server";
import { outboxJobs, requestPros, visits } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { recordingOutboxWorker } from "../support/factories";
import { told } from "../support/visit-notices";
import {
  acceptedRequest,
  createBusiness,
  createPerson,
  delivery,
  refused,
} from "../support/marketplace-factories";

/** Monday 2 March 2026, noon UTC (5 AM in Denver, MST). */
const MONDAY = new Date("2026-03-02T12:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });
const HOUR = 3_600_000;

async function jobsOf(db: Database, visitId: string, kind: "visit_email" | "visit_reminder_email") {
  return db
    .select({ payload: outboxJobs.payload, nextAttemptAt: outboxJobs.nextAttemptAt })
    .from(outboxJobs)
    .where(and(eq(outboxJobs.kind, kind), sql`${outboxJobs.payload}->>'visitId' = ${visitId}`));
}

/** The visit emails of a request, once the notices due by a quiet moment after `now` ran. */
async function visitEmails(db: Database, leadId: string, now = MONDAY) {
  await told(db, now);
  const rows = await db
    .select({ payload: outboxJobs.payload })
    .from(outboxJobs)
    .where(and(eq(outboxJobs.kind, "visit_email"), eq(outboxJobs.leadId, leadId)))
    .orderBy(outboxJobs.id);
  return rows.map((row) => row.payload as EmailMessage);
}

function inviteOf(message: EmailMessage) {
  if (!message.calendar) throw new Error("no invite");
  const calendar = new ICAL.Component(ICAL.parse(message.calendar.content) as unknown[]);
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no event");
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
  };
}

describe.each(DATABASE_TARGETS)("site visits on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("offers a new business's default hours in its zone, after the notice", async () => {
    const { business } = await acceptedRequest(db);
    const { timeZone, slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 10 });
    expect(timeZone).toBe("America/Denver");
    // 24 hours' notice from Monday 5 AM: Tuesday 8 AM MST (15:00Z) is the first, hourly to 4 PM.
    expect(slots[0]?.start.toISOString()).toBe("2026-03-03T15:00:00.000Z");
    expect(slots[8]?.start.toISOString()).toBe("2026-03-03T23:00:00.000Z");
    expect(slots[9]?.start.toISOString()).toBe("2026-03-04T15:00:00.000Z");
  });

  it("books a free slot: both sides get an invite, and four reminders wait", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const start = new Date("2026-03-03T16:00:00Z");
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start, address: "1200 Larimer St" },
      at(MONDAY),
    );
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row).toMatchObject({
      state: "booked",
      timeZone: "America/Denver",
      sequence: 0,
      address: "1200 Larimer St",
    });
    expect(row?.endsAt?.toISOString()).toBe("2026-03-03T17:00:00.000Z");
    const emails = await visitEmails(db, leadId);
    expect(emails.map((e) => e.to).sort()).toEqual(
      ["jordan@example.com", `office-${business.id}@example.com`].sort(),
    );
    for (const email of emails) {
      expect(email.subject).toContain("Tue, Mar 3, 9:00 AM MST");
      expect(inviteOf(email)).toMatchObject({ method: "REQUEST", sequence: 0 });
    }
    const reminders = await jobsOf(db, visitId, "visit_reminder_email");
    expect(reminders.map((r) => r.nextAttemptAt.toISOString()).sort()).toEqual([
      "2026-03-02T16:00:00.000Z",
      "2026-03-02T16:00:00.000Z",
      "2026-03-03T14:00:00.000Z",
      "2026-03-03T14:00:00.000Z",
    ]);
    // The slot is gone from the free ones.
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 3 });
    expect(slots.map((s) => s.start.toISOString())).not.toContain(start.toISOString());
  });

  it("refuses a time outside the hours, inside the notice, or not on the grid", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const book = (iso: string) =>
      bookVisit(
        db,
        homeowner.userId,
        { leadId, contractorId: business.id, start: new Date(iso) },
        at(MONDAY),
      );
    expect(await refused(book("2026-03-02T20:00:00Z"))).toBeInstanceOf(SlotTaken); // notice
    expect(await refused(book("2026-03-07T17:00:00Z"))).toBeInstanceOf(SlotTaken); // Saturday
    expect(await refused(book("2026-03-04T01:00:00Z"))).toBeInstanceOf(SlotTaken); // 6 PM
    expect(await refused(book("2026-03-04T15:07:00Z"))).toBeInstanceOf(SlotTaken); // 8:07
    expect(await db.select().from(visits).where(eq(visits.leadId, leadId))).toEqual([]);
  });

  it("gives one of two homeowners taking the same slot at once the booking, the other SlotTaken", async () => {
    const pro = await createPerson(db, "Pat Summit");
    const business = await createBusiness(db, pro);
    const requests = await Promise.all(
      Array.from({ length: 6 }, () => acceptedRequest(db, { business, pro })),
    );
    const start = new Date("2026-03-05T15:00:00Z");
    const results = await Promise.allSettled(
      requests.map(({ homeowner, leadId }) =>
        bookVisit(db, homeowner.userId, { leadId, contractorId: business.id, start }, at(MONDAY)),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const reason of lost) expect(reason).toBeInstanceOf(SlotTaken);
    const holding = await db
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.contractorId, business.id), inArray(visits.state, ["booked"])));
    expect(holding).toHaveLength(1);
  });

  it("refuses an overlapping visit in the database itself, whatever the code does", async () => {
    const { business, leadId } = await acceptedRequest(db);
    const second = await acceptedRequest(db, { business });
    const row = (lead: string, start: string, end: string) => ({
      leadId: lead,
      contractorId: business.id,
      state: "booked" as const,
      startsAt: new Date(start),
      endsAt: new Date(end),
      blockedUntil: new Date(end),
      timeZone: "America/Denver",
      createdBy: "homeowner" as const,
    });
    await db.insert(visits).values(row(leadId, "2026-04-01T15:00:00Z", "2026-04-01T16:00:00Z"));
    const error = await refused(
      db.insert(visits).values(row(second.leadId, "2026-04-01T15:30:00Z", "2026-04-01T16:30:00Z")),
    );
    expect(JSON.stringify(error.cause ?? error)).toMatch(/23P01|visits_no_overlap/);
    // Touching is not overlapping.
    await db
      .insert(visits)
      .values(row(second.leadId, "2026-04-01T16:00:00Z", "2026-04-01T17:00:00Z"));
  });

  it("moves a visit: a higher SEQUENCE for both, and the old time's reminders are gone", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date("2026-03-04T15:00:00Z") },
      at(MONDAY),
    );
    const before = await jobsOf(db, visitId, "visit_reminder_email");
    await told(db, MONDAY);
    await rescheduleVisit(
      db,
      pro,
      { visitId, start: new Date("2026-03-05T18:00:00Z"), reason: "A crew member is off sick" },
      at(MONDAY),
    );
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row).toMatchObject({ state: "rescheduled", sequence: 1 });
    const after = await jobsOf(db, visitId, "visit_reminder_email");
    expect(after).toHaveLength(before.length);
    expect(after.every((job) => (job.payload as { sequence: number }).sequence === 1)).toBe(true);
    expect(after.map((j) => j.nextAttemptAt.toISOString())).toContain("2026-03-04T18:00:00.000Z");
    const moved = (await visitEmails(db, leadId)).slice(2);
    expect(moved).toHaveLength(2);
    const homeownerEmail = moved.find((e) => e.to === "jordan@example.com");
    expect(homeownerEmail?.text).toContain("A crew member is off sick");
    expect(homeownerEmail && inviteOf(homeownerEmail)).toMatchObject({
      method: "REQUEST",
      sequence: 1,
      uid: expect.stringContaining(visitId) as string,
    });
  });

  it("cancels with a reason: CANCEL invites, no reminders left, and the time is free again", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const start = new Date("2026-03-06T15:00:00Z");
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start },
      at(MONDAY),
    );
    await told(db, MONDAY);
    expect(
      await refused(cancelVisit(db, homeowner, { visitId, reason: "   " }, at(MONDAY))),
    ).toHaveProperty("status", 400);
    await cancelVisit(db, homeowner, { visitId, reason: "We found someone else" }, at(MONDAY));
    expect(await jobsOf(db, visitId, "visit_reminder_email")).toEqual([]);
    const cancelled = (await visitEmails(db, leadId)).slice(2);
    expect(cancelled.map((e) => inviteOf(e).method)).toEqual(["CANCEL", "CANCEL"]);
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 40 });
    expect(slots.map((s) => s.start.toISOString())).toContain(start.toISOString());
    expect(
      await refused(cancelVisit(db, homeowner, { visitId, reason: "again" }, at(MONDAY))),
    ).toHaveProperty("status", 409);
  });

  it("sends each side's reminder once when due, and never the reminder of an old time", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date("2026-03-10T15:00:00Z") },
      at(MONDAY),
    );
    // A reminder job of the first time, left behind as if written before the move.
    const [stale] = await jobsOf(db, visitId, "visit_reminder_email");
    await rescheduleVisit(
      db,
      pro,
      { visitId, start: new Date("2026-03-11T15:00:00Z"), reason: "Moved a day" },
      at(MONDAY),
    );
    await db.insert(outboxJobs).values({
      leadId,
      kind: "visit_reminder_email",
      status: "pending",
      payload: stale?.payload,
      nextAttemptAt: new Date("2026-03-09T15:00:00Z"),
    });
    await db.update(outboxJobs).set({ status: "pending" }).where(eq(outboxJobs.status, "held"));
    const oldDue = recordingOutboxWorker(db, {
      now: () => new Date("2026-03-09T15:01:00Z"),
      mail: delivery.mail,
    });
    await oldDue.worker.runOnce();
    expect(oldDue.sent.filter((m) => m.subject.startsWith("Reminder"))).toEqual([]);
    const due = recordingOutboxWorker(db, {
      now: () => new Date("2026-03-10T15:01:00Z"),
      mail: delivery.mail,
    });
    await due.worker.runOnce();
    const reminders = due.sent.filter((m) => m.subject.startsWith("Reminder"));
    expect(reminders.map((m) => m.to).sort()).toEqual(
      ["jordan@example.com", `office-${business.id}@example.com`].sort(),
    );
    expect(reminders[0]?.subject).toContain("Wed, Mar 11, 9:00 AM MDT");
    await due.worker.runOnce();
    expect(due.sent.filter((m) => m.subject.startsWith("Reminder"))).toHaveLength(2);
  });

  it("lets the pro propose up to three times and the homeowner pick one", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const times = ["2026-03-12T16:00:00Z", "2026-03-13T20:00:00Z"].map((t) => new Date(t));
    const visitId = await proposeVisit(
      db,
      pro.userId,
      { leadId, contractorId: business.id, starts: times },
      at(MONDAY),
    );
    const proposal = (await visitEmails(db, leadId)).at(-1);
    expect(proposal?.to).toBe("jordan@example.com");
    expect(proposal?.text).toContain("Fri, Mar 13, 2:00 PM MDT");
    expect(
      await refused(
        pickVisitTime(
          db,
          homeowner,
          { visitId, start: new Date("2026-03-12T17:00:00Z") },
          at(MONDAY),
        ),
      ),
    ).toHaveProperty("status", 400);
    await pickVisitTime(db, homeowner, { visitId, start: times[1] ?? MONDAY }, at(MONDAY));
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row).toMatchObject({ state: "booked", sequence: 1 });
    expect(row?.startsAt?.toISOString()).toBe("2026-03-13T20:00:00.000Z");
    expect(
      await refused(
        proposeVisit(
          db,
          pro.userId,
          { leadId, contractorId: business.id, starts: times },
          at(MONDAY),
        ),
      ),
    ).toHaveProperty("status", 409);
  });

  it("is marked done or a no-show only once its time has come", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const start = new Date("2026-03-16T15:00:00Z");
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start },
      at(MONDAY),
    );
    expect(
      await refused(markVisit(db, pro, { visitId, outcome: "done" }, at(MONDAY))),
    ).toHaveProperty("status", 400);
    const later = at(new Date(start.getTime() + 2 * HOUR));
    await markVisit(db, homeowner, { visitId, outcome: "no_show" }, later);
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row?.state).toBe("no_show_pro");
    expect(await refused(markVisit(db, pro, { visitId, outcome: "done" }, later))).toHaveProperty(
      "status",
      409,
    );
  });

  it("answers NotFound to anyone but the homeowner and the business's owner", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const stranger = await createPerson(db, "Sam Stranger");
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date("2026-03-17T15:00:00Z") },
      at(MONDAY),
    );
    const steps = [
      () => cancelVisit(db, stranger, { visitId, reason: "x" }, at(MONDAY)),
      () => rescheduleVisit(db, stranger, { visitId, start: MONDAY, reason: "x" }, at(MONDAY)),
      () => markVisit(db, stranger, { visitId, outcome: "done" }, at(MONDAY)),
      () =>
        bookVisit(
          db,
          stranger.userId,
          { leadId, contractorId: business.id, start: MONDAY },
          at(MONDAY),
        ),
      () =>
        proposeVisit(
          db,
          stranger.userId,
          { leadId, contractorId: business.id, starts: [MONDAY] },
          at(MONDAY),
        ),
      () => cancelVisit(db, homeowner, { visitId: "not-a-uuid", reason: "x" }, at(MONDAY)),
    ];
    for (const attempt of steps) expect(await refused(attempt())).toBeInstanceOf(NotFound);
  });

  it("books only with a pro that took the request on", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    await db.update(requestPros).set({ state: "removed" }).where(eq(requestPros.leadId, leadId));
    expect(
      await refused(
        bookVisit(
          db,
          homeowner.userId,
          { leadId, contractorId: business.id, start: new Date("2026-03-18T15:00:00Z") },
          at(MONDAY),
        ),
      ),
    ).toHaveProperty("status", 400);
  });

  it("cancels a pro's open visit when the homeowner removes that pro or closes the request", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date("2026-03-19T15:00:00Z") },
      at(MONDAY),
    );
    await told(db, MONDAY);
    await removePro(db, homeowner, leadId, business.id, at(MONDAY));
    const [removed] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(removed).toMatchObject({ state: "cancelled_by_homeowner", sequence: 1 });
    expect(await jobsOf(db, visitId, "visit_reminder_email")).toEqual([]);
    expect((await visitEmails(db, leadId)).slice(2).map((e) => inviteOf(e).method)).toEqual([
      "CANCEL",
      "CANCEL",
    ]);

    const other = await acceptedRequest(db);
    const otherVisit = await bookVisit(
      db,
      other.homeowner.userId,
      {
        leadId: other.leadId,
        contractorId: other.business.id,
        start: new Date("2026-03-19T15:00:00Z"),
      },
      at(MONDAY),
    );
    await closeRequest(db, other.homeowner, other.leadId, "postponed", at(MONDAY));
    const [closed] = await db.select().from(visits).where(eq(visits.id, otherVisit));
    expect(closed?.state).toBe("cancelled_by_homeowner");
  });

  it("cancels a suspended business's open visits on its side, in the suspension", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date("2026-03-20T15:00:00Z") },
      at(MONDAY),
    );
    await suspendBusiness(db, COMMAND_LINE, delivery, business.id, "Licence lapsed", MONDAY);
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row).toMatchObject({ state: "cancelled_by_pro", sequence: 1 });
    expect(await jobsOf(db, visitId, "visit_reminder_email")).toEqual([]);
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 200 });
    expect(slots.map((s) => s.start.toISOString())).toContain("2026-03-20T15:00:00.000Z");
  });
});
