/**
 * The pro's side of site visits (issue 34), on the data layer: the visit
 * settings a pro saves are the ones read back; the schedule lists only the
 * visits of the owner's business in the days asked for (another person's
 * business is NotFound); proposing stores up to three times and refuses a
 * fourth, a past time and one overlapping a booked visit. The hours form and
 * the propose form read what was typed. PGlite and PostgreSQL.
 */
import { I18nProvider } from "@lingui/react";
import { eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadChoice, NotFound } from "~/features/marketplace/index.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import {
  hoursValues,
  readWeeklyHours,
  TimeZoneSelect,
  typedRanges,
  WeeklyHoursFields,
} from "~/features/visits/hours-form";
import { DaysOffSection } from "~/features/visits/days-off-section";
import { defaultVisitSettings, type VisitSettings } from "~/features/visits/hours";
import { proScheduleOf } from "~/features/visits/pro-schedule.server";
import { openVisitOfPart, visitSectionOf } from "~/features/visits/visit-section.server";
import { ProposeVisitSection } from "~/features/visits/propose-visit";
import { saveVisitSettings, visitSettingsOf } from "~/features/visits/settings.server";
import { freeSlotsOf } from "~/features/visits/visit-slots.server";
import { bookVisit, proposeVisit } from "~/features/visits/visits.server";
import { wallClockOf } from "~/features/visits/zoned-time";
import { i18nFor } from "~/lib/i18n.server";
import { proposedTimes } from "~/routes/pro/propose-visit.server";
import { answerProRequest } from "~/routes/pro/request-answer.server";
import ProSchedulePage from "~/routes/pro/schedule";
import VisitHoursPage, {
  action as visitHoursAction,
  loader as visitHoursLoader,
} from "~/routes/pro/visit-hours";
import { visitDaysOff, visitOptions } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { answer, signedInArgs as routeArgs } from "../support/route-args";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  refused,
} from "../support/marketplace-factories";

const HOUR_MS = 60 * 60 * 1000;
const ZONE = "America/Denver";
const ALL_WEEK = { start: "08:00", end: "17:00" };

/** Every day 08:00–17:00 in Denver, hour-long visits, no notice: a slot is always near. */
const OPEN_SETTINGS: VisitSettings = {
  timeZone: ZONE,
  weeklyHours: {
    mon: [ALL_WEEK],
    tue: [ALL_WEEK],
    wed: [ALL_WEEK],
    thu: [ALL_WEEK],
    fri: [ALL_WEEK],
    sat: [ALL_WEEK],
    sun: [ALL_WEEK],
  },
  visitMinutes: 60,
  bufferMinutes: 15,
  noticeHours: 0,
  horizonDays: 30,
};

describe("the hours form's fields", () => {
  it("keeps what was typed, sorts each day's ranges and says each day's first problem", () => {
    const values = {
      intent: "save",
      "mon.0.start": "13:00",
      "mon.0.end": "17:00",
      "mon.1.start": "08:00",
      "mon.1.end": "12:00:00",
      "mon.2.start": "",
      "mon.2.end": "",
      "tue.0.start": "10:00",
      "tue.0.end": "09:00",
      "wed.0.start": "08:00",
      "wed.0.end": "12:00",
      "wed.1.start": "11:00",
      "wed.1.end": "14:00",
      "thu.0.start": "9",
      "thu.0.end": "",
    };
    expect(typedRanges(values).mon).toEqual([
      { start: "13:00", end: "17:00" },
      { start: "08:00", end: "12:00" },
    ]);
    const { hours, problems } = readWeeklyHours(values);
    expect(hours.mon).toEqual([
      { start: "08:00", end: "12:00" },
      { start: "13:00", end: "17:00" },
    ]);
    expect(hours.fri).toEqual([]);
    expect(problems).toEqual({ tue: "order", wed: "overlap", thu: "format" });
    const five = Object.fromEntries(
      [0, 1, 2, 3, 4].flatMap((i) => [
        [`sat.${i}.start`, `0${i + 1}:00`],
        [`sat.${i}.end`, `0${i + 1}:30`],
      ]),
    );
    expect(readWeeklyHours(five).problems).toEqual({ sat: "too_many" });
    const saved = defaultVisitSettings(ZONE).weeklyHours;
    expect(readWeeklyHours(hoursValues(saved))).toEqual({ hours: saved, problems: {} });
  });

  it("reads proposed times in the business's zone, skipping blank pairs", () => {
    const now = new Date("2027-03-01T12:00:00Z");
    const zones = { typed: ZONE, job: ZONE };
    const typed = proposedTimes(
      { date1: "2027-03-10", time1: "09:00", date2: "", time2: "", date3: "2027-03-11", time3: "" },
      zones,
      now,
      "en",
    );
    expect(typed.starts).toEqual([new Date("2027-03-10T16:00:00Z")]);
    expect(Object.keys(typed.problems)).toEqual(["time3"]);
    expect(Object.keys(proposedTimes({}, zones, now, "en").problems)).toEqual(["date1"]);
    const past = proposedTimes({ date1: "2027-02-01", time1: "09:00" }, zones, now, "en");
    expect(past.problems).toEqual({
      time1: "Mon, Feb 1, 9:00 AM MST has passed. Propose a time still to come.",
    });
    const wrong = proposedTimes({ date1: "2027-02-30", time1: "9 am" }, zones, now, "en");
    expect(Object.keys(wrong.problems).sort()).toEqual(["date1", "time1"]);
  });
});

