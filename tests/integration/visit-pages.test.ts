/**
 * The reads behind the visit pages (issue 34) on each database: a visit as
 * each of its two sides sees it and NotFound for anyone else, the address a
 * pro stops seeing once off the job, what each side may do per state and
 * time, the project page's visits (the homeowner's own only), the booking
 * page's request and pro, and the free days in the job's zone, a page at a time.
 */
import "~/features/visits/visit-closing.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { NotFound } from "~/features/marketplace/index.server";
import { closeRequest, removePro } from "~/features/marketplace/homeowner-steps.server";
import {
  bookingFor,
  DAYS_PER_PAGE,
  freeDaysOf,
  visitsOfProject,
} from "~/features/visits/project-visits.server";
import { visitActions, visitFor, visitFormErrors } from "~/features/visits/visit-view.server";
import { bookVisit, cancelVisit, markVisit, proposeVisit } from "~/features/visits/visits.server";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  acceptedRequest,
  createPerson,
  createRequest,
  delivery,
  refused,
} from "../support/marketplace-factories";

/** Monday 2 March 2026, noon UTC (5 AM in Denver, MST). */
const MONDAY = new Date("2026-03-02T12:00:00Z");
/** Tuesday 3 March, 9 AM in Denver: a free slot of the default hours. */
const TUESDAY_NINE = new Date("2026-03-03T16:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });
const NONE = { pick: false, reschedule: false, cancel: false, done: false, noShow: false };

describe("what a side may do with a visit", () => {
  const start = TUESDAY_NINE;
  const before = MONDAY;
  const after = new Date(start.getTime() + 60_000);

  it("moves and cancels before the start; marks only once it has come", () => {
    expect(visitActions("homeowner", "booked", start, before, false)).toEqual({
      ...NONE,
      reschedule: true,
      cancel: true,
    });
    expect(visitActions("pro", "rescheduled", start, after, false)).toEqual({
      ...NONE,
      cancel: true,
      done: true,
      noShow: true,
    });
  });

  it("lets only the homeowner pick a proposed time, and either side cancel", () => {
    expect(visitActions("homeowner", "proposed", null, before, true)).toEqual({
      ...NONE,
      pick: true,
      cancel: true,
    });
    expect(visitActions("pro", "proposed", null, before, true)).toEqual({ ...NONE, cancel: true });
    // Every proposed time has passed: nothing left to pick.
    expect(visitActions("homeowner", "proposed", null, before, false).pick).toBe(false);
  });

  it("offers nothing on a visit that is over", () => {
    for (const state of ["done", "cancelled_by_pro", "no_show_homeowner"] as const) {
      expect(visitActions("homeowner", state, start, after, false)).toEqual(NONE);
      expect(visitActions("pro", state, start, before, false)).toEqual(NONE);
    }
  });
});

describe("the visit page's fields, checked before the step", () => {
  it("asks for a time and a reason, beside each field", () => {
    expect(visitFormErrors({ intent: "reschedule", slot: "", reason: "  " }, "en")).toEqual({
      slot: "Choose a time for the visit.",
      reason: "Please say why, in a few words.",
    });
    expect(visitFormErrors({ intent: "cancel", reason: "x".repeat(501) }, "en")).toHaveProperty(
      "reason",
    );
    expect(visitFormErrors({ intent: "pick", start: "not a time" }, "en")).toHaveProperty("start");
    expect(
      visitFormErrors(
        { intent: "pick", start: TUESDAY_NINE.toISOString(), address: "a".repeat(301) },
        "en",
      ),
    ).toEqual({ address: "Keep the address under 300 characters." });
    expect(visitFormErrors({ intent: "no_show" }, "en")).toEqual({});
  });
});

describe.each(DATABASE_TARGETS)("visit pages' reads on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function bookedVisit(address = "1200 Larimer St") {
    const request = await acceptedRequest(db);
    const visitId = await bookVisit(
      db,
      request.homeowner.userId,
      { leadId: request.leadId, contractorId: request.business.id, start: TUESDAY_NINE, address },
      at(MONDAY),
    );
    return { ...request, visitId };
  }

  it("shows the visit to the homeowner and the pro, each with the other's name", async () => {
    const { homeowner, pro, business, leadId, visitId } = await bookedVisit();
    const mine = await visitFor(db, homeowner.userId, visitId, { now: MONDAY });
    expect(mine).toMatchObject({
      side: "homeowner",
      leadId,
      contractorId: business.id,
      state: "booked",
      startsAt: TUESDAY_NINE.toISOString(),
      timeZone: "America/Denver",
      viewerZone: null,
      other: business.name,
      project: "Roof Repair in Denver, CO 80202",
      address: "1200 Larimer St",
      holdsTime: true,
      actions: { ...NONE, reschedule: true, cancel: true },
    });
    const theirs = await visitFor(db, pro.userId, visitId, { now: MONDAY });
    expect(theirs).toMatchObject({
      side: "pro",
      other: "Jordan L.",
      viewerZone: "America/Denver",
      address: "1200 Larimer St",
    });
  });

  it("is NotFound for a third person, an unknown id and a malformed one", async () => {
    const { visitId } = await bookedVisit();
    const stranger = await createPerson(db, "Sam Other");
    expect(await refused(visitFor(db, stranger.userId, visitId))).toBeInstanceOf(NotFound);
    expect(
      await refused(visitFor(db, stranger.userId, "00000000-0000-4000-8000-000000000000")),
    ).toBeInstanceOf(NotFound);
    expect(await refused(visitFor(db, stranger.userId, "not-an-id"))).toBeInstanceOf(NotFound);
  });

  it("offers marking, not moving, once the start has passed", async () => {
    const { homeowner, pro, visitId } = await bookedVisit();
    const later = new Date(TUESDAY_NINE.getTime() + 30 * 60_000);
    expect((await visitFor(db, homeowner.userId, visitId, { now: later })).actions).toEqual({
      ...NONE,
      cancel: true,
      done: true,
      noShow: true,
    });
    await markVisit(db, pro, { visitId, outcome: "done" }, at(later));
    const done = await visitFor(db, homeowner.userId, visitId, { now: later });
    expect(done).toMatchObject({ state: "done", holdsTime: false, actions: NONE });
  });

  it("lists a proposal's times still to come, and lets only the homeowner pick", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    const starts = [new Date("2026-03-04T16:00:00Z"), new Date("2026-03-05T16:00:00Z")];
    const visitId = await proposeVisit(
      db,
      pro.userId,
      { leadId, contractorId: business.id, starts },
      at(MONDAY),
    );
    const mine = await visitFor(db, homeowner.userId, visitId, { now: MONDAY });
    expect(mine.options).toEqual(starts.map((start) => start.toISOString()));
    expect(mine.actions).toEqual({ ...NONE, pick: true, cancel: true });
    expect((await visitFor(db, pro.userId, visitId, { now: MONDAY })).actions).toEqual({
      ...NONE,
      cancel: true,
    });
    // After the first: only the second is offered.
    const wednesday = new Date("2026-03-04T20:00:00Z");
    expect((await visitFor(db, homeowner.userId, visitId, { now: wednesday })).options).toEqual([
      starts[1]?.toISOString(),
    ]);
  });

  it("hides the address from a pro once removed from the request", async () => {
    const { homeowner, pro, business, leadId, visitId } = await bookedVisit();
    await removePro(db, homeowner, leadId, business.id, at(MONDAY));
    const theirs = await visitFor(db, pro.userId, visitId, { now: MONDAY });
    expect(theirs).toMatchObject({ state: "cancelled_by_homeowner", address: null });
    expect((await visitFor(db, homeowner.userId, visitId)).address).toBe("1200 Larimer St");
  });

  it("hides the address from a pro once the request is cancelled", async () => {
    const { homeowner, pro, leadId, visitId } = await bookedVisit();
    await closeRequest(db, homeowner, leadId, "postponed", at(MONDAY));
    expect((await visitFor(db, pro.userId, visitId, { now: MONDAY })).address).toBeNull();
  });

  it("gives the project page the owner's visits by business, open and the others", async () => {
    const { homeowner, business, leadId, visitId } = await bookedVisit();
    expect(await visitsOfProject(db, homeowner.userId, leadId)).toEqual({
      [business.id]: {
        open: {
          id: visitId,
          state: "booked",
          startsAt: TUESDAY_NINE.toISOString(),
          firstOption: null,
          timeZone: "America/Denver",
          cause: null,
        },
        others: [],
      },
    });
    await cancelVisit(db, homeowner, { visitId, reason: "Another day" }, at(MONDAY));
    const after = await visitsOfProject(db, homeowner.userId, leadId);
    expect(after[business.id]?.open).toBeNull();
    expect(after[business.id]?.others.map((visit) => visit.state)).toEqual([
      "cancelled_by_homeowner",
    ]);
    const stranger = await createPerson(db, "Sam Other");
    expect(await visitsOfProject(db, stranger.userId, leadId)).toEqual({});
  });

  it("books only the homeowner's own open request with a pro that took it on", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    expect(await bookingFor(db, homeowner.userId, leadId, business.id)).toEqual({
      business: business.name,
      citySlug: "denver-co",
      open: null,
    });
    const stranger = await createPerson(db, "Sam Other");
    expect(await refused(bookingFor(db, stranger.userId, leadId, business.id))).toBeInstanceOf(
      NotFound,
    );
    const draft = await createRequest(db, homeowner);
    expect(await refused(bookingFor(db, homeowner.userId, draft, business.id))).toBeInstanceOf(
      NotFound,
    );
    expect(await refused(bookingFor(db, homeowner.userId, leadId, "x"))).toBeInstanceOf(NotFound);
  });

  it("lists free days in the job's zone, seven at a time, and pages on", async () => {
    const { business } = await acceptedRequest(db);
    const first = await freeDaysOf(db, business.id, "denver-co", { now: MONDAY });
    expect(first.timeZone).toBe("America/Denver");
    expect(first.days).toHaveLength(DAYS_PER_PAGE);
    // 24 hours' notice from Monday 5 AM: Tuesday 8 AM to 4 PM, then weekdays only.
    expect(first.days[0]).toMatchObject({ date: "2026-03-03" });
    expect(first.days[0]?.starts[0]).toBe("2026-03-03T15:00:00.000Z");
    expect(first.days.map((day) => day.date)).not.toContain("2026-03-07");
    expect(first.next).toBe("2026-03-12");
    const second = await freeDaysOf(db, business.id, "denver-co", {
      now: MONDAY,
      from: first.next,
    });
    expect(second.days[0]?.date).toBe("2026-03-12");
    // A malformed `from` is the first page.
    const ignored = await freeDaysOf(db, business.id, null, { now: MONDAY, from: "soon" });
    expect(ignored.days[0]?.date).toBe("2026-03-03");
  });
});
