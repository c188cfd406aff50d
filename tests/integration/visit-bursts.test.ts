/**
 * A visit changed again and again (issue 42): its sides are emailed once it
 * has been still for a quiet moment, with where it ended up, not at every
 * step; a visit is moved at most MAX_VISIT_MOVES times and a person makes at
 * most VISIT_CHANGES_PER_HOUR changes an hour; and a NUL or an escape in an
 * address or a reason is refused with a sentence, nothing stored.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadChoice } from "~/features/marketplace/index.server";
import { freeSlotsOf } from "~/features/visits/visit-slots.server";
import { NOTICE_LONGEST_WAIT_MS, NOTICE_QUIET_MS } from "~/features/visits/visit-notices.server";
import {
  bookVisit,
  cancelVisit,
  MAX_VISIT_MOVES,
  rescheduleVisit,
  VISIT_CHANGES_PER_HOUR,
} from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import { outboxJobs, visits } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { acceptedRequest, delivery, refused } from "../support/marketplace-factories";
import { told } from "../support/visit-notices";

/** Monday 2 March 2026, noon UTC (5 AM in Denver). */
const MONDAY = new Date("2026-03-02T12:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });

describe.each(DATABASE_TARGETS)("a visit changed in a burst, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function visitEmails(leadId: string): Promise<EmailMessage[]> {
    const rows = await db
      .select({ payload: outboxJobs.payload })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "visit_email")))
      .orderBy(outboxJobs.id);
    return rows.map((row) => row.payload as EmailMessage);
  }

  const noticeDue = async (leadId: string) =>
    (
      await db
        .select({ at: outboxJobs.nextAttemptAt })
        .from(outboxJobs)
        .where(
          and(
            eq(outboxJobs.leadId, leadId),
            eq(outboxJobs.kind, "visit_notice"),
            eq(outboxJobs.status, "pending"),
          ),
        )
    ).map((row) => row.at.toISOString());

  it("tells each side once, with the final time, after ten moves in a row", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 12 });
    const [first, ...others] = slots.map((slot) => slot.start);
    if (!first || others.length < MAX_VISIT_MOVES) throw new Error("too few free slots");
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: first },
      at(MONDAY),
    );
    await told(db, MONDAY);
    expect(await visitEmails(leadId)).toHaveLength(2);
    // Ten moves, a second apart, alternating sides: one pending notice, pushed back each time.
    let now = MONDAY;
    for (const [index, start] of others.slice(0, MAX_VISIT_MOVES).entries()) {
      now = new Date(MONDAY.getTime() + (index + 1) * 1000);
      await rescheduleVisit(
        db,
        index % 2 === 0 ? pro : homeowner,
        { visitId, start, reason: `Move ${String(index + 1)}` },
        at(now),
      );
      expect(await noticeDue(leadId)).toEqual([
        new Date(now.getTime() + NOTICE_QUIET_MS).toISOString(),
      ]);
    }
    // The eleventh move is refused with a sentence; nothing changes.
    const eleventh = await refused(
      rescheduleVisit(
        db,
        pro,
        { visitId, start: first, reason: "Once more" },
        at(new Date(now.getTime() + 1000)),
      ),
    );
    expect(eleventh).toBeInstanceOf(BadChoice);
    expect(eleventh.message).toContain(`moved ${String(MAX_VISIT_MOVES)} times`);
    // Quiet: one email to each side, with the last time and the last reason.
    await told(db, now);
    const moved = (await visitEmails(leadId)).slice(2);
    expect(moved.map((email) => email.to).sort()).toEqual(
      ["jordan@example.com", `office-${business.id}@example.com`].sort(),
    );
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row?.sequence).toBe(MAX_VISIT_MOVES);
    for (const email of moved) {
      expect(email.subject).toMatch(/^Visit moved to /);
      expect(email.text).toContain(`Move ${String(MAX_VISIT_MOVES)}`);
      expect(email.calendar?.content).toContain(`SEQUENCE:${String(MAX_VISIT_MOVES)}`);
    }
  });

  it("says nothing of a visit booked and cancelled within the quiet moment", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 1 });
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: slots[0]?.start ?? MONDAY },
      at(MONDAY),
    );
    await cancelVisit(db, homeowner, { visitId, reason: "Wrong day" }, at(MONDAY));
    await told(db, MONDAY);
    expect(await visitEmails(leadId)).toEqual([]);
  });

  it("waits at most the longest wait after the first change, however busy", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 8 });
    const starts = slots.map((slot) => slot.start);
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: starts[0] ?? MONDAY },
      at(MONDAY),
    );
    // A move every 90 seconds keeps the visit busy: its notice never waits past the longest
    // wait after the first change, and once that has passed it is due at once.
    for (let index = 1; index <= 7; index++) {
      const now = new Date(MONDAY.getTime() + index * 90_000);
      await rescheduleVisit(
        db,
        index % 2 ? pro : homeowner,
        { visitId, start: starts[index] ?? MONDAY, reason: "Again" },
        at(now),
      );
      const due = Math.max(
        now.getTime(),
        Math.min(now.getTime() + NOTICE_QUIET_MS, MONDAY.getTime() + NOTICE_LONGEST_WAIT_MS),
      );
      expect(await noticeDue(leadId)).toEqual([new Date(due).toISOString()]);
    }
    expect(7 * 90_000).toBeGreaterThan(NOTICE_LONGEST_WAIT_MS);
  });

  it("refuses a person's changes past the hour's allowance, with how long to wait", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 1 });
    const start = slots[0]?.start ?? MONDAY;
    // Book and cancel, over and over: each is one change.
    for (let change = 0; change < VISIT_CHANGES_PER_HOUR; change += 2) {
      const visitId = await bookVisit(
        db,
        homeowner.userId,
        { leadId, contractorId: business.id, start },
        at(MONDAY),
      );
      await cancelVisit(db, homeowner, { visitId, reason: "Not sure" }, at(MONDAY));
    }
    const refusal = await refused(
      bookVisit(db, homeowner.userId, { leadId, contractorId: business.id, start }, at(MONDAY)),
    );
    expect(refusal).toBeInstanceOf(BadChoice);
    expect(refusal).toHaveProperty("status", 429);
    expect(refusal.message).toMatch(/Please try again in \d+ minutes?/);
  });

  it.each([
    ["a NUL in the address", { address: "12 Elm\u0000 St" }],
    ["a line break in the address", { address: "12 Elm St\r\nX-Injected: 1" }],
    ["an escape in the reason", { reason: "Sorry\u001b[31m" }],
  ])("refuses %s with a sentence, storing nothing", async (_, typed) => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const { slots } = await freeSlotsOf(db, business.id, MONDAY, { limit: 2 });
    const [start, other] = slots.map((slot) => slot.start);
    if (!start || !other) throw new Error("too few free slots");
    if ("address" in typed) {
      const refusal = await refused(
        bookVisit(
          db,
          homeowner.userId,
          { leadId, contractorId: business.id, start, address: typed.address },
          at(MONDAY),
        ),
      );
      expect(refusal).toBeInstanceOf(BadChoice);
      expect(refusal.message).toContain("characters we can't store");
      expect(await db.select().from(visits).where(eq(visits.leadId, leadId))).toEqual([]);
      return;
    }
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start },
      at(MONDAY),
    );
    const refusal = await refused(
      rescheduleVisit(db, homeowner, { visitId, start: other, reason: typed.reason }, at(MONDAY)),
    );
    expect(refusal).toBeInstanceOf(BadChoice);
    const [row] = await db.select().from(visits).where(eq(visits.id, visitId));
    expect(row).toMatchObject({ state: "booked", reason: null });
  });
});