/** The HTML of a page part, in English, inside a router (its forms and links need one). */
function html(element: ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    createElement(I18nProvider, { i18n: i18nFor("en") }, createElement(RouterProvider, { router })),
  );
}

describe("the pages' parts", () => {
  it("show each day's ranges with a spare pair, and a day's problem tied to its fields", () => {
    const page = html(
      createElement(WeeklyHoursFields, {
        values: { "mon.0.start": "08:00", "mon.0.end": "07:00" },
        problems: { mon: "The end must be after the start" },
      }),
    );
    expect(page).toContain('name="mon.0.start"');
    expect(page).toContain('value="07:00"');
    expect(page).toContain('name="mon.1.end"');
    expect(page).toContain('name="sun.0.start"');
    expect(page).not.toContain('name="sun.1.start"');
    expect(page).toContain('aria-describedby="hours-mon-error"');
    expect(page).toContain('id="hours-mon-error"');
    expect(page).toContain("The end must be after the start");
  });

  it("name the zones with their short names, and list dates off with Remove", () => {
    const zones = html(
      createElement(TimeZoneSelect, {
        field: { id: "visits-timeZone", name: "timeZone", defaultValue: "Europe/Paris" },
        zoneNames: { "America/Denver": "MST" },
      }),
    );
    expect(zones).toContain('value="America/Denver"');
    expect(zones).toContain('value="Europe/Paris"');
    const daysOff = html(
      createElement(DaysOffSection, {
        daysOff: [{ id: "d1", startsOn: "2027-03-10", endsOn: "2027-03-12", note: "Holidays" }],
        today: "2027-03-01",
        answer: { ok: false, errors: { endsOn: "The last day can't be before the first." } },
      }),
    );
    expect(daysOff).toContain('value="remove_day_off"');
    expect(daysOff).toContain("Holidays");
    expect(daysOff).toContain("The last day can&#x27;t be before the first.");
  });

  it("propose times in the business's zone, or show the open visit", () => {
    const form = html(
      createElement(ProposeVisitSection, {
        section: { canArrange: true, open: null, timeZone: ZONE, jobZone: ZONE },
        now: "2027-03-01T12:00:00.000Z",
        answer: {
          ok: false,
          errors: { time1: "This time has passed." },
          values: { date1: "2027-03-10" },
        },
      }),
    );
    expect(form).toContain('name="time3"');
    expect(form).toContain('value="propose_visit"');
    expect(form).toContain('value="2027-03-10"');
    expect(form).toContain("This time has passed.");
    const open = html(
      createElement(ProposeVisitSection, {
        now: "2027-03-01T12:00:00.000Z",
        section: {
          canArrange: true,
          timeZone: ZONE,
          jobZone: ZONE,
          open: {
            id: "v1",
            state: "booked",
            startsAt: "2027-03-10T16:00:00.000Z",
            timeZone: ZONE,
            options: [],
          },
        },
        answer: undefined,
      }),
    );
    expect(open).toContain("Wed, Mar 10, 9:00 AM MST");
    expect(open).toContain('href="/visits/v1"');
  });
});

