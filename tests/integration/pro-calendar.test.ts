/**
 * The pro's calendar (issue 43), on each database with the clock moved: its
 * schedule and its calendar entries name the customer by the contact rule
 * ("Jordan Q." for a messages-only homeowner, the full name once a channel
 * is shown), never the business itself; a cancelled visit is listed as such,
 * with the site's cause; the week opens on the next visit's when this one is
 * empty, or says "Next visit"; and the schedule's own feed lists the
 * business's visits only (not its owner's as a homeowner), from buttons on
 * the pro's page that lead back to it.
 */
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/visits/visit-closing.server";
import { removePro } from "~/features/marketplace/homeowner-steps.server";
import { proScheduleOf } from "~/features/visits/pro-schedule.server";
import { bookVisit } from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import { loader as feedLoader } from "~/routes/resources/calendar-feed";
import ProSchedulePage, {
  action as scheduleAction,
  loader as scheduleLoader,
} from "~/routes/pro/schedule";
import { leads } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { acceptedRequest, createBusiness, delivery } from "../support/marketplace-factories";
import { pageHtml } from "../support/pages";
import { answer, signedInArgs } from "../support/route-args";

/** Monday 2 March 2026, noon UTC (5 AM in Denver). */
const MONDAY = new Date("2026-03-02T12:00:00Z");
/** Tuesday 3 March, 9 AM in Denver; and Tuesday 17 March, two weeks on (MDT by then). */
const TUESDAY_NINE = new Date("2026-03-03T16:00:00Z");
const LATER_TUESDAY_NINE = new Date("2026-03-17T15:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });
const QUINTERO = { name: "Jordan Quintero", email: "jq.private@example.net" };

/** Each event of a feed: its title. */
function summariesOf(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  return calendar
    .getAllSubcomponents("vevent")
    .map((event) => String(event.getFirstPropertyValue("summary")));
}

describe.each(DATABASE_TARGETS)("the pro's calendar, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A visit booked by a homeowner who allowed `preferredContact`, with the pro's business. */
  async function booked(
    start: Date,
    preferredContact: "messages" | "email",
    options: Parameters<typeof acceptedRequest>[1] = {},
  ) {
    const request = await acceptedRequest(db, {
      ...options,
      request: { ...QUINTERO, preferredContact },
    });
    const visitId = await bookVisit(
      db,
      request.homeowner.userId,
      { leadId: request.leadId, contractorId: request.business.id, start, address: "12 Elm Ct" },
      at(MONDAY),
    );
    return { ...request, visitId };
  }

  /** The pro's schedule page, loaded at `now` (`query` after `?business=`), and its HTML. */
  async function schedulePage(userId: string, businessId: string, query = "") {
    const path = `/pro/schedule?business=${businessId}${query}`;
    const loaded = await answer(
      scheduleLoader(await signedInArgs(database.handle, userId, path, undefined, MONDAY)),
    );
    expect(loaded.status).toBe(200);
    return {
      data: loaded.data as Record<string, never>,
      html: pageHtml(ProSchedulePage, { loaderData: loaded.data }),
    };
  }

  it("names the customer by the contact rule, on the schedule and in its calendar", async () => {
    const quiet = await booked(TUESDAY_NINE, "messages");
    const open = await booked(new Date(TUESDAY_NINE.getTime() + 2 * 3600_000), "email", {
      business: quiet.business,
      pro: quiet.pro,
    });
    const week = await proScheduleOf(
      db,
      quiet.pro.userId,
      quiet.business.id,
      { view: "week", now: MONDAY },
      "en",
    );
    expect(week.entries.map((entry) => entry.homeowner)).toEqual(["Jordan Q.", "Jordan Quintero"]);
    const { html } = await schedulePage(quiet.pro.userId, quiet.business.id);
    expect(html).toContain("Jordan Q.");

    const created = await answer(
      scheduleAction(
        await signedInArgs(
          database.handle,
          quiet.pro.userId,
          `/pro/schedule?business=${quiet.business.id}`,
          { intent: "create_feed" },
          MONDAY,
        ),
      ),
    );
    expect(created).toEqual({
      status: 302,
      location: `/pro/schedule?business=${quiet.business.id}&feed=create_feed#calendar-feed`,
    });
    const { data } = await schedulePage(quiet.pro.userId, quiet.business.id);
    const file = `${String(data.feedUrl).split("/calendar/")[1]}`;
    const args = await signedInArgs(
      database.handle,
      quiet.pro.userId,
      `/calendar/${file}`,
      undefined,
      MONDAY,
    );
    const feed = await feedLoader({ ...args, params: { file } });
    const ics = await feed.text();
    expect(ics).toContain(`X-WR-CALNAME:TradeMatch visits: ${quiet.business.name}`);
    expect(summariesOf(ics)).toEqual([
      "Site visit: Roof Repair in Denver, CO 80202 with Jordan Q.",
      "Site visit: Roof Repair in Denver, CO 80202 with Jordan Quintero",
    ]);
    expect(ics).not.toContain(`with ${quiet.business.name}`);
    expect(open.visitId).toBeTruthy();
  });

  it("feeds the business's visits only, not its owner's own as a homeowner", async () => {
    const mine = await booked(TUESDAY_NINE, "email");
    // The pro's own house: a request of theirs to another roofer, with a visit booked.
    const roofer = await createBusiness(db, null, "Other Roofing");
    const ownHouse = await acceptedRequest(db, { business: roofer });
    await db.update(leads).set({ userId: mine.pro.userId }).where(eq(leads.id, ownHouse.leadId));
    await bookVisit(
      db,
      mine.pro.userId,
      {
        leadId: ownHouse.leadId,
        contractorId: roofer.id,
        start: TUESDAY_NINE,
        address: "9 Own St",
      },
      at(MONDAY),
    );
    await answer(
      scheduleAction(
        await signedInArgs(
          database.handle,
          mine.pro.userId,
          `/pro/schedule?business=${mine.business.id}`,
          { intent: "create_feed" },
          MONDAY,
        ),
      ),
    );
    const { data, html } = await schedulePage(mine.pro.userId, mine.business.id);
    expect(html).toContain('id="calendar-feed"');
    expect(html).not.toContain("/dashboard/schedule");
    const file = `${String(data.feedUrl).split("/calendar/")[1]}`;
    const args = await signedInArgs(
      database.handle,
      mine.pro.userId,
      `/calendar/${file}`,
      undefined,
      MONDAY,
    );
    const ics = await (await feedLoader({ ...args, params: { file } })).text();
    expect(summariesOf(ics)).toEqual([
      "Site visit: Roof Repair in Denver, CO 80202 with Jordan Quintero",
    ]);
    expect(ics).not.toContain("9 Own St");
    expect(ics).not.toContain("Other Roofing");
  });

  it("lists a cancelled visit as cancelled, with the site's cause", async () => {
    const { homeowner, pro, business, leadId, visitId } = await booked(TUESDAY_NINE, "email");
    await removePro(db, homeowner, leadId, business.id, at(MONDAY));
    const week = await proScheduleOf(
      db,
      pro.userId,
      business.id,
      { view: "week", now: MONDAY },
      "en",
    );
    expect(week.entries).toEqual([
      expect.objectContaining({ visitId, state: "cancelled_by_homeowner", cause: "pro_removed" }),
    ]);
    const { html } = await schedulePage(pro.userId, business.id);
    expect(html).toContain("Cancelled: the pro was removed from the request.");
  });

  it("opens on the next visit's week when this one is empty, and says so", async () => {
    const { pro, business } = await booked(LATER_TUESDAY_NINE, "email");
    const opened = await schedulePage(pro.userId, business.id);
    expect(opened.data).toMatchObject({
      schedule: { from: "2026-03-16", to: "2026-03-22", opened: true, next: null },
    });
    expect(opened.html).toContain("No visits this week: this is the week of your next visit.");
    expect(opened.html).toContain("9:00 AM – 10:00 AM MDT");
    // Asked for this week itself: it is empty, and links to the next visit.
    const asked = await schedulePage(pro.userId, business.id, "&date=2026-03-02");
    expect(asked.data).toMatchObject({
      schedule: {
        from: "2026-03-02",
        opened: false,
        next: { startsAt: LATER_TUESDAY_NINE.toISOString(), date: "2026-03-17" },
      },
    });
    expect(asked.html).toContain("No visits in this week.");
    expect(asked.html).toContain("Next visit: Tue, Mar 17, 9:00 AM MDT");
    expect(asked.html).toContain(`date=2026-03-17`);
  });
});
