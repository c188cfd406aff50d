/**
 * Spring work booked in winter (issue 43), on each database with the clock
 * on Tuesday 1 December 2026: a pro offers homeowners a year of its days; a
 * visit after Denver's clocks spring forward (March 14, 2027) reads MDT, with
 * its year, on the visit's page, in both emails and in both invites; a pro
 * proposes beyond its horizon, and a time more than a year ahead is refused
 * beside its own field, naming the time and the limit, with every pair kept.
 */
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultVisitSettings } from "~/features/visits/hours";
import { saveVisitSettings } from "~/features/visits/settings.server";
import { openVisitOfPart } from "~/features/visits/visit-section.server";
import { bookVisit } from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import { answerProRequest } from "~/routes/pro/request-answer.server";
import VisitHoursPage, { loader as visitHoursLoader } from "~/routes/pro/visit-hours";
import VisitPage, { loader as visitLoader } from "~/routes/visits/visit";
import { outboxJobs } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { acceptedRequest, delivery } from "../support/marketplace-factories";
import { pageHtml } from "../support/pages";
import { answer, signedInArgs } from "../support/route-args";
import { told } from "../support/visit-notices";

/** Tuesday 1 December 2026, 11 AM in Denver (MST). */
const DECEMBER = new Date("2026-12-01T18:00:00Z");
/** Tuesday 16 March 2027, 9 AM in Denver: daylight time since the 14th, UTC−6. */
const SPRING_NINE = new Date("2027-03-16T15:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });

/** The invite's start: its wall clock and zone, the instant and offset its VTIMEZONE gives. */
function startOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const daylight = calendar.getFirstSubcomponent("vtimezone")?.getFirstSubcomponent("daylight");
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no event");
  const start = new ICAL.Event(vevent).startDate;
  return {
    wallClock: start.toString(),
    zone: String(vevent.getFirstProperty("dtstart")?.getParameter("tzid")),
    instant: start.toJSDate().toISOString(),
    offsetHours: start.utcOffset() / 3600,
    daylightName: daylight?.getFirstPropertyValue("tzname"),
  };
}

describe.each(DATABASE_TARGETS)("spring work booked in winter, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A roofer in Denver taking bookings a year ahead, and a homeowner it accepted. */
  async function yearAhead(horizonDays = 365) {
    const request = await acceptedRequest(db);
    await saveVisitSettings(
      db,
      request.business.id,
      { ...defaultVisitSettings("America/Denver"), horizonDays },
      DECEMBER,
    );
    return request;
  }

  it("offers the pro horizons up to a year on the visit hours page", async () => {
    const { pro, business } = await yearAhead();
    const path = `/pro/visits?business=${business.id}`;
    const loaded = await answer(
      visitHoursLoader(await signedInArgs(database.handle, pro.userId, path, undefined, DECEMBER)),
    );
    expect(loaded).toMatchObject({ status: 200, data: { values: { horizonDays: "365" } } });
    const page = pageHtml(VisitHoursPage, { loaderData: loaded.data });
    expect(page).toMatch(/<option value="365" selected="">1 year<\/option>/);
    expect(page).toContain('<option value="180">180 days</option>');
    expect(page).toContain("You can propose times up to a year ahead from a request");
  });

  it("books March 16, 2027 from December: MDT with its year on the page, in emails and invites", async () => {
    const { homeowner, business, leadId } = await yearAhead();
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: SPRING_NINE, address: "1200 Larimer St" },
      at(DECEMBER),
    );

    const args = await signedInArgs(
      database.handle,
      homeowner.userId,
      `/visits/${visitId}`,
      undefined,
      DECEMBER,
    );
    const loaded = await answer(visitLoader({ ...args, params: { id: visitId } }));
    expect(loaded.status).toBe(200);
    expect(pageHtml(VisitPage, { loaderData: loaded.data })).toContain(
      "Tue, Mar 16, 2027, 9:00 AM MDT",
    );

    await told(db, DECEMBER);
    const rows = await db
      .select({ payload: outboxJobs.payload })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "visit_email")));
    const emails = rows.map((row) => row.payload as EmailMessage);
    expect(emails.map((email) => email.to).sort()).toEqual(
      ["jordan@example.com", `office-${business.id}@example.com`].sort(),
    );
    for (const email of emails) {
      expect(email.subject).toBe("Visit booked: Tue, Mar 16, 2027, 9:00 AM MDT");
      expect(email.text).toContain("Tue, Mar 16, 2027, 9:00 AM MDT");
      if (!email.calendar) throw new Error(`no invite to ${email.to}`);
      expect(startOf(email.calendar.content)).toEqual({
        wallClock: "2027-03-16T09:00:00",
        zone: "America/Denver",
        instant: SPRING_NINE.toISOString(),
        offsetHours: -6,
        daylightName: "MDT",
      });
    }
  });

  describe("the pro proposing from the request page", () => {
    /** The propose form posted at `now` by the request's pro; what the route answered. */
    async function propose(
      request: Awaited<ReturnType<typeof yearAhead>>,
      form: Record<string, string>,
    ) {
      const path = `/pro/requests/${request.leadId}?business=${request.business.id}`;
      const args = await signedInArgs(
        database.handle,
        request.pro.userId,
        path,
        { intent: "propose_visit", ...form },
        DECEMBER,
      );
      return answer(answerProRequest(args.request, args.context, request.leadId));
    }

    it("proposes spring times beyond the 30 days homeowners can book", async () => {
      const request = await yearAhead(30);
      const done = await propose(request, {
        date1: "2027-03-16",
        time1: "09:00",
        date2: "2027-03-17",
        time2: "13:30",
      });
      expect(done).toMatchObject({ status: 302 });
      const open = await openVisitOfPart(db, request.leadId, request.business.id);
      expect(open?.options.map((option) => option.startsAt)).toEqual([
        SPRING_NINE.toISOString(),
        "2027-03-17T19:30:00.000Z",
      ]);
    });

    it("refuses a time more than a year ahead beside its day, naming it and the limit", async () => {
      const request = await yearAhead(30);
      const typed = {
        date1: "2027-03-16",
        time1: "09:00",
        date2: "2028-03-14",
        time2: "10:00",
        date3: "2027-04-02",
        time3: "08:00",
      };
      const refused = await propose(request, typed);
      expect(refused).toMatchObject({
        status: 400,
        data: {
          form: "visit",
          errors: {
            date2:
              "Tue, Mar 14, 2028, 10:00 AM MDT is more than a year ahead. Propose a time up to Wednesday, December 1, 2027.",
          },
          values: { intent: "propose_visit", ...typed },
        },
      });
      expect(Object.keys((refused.data as { errors: object }).errors)).toEqual(["date2"]);
      expect(await openVisitOfPart(db, request.leadId, request.business.id)).toBeNull();
    });
  });
});