describe("the pages", () => {
  /** A route's page with the data its loader and action gave (the props React Router passes). */
  const page = (Page: unknown, props: Record<string, unknown>) =>
    html(createElement(Page as (props: Record<string, unknown>) => ReactElement, props));

  it("show the visit hours with a refusal beside its day and what was typed", () => {
    const loaderData = {
      business: { id: "b1", name: "Summit Ridge" },
      timeZone: ZONE,
      values: {
        timeZone: ZONE,
        visitMinutes: "60",
        bufferMinutes: "0",
        noticeHours: "24",
        horizonDays: "30",
        ...hoursValues(OPEN_SETTINGS.weeklyHours),
      },
      daysOff: [],
      today: "2027-03-01",
      zoneNames: { [ZONE]: "MST" },
      done: "saved",
      title: "Visit hours",
    };
    expect(page(VisitHoursPage, { loaderData })).toContain('name="sun.1.start"');
    const refused = page(VisitHoursPage, {
      loaderData,
      actionData: {
        ok: false,
        form: "save",
        errors: { tue: "Ranges overlap" },
        values: {
          intent: "save",
          timeZone: ZONE,
          visitMinutes: "90",
          "tue.0.start": "08:00",
          "tue.0.end": "12:00",
          "tue.1.start": "11:00",
          "tue.1.end": "13:00",
        },
      },
    });
    expect(refused).toContain("Ranges overlap");
    expect(refused).toContain('value="11:00"');
    expect(refused).toMatch(/<option value="90" selected="">/);
    expect(refused).not.toContain('name="mon.1.start"');
  });

  it("show the schedule's days, or says the week is empty", () => {
    const schedule = {
      timeZone: ZONE,
      view: "week",
      date: "2027-03-10",
      from: "2027-03-08",
      to: "2027-03-14",
      today: "2027-03-09",
      entries: [
        {
          visitId: "v1",
          state: "booked",
          startsAt: "2027-03-10T16:00:00.000Z",
          endsAt: "2027-03-10T17:00:00.000Z",
          timeZone: "America/Chicago",
          day: "2027-03-10",
          homeowner: "Jordan L.",
          project: "Roof Repair in Denver, CO 80202",
          address: "1200 Main St",
          proposed: false,
          cause: null,
        },
      ],
      opened: false,
      next: null,
    };
    const days = ["08", "09", "10", "11", "12", "13", "14"].map((d) => `2027-03-${d}`);
    const loaderData = {
      business: { id: "b1", name: "Summit Ridge" },
      schedule,
      days,
      previous: "2027-03-01",
      next: "2027-03-15",
      feedUrl: null,
      feedDone: null,
      now: "2027-03-09T12:00:00.000Z",
      title: "Schedule",
    };
    const week = page(ProSchedulePage, { loaderData });
    expect(week).toContain("10:00 AM – 11:00 AM CST");
    expect(week).toContain("1200 Main St");
    expect(week).toContain('href="/visits/v1"');
    expect(week).toContain("view=week&amp;date=2027-03-15");
    expect(week).toContain("print:hidden");
    const empty = page(ProSchedulePage, {
      loaderData: { ...loaderData, schedule: { ...schedule, entries: [] } },
    });
    expect(empty).toContain("No visits in this week.");
    expect(empty).toContain('href="/pro/visits?business=b1"');
  });
});

describe.each(DATABASE_TARGETS)("the pro's visits on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let homeowner: Actor;
  let pro: Actor;
  let business: { id: string; name: string };

  /** A request sent to the business, which accepted it. */
  async function acceptedRequest(to: { id: string; name: string }, owner: Actor) {
    const leadId = await createRequest(db(), homeowner);
    await sendToPros(db(), homeowner, leadId, [to.id], consentFor(to), delivery);
    await proStep(db(), owner.userId, leadId, to.id, { event: "view" });
    await proStep(db(), owner.userId, leadId, to.id, { event: "accept" });
    return leadId;
  }

  beforeAll(async () => {
    database = await target.create();
    homeowner = await createPerson(db(), "Jordan Lee");
    pro = await createPerson(db(), "Sam Roofer");
    business = await createBusiness(db(), pro);
    await saveVisitSettings(db(), business.id, OPEN_SETTINGS, new Date());
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("reads back the settings a pro saved, and the defaults before", async () => {
    const other = await createBusiness(db(), pro);
    expect((await visitSettingsOf(db(), other.id)).custom).toBe(false);
    const chosen: VisitSettings = {
      ...OPEN_SETTINGS,
      timeZone: "America/Halifax",
      weeklyHours: { ...OPEN_SETTINGS.weeklyHours, sat: [], sun: [] },
      visitMinutes: 90,
      noticeHours: 48,
      horizonDays: 60,
    };
    await saveVisitSettings(db(), other.id, chosen, new Date());
    expect(await visitSettingsOf(db(), other.id)).toEqual({ ...chosen, custom: true });
    await saveVisitSettings(db(), other.id, { ...chosen, bufferMinutes: 30 }, new Date());
    expect((await visitSettingsOf(db(), other.id)).bufferMinutes).toBe(30);
  });

  it("proposes up to three times, refusing a fourth, a past time and an overlap", async () => {
    const booked = await acceptedRequest(business, pro);
    const [slot] = (await freeSlotsOf(db(), business.id, new Date(), { limit: 1 })).slots;
    if (!slot) throw new Error("no free slot");
    await bookVisit(
      db(),
      homeowner.userId,
      { leadId: booked, contractorId: business.id, start: slot.start },
      delivery,
    );

    const leadId = await acceptedRequest(business, pro);
    expect(await visitSectionOf(db(), leadId, business.id)).toEqual({
      canArrange: true,
      open: null,
      timeZone: ZONE,
      jobZone: ZONE,
    });
    const at = (hours: number) => new Date(slot.start.getTime() + hours * HOUR_MS);
    const propose = (starts: Date[]) =>
      proposeVisit(db(), pro.userId, { leadId, contractorId: business.id, starts }, delivery);
    expect(await refused(propose([at(24), at(26), at(28), at(48)]))).toBeInstanceOf(BadChoice);
    expect(await refused(propose([new Date(Date.now() - HOUR_MS)]))).toBeInstanceOf(BadChoice);
    expect(await refused(propose([at(24), at(0.5)]))).toBeInstanceOf(BadChoice);
    // Someone else's business: not found, as if it did not exist.
    const stranger = await createPerson(db(), "Alex Stranger");
    expect(
      await refused(
        proposeVisit(
          db(),
          stranger.userId,
          { leadId, contractorId: business.id, starts: [at(24)] },
          delivery,
        ),
      ),
    ).toBeInstanceOf(NotFound);

    const visitId = await propose([at(48), at(24), at(26)]);
    const stored = await db()
      .select({ startsAt: visitOptions.startsAt })
      .from(visitOptions)
      .where(eq(visitOptions.visitId, visitId));
    expect(stored.map((row) => row.startsAt.getTime()).sort()).toEqual(
      [at(24), at(26), at(48)].map((d) => d.getTime()),
    );
    const open = await openVisitOfPart(db(), leadId, business.id);
    expect(open).toMatchObject({ id: visitId, state: "proposed", startsAt: null });
    expect(open?.options.map((option) => option.startsAt)).toEqual(
      [at(24), at(26), at(48)].map((d) => d.toISOString()),
    );
    // One open visit at a time: another proposal is refused.
    expect(await refused(propose([at(72)]))).toBeInstanceOf(Error);
  });

  it("lists only the owner's business's visits in the days asked for", async () => {
    const now = new Date();
    const rival = await createPerson(db(), "Riley Rival");
    const theirs = await createBusiness(db(), rival);
    await saveVisitSettings(db(), theirs.id, OPEN_SETTINGS, now);
    const leadId = await acceptedRequest(business, pro);
    const theirLead = await acceptedRequest(theirs, rival);
    const [slot] = (await freeSlotsOf(db(), business.id, now, { limit: 1 })).slots;
    if (!slot) throw new Error("no free slot");
    const mine = await bookVisit(
      db(),
      homeowner.userId,
      { leadId, contractorId: business.id, start: slot.start, address: "1200 Main St" },
      delivery,
    );
    await bookVisit(
      db(),
      homeowner.userId,
      { leadId: theirLead, contractorId: theirs.id, start: slot.start },
      delivery,
    );

    const day = wallClockOf(slot.start, ZONE).date;
    const ask = (view: "day" | "week", date: string) =>
      proScheduleOf(db(), pro.userId, business.id, { view, date, now }, "en");
    const oneDay = await ask("day", day);
    expect(oneDay).toMatchObject({ timeZone: ZONE, from: day, to: day });
    const booked = oneDay.entries.filter((entry) => entry.visitId === mine);
    expect(booked).toEqual([
      expect.objectContaining({
        visitId: mine,
        state: "booked",
        startsAt: slot.start.toISOString(),
        day,
        // The homeowner allowed any channel: the pro sees their name, as on every page.
        homeowner: "Jordan Lee",
        address: "1200 Main St",
        timeZone: ZONE,
      }),
    ]);
    expect(booked[0]?.project).toContain("Denver");
    // The week of that day, Monday first, holds it; the week five weeks later does not.
    const week = await ask("week", day);
    expect(wallClockOf(new Date(`${week.from}T12:00:00Z`), "UTC").weekday).toBe("mon");
    expect(week.entries.some((entry) => entry.visitId === mine)).toBe(true);
    const later = new Date(slot.start.getTime() + 35 * 24 * HOUR_MS);
    expect((await ask("week", wallClockOf(later, ZONE).date)).entries).toEqual([]);
    // In order, and never the rival's visit at the same time.
    const starts = week.entries.map((entry) => entry.startsAt);
    expect(starts).toEqual([...starts].sort());
    const rivalView = await proScheduleOf(
      db(),
      rival.userId,
      theirs.id,
      { view: "day", date: day, now },
      "en",
    );
    expect(rivalView.entries.map((entry) => entry.visitId)).not.toContain(mine);
    // Another person's business is not found, whoever asks.
    expect(
      await refused(proScheduleOf(db(), pro.userId, theirs.id, { view: "week", now }, "en")),
    ).toBeInstanceOf(NotFound);
    expect(
      await refused(proScheduleOf(db(), rival.userId, business.id, { view: "week", now }, "en")),
    ).toBeInstanceOf(NotFound);
  });

  describe("through the routes' loaders and actions", () => {
    const signedInArgs = (userId: string, path: string, form?: Record<string, string>) =>
      routeArgs(database.handle, userId, path, form);
    const hoursPath = () => `/pro/visits?business=${business.id}`;

    it("saves the visit hours, or refuses them beside their day with what was typed", async () => {
      const loaded = await answer(visitHoursLoader(await signedInArgs(pro.userId, hoursPath())));
      expect(loaded).toMatchObject({
        status: 200,
        data: { timeZone: ZONE, values: { "mon.0.start": "08:00" } },
      });
      const typed = {
        intent: "save",
        timeZone: "America/Chicago",
        visitMinutes: "90",
        bufferMinutes: "30",
        noticeHours: "48",
        horizonDays: "60",
        "tue.0.start": "13:00",
        "tue.0.end": "17:00",
        "tue.1.start": "08:00",
        "tue.1.end": "13:30",
      };
      const refused = await answer(
        visitHoursAction(
          await signedInArgs(pro.userId, hoursPath(), { ...typed, visitMinutes: "7" }),
        ),
      );
      expect(refused).toMatchObject({
        status: 400,
        data: { form: "save", errors: { tue: "Ranges overlap" }, values: { "tue.1.end": "13:30" } },
      });
      expect(Object.keys((refused.data as { errors: object }).errors).sort()).toEqual([
        "tue",
        "visitMinutes",
      ]);
      const saved = await answer(
        visitHoursAction(
          await signedInArgs(pro.userId, hoursPath(), { ...typed, "tue.1.end": "12:00" }),
        ),
      );
      expect(saved).toMatchObject({ status: 302 });
      expect(saved.location).toContain("done=saved");
      const settings = await visitSettingsOf(db(), business.id);
      expect(settings).toMatchObject({
        timeZone: "America/Chicago",
        visitMinutes: 90,
        horizonDays: 60,
      });
      expect(settings.weeklyHours.tue).toEqual([
        { start: "08:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ]);
      expect(settings.weeklyHours.mon).toEqual([]);
      await saveVisitSettings(db(), business.id, OPEN_SETTINGS, new Date());
      // Another person's business is the plain 404.
      const stranger = await createPerson(db(), "Casey Stranger");
      expect(
        (await answer(visitHoursLoader(await signedInArgs(stranger.userId, hoursPath())))).status,
      ).toBe(404);
    });

    it("adds and removes dates off, the business's own only", async () => {
      const today = wallClockOf(new Date(), ZONE).date;
      const add = async (form: Record<string, string>, userId = pro.userId) =>
        answer(
          visitHoursAction(
            await signedInArgs(userId, hoursPath(), { intent: "add_day_off", ...form }),
          ),
        );
      const past = await add({ startsOn: "2020-01-01", endsOn: "2020-01-02" });
      expect(past).toMatchObject({
        status: 400,
        data: { form: "day_off", values: { startsOn: "2020-01-01" } },
      });
      expect(Object.keys((past.data as { errors: object }).errors)).toEqual(["startsOn"]);
      const backwards = await add({ startsOn: today, endsOn: "2020-01-01" });
      expect(Object.keys((backwards.data as { errors: object }).errors)).toEqual(["endsOn"]);
      expect((await add({ startsOn: today, endsOn: today, note: "Holidays" })).status).toBe(302);
      const [off] = await db()
        .select()
        .from(visitDaysOff)
        .where(eq(visitDaysOff.contractorId, business.id));
      expect(off).toMatchObject({ startsOn: today, endsOn: today, note: "Holidays" });
      const remove = async (id: string, userId = pro.userId) =>
        answer(
          visitHoursAction(
            await signedInArgs(userId, hoursPath(), { intent: "remove_day_off", id }),
          ),
        );
      expect((await remove("00000000-0000-4000-8000-000000000001")).status).toBe(404);
      expect((await remove("not-an-id")).status).toBe(404);
      expect((await remove(off?.id ?? "")).status).toBe(302);
      expect(
        await db().select().from(visitDaysOff).where(eq(visitDaysOff.contractorId, business.id)),
      ).toEqual([]);
    });

    it("proposes times from the request page, refusing a form without one", async () => {
      const leadId = await acceptedRequest(business, pro);
      const path = `/pro/requests/${leadId}?business=${business.id}`;
      const propose = async (form: Record<string, string>) =>
        answer(answerProRequest(...(await requestArgs(form))));
      const requestArgs = async (form: Record<string, string>) => {
        const args = await signedInArgs(pro.userId, path, { intent: "propose_visit", ...form });
        return [args.request, args.context, leadId] as const;
      };
      const blank = await propose({ date1: "", time1: "" });
      expect(blank).toMatchObject({ status: 400, data: { form: "visit" } });
      expect(Object.keys((blank.data as { errors: object }).errors)).toEqual(["date1"]);
      const soon = wallClockOf(new Date(Date.now() + 3 * 24 * HOUR_MS), ZONE).date;
      const done = await propose({ date1: soon, time1: "10:00", date2: soon, time2: "14:00" });
      expect(done).toMatchObject({ status: 302 });
      const open = await openVisitOfPart(db(), leadId, business.id);
      expect(open?.options).toHaveLength(2);
      // A second proposal while one is open: the state table's sentence, for the visit's form.
      const again = await propose({ date1: soon, time1: "15:00" });
      expect(again).toMatchObject({ status: 409, data: { form: "visit" } });
    });
  });
});
