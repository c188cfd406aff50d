/**
 * The visits everywhere else (issue 34), on each database through the data
 * layer: the homeowner's schedule (upcoming and past, their own only), the
 * private calendar feed (whose it is, revoked, altered and forged tokens, a
 * new link stopping the old one) and the visits it lists, the data export's
 * visits and feeds (never the token), deletion taking them along, and the
 * demo accounts' sample visits.
 */
import { I18nProvider } from "@lingui/react";
import { and, eq, isNull } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import pino from "pino";
import { createMemoryRouter, RouterContextProvider, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { appContext, type AppServices } from "~/lib/app-context.server";
import { parseEnv } from "~/lib/env.server";
import { i18nFor } from "~/lib/i18n.server";
import { withLocale } from "~/lib/locale-context.server";
import SchedulePage, {
  action as scheduleAction,
  loader as scheduleLoader,
} from "~/routes/dashboard/schedule";
import { loader as feedLoader } from "~/routes/resources/calendar-feed";
import { createDemoAccount } from "~/features/auth/demo-account.server";
import { createSession } from "~/features/auth/session.server";
import { signedIn } from "~/features/auth/signed-in.server";
import { deleteAccount, exportPersonalData } from "~/features/auth/personal-data.server";
import { DEMO_CONTRACTOR } from "~/features/marketplace/demo-business.server";
import { visitOutcomesOf } from "~/features/operator/contractors.server";
import { requestDetail } from "~/features/operator/request-detail.server";
import { DEMO_HOMEOWNER } from "~/features/projects/demo-projects.server";
import { feedAction } from "~/features/visits/calendar-feed-actions.server";
import {
  feedOwner,
  liveFeedToken,
  renewFeed,
  revokeFeed,
} from "~/features/visits/calendar-feeds.server";
import { feedVisitsOf } from "~/features/visits/feed-visits.server";
import { homeownerSchedule } from "~/features/visits/homeowner-schedule.server";
import { bookVisit, cancelVisit, markVisit, proposeVisit } from "~/features/visits/visits.server";
import { calendarFeeds, contractors, leads, visits } from "../../database/schema";
import { seedDemoData } from "../../server/seed";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  acceptedRequest,
  createBusiness,
  createPerson,
  delivery,
} from "../support/marketplace-factories";

/** Monday 2 March 2026, noon UTC (5 AM in Denver, MST). */
const MONDAY = new Date("2026-03-02T12:00:00Z");
/** Tuesday 3 March, 9 AM in Denver; Wednesday and Thursday the same. */
const TUESDAY_NINE = new Date("2026-03-03T16:00:00Z");
const WEDNESDAY_NINE = new Date("2026-03-04T16:00:00Z");
const THURSDAY_NINE = new Date("2026-03-05T16:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });
/** A person's own calendar feed (not a business's). */
const personal = (userId: string) => ({ userId, contractorId: null });
const HOUR_MS = 3600_000;

/** The schedule page's HTML in English for this loader data, inside a router. */
function schedulePage(loaderData: Record<string, unknown>): string {
  const Page = SchedulePage as unknown as (props: Record<string, unknown>) => ReactElement;
  const router = createMemoryRouter([
    { path: "/", element: createElement(Page, { loaderData, actionData: undefined }) },
  ]);
  return renderToString(
    createElement(I18nProvider, { i18n: i18nFor("en") }, createElement(RouterProvider, { router })),
  );
}

describe("the schedule page", () => {
  const visit = {
    id: "v1",
    state: "booked",
    startsAt: TUESDAY_NINE.toISOString(),
    timeZone: "America/Denver",
    address: "77 Elm Court",
    leadId: "l1",
    project: "Roof Repair in Denver, CO 80202",
    business: { name: "Summit Ridge", slug: "summit-ridge" },
    timePicked: true,
    cause: null,
  };

  it("shows each visit in the job's zone with its pro, project, state and page", () => {
    const page = schedulePage({
      upcoming: [visit, { ...visit, id: "v2", state: "proposed", address: null }],
      past: [],
      feedUrl: "https://trade-match.example/calendar/abc.ics",
      feedDone: "create_feed",
      now: MONDAY.toISOString(),
      title: "Schedule",
    });
    expect(page).toContain("Tue, Mar 3, 9:00 AM MST");
    expect(page).toContain("Times proposed: pick one");
    expect(page).toContain('href="/visits/v1"');
    expect(page).toContain('href="/visits/v2"');
    expect(page).toContain('href="/pros/summit-ridge"');
    expect(page).toContain('href="/dashboard/projects/l1"');
    expect(page).toContain("77 Elm Court");
    expect(page).toContain("Booked");
    expect(page).toContain("Your private calendar link");
    expect(page).toContain('value="https://trade-match.example/calendar/abc.ics"');
    expect(page).toContain('aria-describedby="calendar-feed-link-hint"');
    expect(page).toContain('value="renew_feed"');
    expect(page).toContain('value="revoke_feed"');
    expect(page).not.toContain('value="create_feed"');
    expect(page).toContain('role="status"');
  });

  it("says a cancelled visit is cancelled, with the site's cause, and a proposal never picked", () => {
    const page = schedulePage({
      upcoming: [{ ...visit, state: "cancelled_by_pro", cause: "other_hired" }],
      past: [{ ...visit, id: "v3", state: "cancelled_by_pro", startsAt: null, timePicked: false }],
      feedUrl: null,
      feedDone: null,
      now: MONDAY.toISOString(),
      title: "Schedule",
    });
    expect(page).toContain("Cancelled: another pro was hired.");
    expect(page).toContain("Times proposed, none picked");
    expect(page).toContain("Cancelled by the pro");
    expect(page).toContain("line-through");
  });

  it("says when there is no visit yet, and offers to make the link", () => {
    const page = schedulePage({
      upcoming: [],
      past: [],
      feedUrl: null,
      feedDone: null,
      now: MONDAY.toISOString(),
      title: "Schedule",
    });
    expect(page).toContain("No visits yet");
    expect(page).toContain("Create my private calendar link");
    expect(page).toContain('value="create_feed"');
    expect(page).not.toContain("Your private calendar link");
  });
});

describe.each(DATABASE_TARGETS)("visits everywhere else on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function book(request: Awaited<ReturnType<typeof acceptedRequest>>, start: Date) {
    return bookVisit(
      db,
      request.homeowner.userId,
      {
        leadId: request.leadId,
        contractorId: request.business.id,
        start,
        address: "77 Elm Court",
      },
      at(MONDAY),
    );
  }

  describe("the homeowner's schedule", () => {
    it("lists upcoming visits soonest first, and past ones newest first, by date", async () => {
      const first = await acceptedRequest(db);
      const { homeowner } = first;
      // Three more requests of the same homeowner, each with its own business.
      const more = await Promise.all([1, 2, 3].map(() => acceptedRequest(db)));
      for (const request of more) {
        await db
          .update(leads)
          .set({ userId: homeowner.userId })
          .where(eq(leads.id, request.leadId));
      }
      const [second, third, fourth] = more.map((request) => ({ ...request, homeowner }));
      if (!second || !third || !fourth) throw new Error("no requests");

      const thursday = await book(first, THURSDAY_NINE);
      const tuesday = await book(second, TUESDAY_NINE);
      const proposed = await proposeVisit(
        db,
        third.pro.userId,
        { leadId: third.leadId, contractorId: third.business.id, starts: [WEDNESDAY_NINE] },
        at(MONDAY),
      );
      const cancelled = await book(fourth, WEDNESDAY_NINE);
      await cancelVisit(db, homeowner, { visitId: cancelled, reason: "Away" }, at(MONDAY));

      const monday = await homeownerSchedule(db, homeowner.userId, "en", MONDAY);
      // By date: Wednesday's cancelled visit is still ahead (issue 43), and says it is cancelled.
      expect(monday.upcoming.map((visit) => visit.id)).toEqual([
        tuesday,
        ...[proposed, cancelled].sort(),
        thursday,
      ]);
      expect(monday.upcoming[0]).toMatchObject({
        state: "booked",
        startsAt: TUESDAY_NINE.toISOString(),
        timeZone: "America/Denver",
        address: "77 Elm Court",
        leadId: second.leadId,
        project: "Roof Repair in Denver, CO 80202",
        business: { name: second.business.name },
      });
      // A proposal sorts by its first time.
      expect(monday.upcoming.find((visit) => visit.id === proposed)).toMatchObject({
        state: "proposed",
        startsAt: WEDNESDAY_NINE.toISOString(),
        timePicked: false,
      });
      expect(monday.upcoming.find((visit) => visit.id === cancelled)).toMatchObject({
        state: "cancelled_by_homeowner",
        startsAt: WEDNESDAY_NINE.toISOString(),
        timePicked: true,
        cause: null,
      });
      expect(monday.past).toEqual([]);

      // Wednesday noon: Tuesday's is over (booked, its time gone); then marked done.
      const wednesday = new Date("2026-03-04T19:00:00Z");
      const later = await homeownerSchedule(db, homeowner.userId, "en", wednesday);
      expect(later.upcoming.map((visit) => visit.id)).toEqual([proposed, thursday]);
      expect(later.past.map((visit) => visit.id)).toEqual([cancelled, tuesday]);
      await markVisit(db, second.pro, { visitId: tuesday, outcome: "done" }, at(wednesday));
      const marked = await homeownerSchedule(db, homeowner.userId, "es", wednesday);
      expect(marked.past.find((visit) => visit.id === tuesday)?.state).toBe("done");
    });

    it("shows nobody else's visits, not even to the pro", async () => {
      const request = await acceptedRequest(db);
      await book(request, TUESDAY_NINE);
      const stranger = await createPerson(db, "Sam Other");
      expect(await homeownerSchedule(db, stranger.userId, "en", MONDAY)).toEqual({
        upcoming: [],
        past: [],
      });
      expect(await homeownerSchedule(db, request.pro.userId, "en", MONDAY)).toEqual({
        upcoming: [],
        past: [],
      });
    });
  });

  describe("the calendar feed", () => {
    it("knows whose a live token is, and nothing of a revoked, altered or forged one", async () => {
      const person = await createPerson(db);
      expect(await liveFeedToken(db, personal(person.userId))).toBeNull();
      const token = await renewFeed(db, personal(person.userId), MONDAY);
      expect(await liveFeedToken(db, personal(person.userId))).toBe(token);
      expect(await feedOwner(db, token)).toEqual(personal(person.userId));

      const last = token.at(-1) === "A" ? "B" : "A";
      expect(await feedOwner(db, `${token.slice(0, -1)}${last}`)).toBeNull();
      const first = token[0] === "A" ? "B" : "A";
      expect(await feedOwner(db, `${first}${token.slice(1)}`)).toBeNull();
      expect(await feedOwner(db, "A".repeat(54))).toBeNull();
      expect(await feedOwner(db, `${token}.ics`)).toBeNull();
      expect(await feedOwner(db, "")).toBeNull();

      await revokeFeed(db, personal(person.userId), MONDAY);
      expect(await feedOwner(db, token)).toBeNull();
      expect(await liveFeedToken(db, personal(person.userId))).toBeNull();
    });

    it("stops the old link when a new one is made; the page's buttons do the same", async () => {
      const person = await createPerson(db);
      await feedAction(db, personal(person.userId), "create_feed", MONDAY);
      const created = await liveFeedToken(db, personal(person.userId));
      if (!created) throw new Error("no feed");
      // Sent twice: the same link.
      await feedAction(db, personal(person.userId), "create_feed", MONDAY);
      expect(await liveFeedToken(db, personal(person.userId))).toBe(created);

      await feedAction(db, personal(person.userId), "renew_feed", MONDAY);
      const renewed = await liveFeedToken(db, personal(person.userId));
      expect(renewed).not.toBe(created);
      expect(await feedOwner(db, created)).toBeNull();
      expect(await feedOwner(db, renewed)).toEqual(personal(person.userId));

      await feedAction(db, personal(person.userId), "revoke_feed", MONDAY);
      expect(await feedOwner(db, renewed)).toBeNull();
      expect(await liveFeedToken(db, personal(person.userId))).toBeNull();
      // Two posts at once: one live link.
      await Promise.all([
        feedAction(db, personal(person.userId), "renew_feed", MONDAY),
        feedAction(db, personal(person.userId), "renew_feed", MONDAY),
      ]);
      const live = await db
        .select()
        .from(calendarFeeds)
        .where(and(eq(calendarFeeds.userId, person.userId), isNull(calendarFeeds.revokedAt)));
      expect(live).toHaveLength(1);
    });

    it("lists the person's visits as homeowner and as owner, and nobody else's", async () => {
      const mine = await acceptedRequest(db);
      const owner = mine.pro;
      const forMe = await book(mine, TUESDAY_NINE);
      // A request of someone else to the owner's business, cancelled: listed, as cancelled.
      const theirs = await acceptedRequest(db, { business: mine.business, pro: owner });
      const toBusiness = await book(theirs, WEDNESDAY_NINE);
      await cancelVisit(db, theirs.homeowner, { visitId: toBusiness, reason: "Sold" }, at(MONDAY));
      // A visit with another business, of another homeowner: not listed for either.
      const other = await acceptedRequest(db);
      const unrelated = await book(other, TUESDAY_NINE);
      // Times proposed have no time yet: not in calendars.
      const proposal = await acceptedRequest(db);
      await proposeVisit(
        db,
        proposal.pro.userId,
        {
          leadId: proposal.leadId,
          contractorId: proposal.business.id,
          starts: [THURSDAY_NINE],
        },
        at(MONDAY),
      );

      const homeowners = await feedVisitsOf(
        db,
        personal(mine.homeowner.userId),
        MONDAY,
        delivery.mail,
      );
      expect(homeowners?.events.map((event) => event.id)).toEqual([forMe]);
      expect(homeowners?.events[0]?.location).toBe("77 Elm Court");

      const owners = await feedVisitsOf(db, personal(owner.userId), MONDAY, delivery.mail);
      expect(owners?.events.map((event) => [event.id, event.cancelled])).toEqual([
        [forMe, false],
        [toBusiness, true],
      ]);
      expect(owners?.events.every((event) => event.id !== unrelated)).toBe(true);

      expect(
        (await feedVisitsOf(db, personal(proposal.homeowner.userId), MONDAY, delivery.mail))
          ?.events,
      ).toEqual([]);
      // Ninety days on, Tuesday's visit is past the window.
      const later = new Date(TUESDAY_NINE.getTime() + 91 * 24 * HOUR_MS);
      expect(
        (await feedVisitsOf(db, personal(mine.homeowner.userId), later, delivery.mail))?.events,
      ).toEqual([]);
      expect(
        await feedVisitsOf(
          db,
          personal("00000000-0000-4000-8000-000000000000"),
          MONDAY,
          delivery.mail,
        ),
      ).toBeNull();
    });
  });

  describe("through the routes", () => {
    const env = parseEnv({ SITE_URL: "https://trade-match.example" });

    /** The route's arguments as the dashboard's middleware leaves them (signed in when a user is given). */
    async function argsFor(
      path: string,
      options: {
        userId?: string;
        form?: Record<string, string>;
        params?: Record<string, string>;
      } = {},
    ) {
      const cookie = options.userId ? await createSession(db, env, options.userId) : "";
      const request = new Request(`http://localhost${path}`, {
        method: options.form ? "POST" : "GET",
        headers: { Cookie: cookie.split(";")[0] ?? "" },
        body: options.form ? new URLSearchParams(options.form) : undefined,
      });
      const context = new RouterContextProvider();
      const services: Pick<AppServices, "env" | "logger" | "database"> = {
        env,
        logger: pino({ level: "silent" }),
        database: database.handle,
      };
      context.set(appContext, services as AppServices);
      const args = { request, url: new URL(request.url), params: options.params ?? {}, context };
      const next = () => Promise.resolve(new Response());
      await withLocale({ ...args, pattern: path }, next);
      if (options.userId) await signedIn({ ...args, pattern: path }, next);
      return args;
    }

    const feedOf = async (file: string) =>
      await feedLoader((await argsFor(`/calendar/${file}`, { params: { file } })) as never);

    it("serves the feed to its token with every visit, and the 404 once it is revoked", async () => {
      // The route reads the wall clock: visits a week from now, stored as booked and cancelled.
      const request = await acceptedRequest(db);
      const other = await acceptedRequest(db, { business: request.business, pro: request.pro });
      const start = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 7 * 24 * HOUR_MS);
      const stored = await db
        .insert(visits)
        .values(
          [
            { request, state: "booked" as const, hours: 0 },
            { request: other, state: "cancelled_by_homeowner" as const, hours: 2 },
          ].map(({ request: { leadId, business }, state, hours }) => {
            const startsAt = new Date(start.getTime() + hours * HOUR_MS);
            const endsAt = new Date(startsAt.getTime() + HOUR_MS);
            return {
              leadId,
              contractorId: business.id,
              state,
              startsAt,
              endsAt,
              blockedUntil: endsAt,
              timeZone: "America/Denver",
              address: "77 Elm Court",
              createdBy: "homeowner" as const,
            };
          }),
        )
        .returning({ id: visits.id });
      const [visitId, cancelled] = stored.map((row) => row.id);
      const token = await renewFeed(db, personal(request.pro.userId), MONDAY);

      const served = await feedOf(`${token}.ics`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(served.headers.get("Cache-Control")).toBe("private, max-age=300");
      expect(served.headers.get("X-Robots-Tag")).toBe("noindex");
      const body = await served.text();
      expect(body).toContain("METHOD:PUBLISH");
      expect(body).toContain(`UID:${visitId ?? ""}@trade-match.example`);
      expect(body).toContain(`UID:${cancelled ?? ""}@trade-match.example`);
      expect(body).toContain("STATUS:CONFIRMED");
      expect(body).toContain("STATUS:CANCELLED");
      expect(body).toContain("DTSTART;TZID=America/Denver:");
      expect(body).toMatch(/X-WR-CALNAME:.*visits/);
      // The pro is still on both jobs: it sees the addresses.
      expect(body).toContain("LOCATION:77 Elm Court");
      // The homeowner's own feed: their visit only.
      const theirs = await renewFeed(db, personal(request.homeowner.userId), MONDAY);
      const own = await (await feedOf(`${theirs}.ics`)).text();
      expect(own).toContain(`UID:${visitId ?? ""}@`);
      expect(own).not.toContain(`UID:${cancelled ?? ""}@`);

      expect((await feedOf(token)).status).toBe(404);
      expect((await feedOf(`${token.slice(0, -1)}x.ics`)).status).toBe(404);
      expect((await feedOf("nothing.ics")).status).toBe(404);
      await revokeFeed(db, personal(request.pro.userId), MONDAY);
      const revoked = await feedOf(`${token}.ics`);
      expect(revoked.status).toBe(404);
      expect(await revoked.text()).toBe("Not found");
    });

    it("shows the schedule and makes, renews and turns off the link from its buttons", async () => {
      const request = await acceptedRequest(db);
      const visitId = await book(request, TUESDAY_NINE);
      const userId = request.homeowner.userId;
      const load = async (query = "") =>
        (
          (await scheduleLoader(
            (await argsFor(`/dashboard/schedule${query}`, { userId })) as never,
          )) as unknown as {
            data: { upcoming: { id: string }[]; feedUrl: string | null; feedDone: string | null };
          }
        ).data;
      const post = async (intent: string) =>
        (await scheduleAction(
          (await argsFor("/dashboard/schedule", { userId, form: { intent } })) as never,
        )) as unknown;

      const before = await load();
      expect(before.feedUrl).toBeNull();
      // The visit is on Tuesday 3 March 2026, long past by the wall clock: in the past list.
      expect(before.upcoming.map((visit) => visit.id)).not.toContain(visitId);

      const made = (await post("create_feed")) as Response;
      expect(made.status).toBe(302);
      expect(made.headers.get("Location")).toBe("/dashboard/schedule?feed=create_feed");
      const after = await load("?feed=create_feed");
      const token = await liveFeedToken(db, personal(userId));
      expect(after.feedUrl).toBe(`https://trade-match.example/calendar/${token ?? ""}.ics`);
      expect(after.feedDone).toBe("create_feed");
      expect((await load("?feed=other")).feedDone).toBeNull();

      expect(((await post("renew_feed")) as Response).status).toBe(302);
      expect(await liveFeedToken(db, personal(userId))).not.toBe(token);
      expect(((await post("revoke_feed")) as Response).status).toBe(302);
      expect(await liveFeedToken(db, personal(userId))).toBeNull();

      const refused = (await post("delete_everything")) as {
        data: { formError: string };
        init: ResponseInit;
      };
      expect(refused.init.status).toBe(400);
      expect(refused.data.formError).toBe("Choose one of the calendar link's buttons.");
    });
  });

  describe("the console", () => {
    it("lists a request's visits and counts a business's outcomes", async () => {
      const request = await acceptedRequest(db);
      const visitId = await book(request, TUESDAY_NINE);
      const detail = await requestDetail(db, request.leadId);
      expect(detail?.visits).toEqual([
        expect.objectContaining({
          id: visitId,
          businessName: request.business.name,
          state: "booked",
          startsAt: TUESDAY_NINE.toISOString(),
          timeZone: "America/Denver",
          createdBy: "homeowner",
          sequence: 0,
        }),
      ]);
      const after = new Date(TUESDAY_NINE.getTime() + HOUR_MS);
      await markVisit(db, request.pro, { visitId, outcome: "no_show" }, at(after));
      expect(await visitOutcomesOf(db, request.business.id, after)).toEqual({
        days: 90,
        done: 0,
        proNoShows: 0,
        homeownerNoShows: 1,
      });
    });
  });

  describe("personal data", () => {
    it("exports the person's visits and feeds without the feed's address", async () => {
      const request = await acceptedRequest(db);
      const visitId = await book(request, TUESDAY_NINE);
      const token = await renewFeed(db, personal(request.homeowner.userId), MONDAY);
      const copy = await exportPersonalData(db, request.homeowner.userId);
      expect(copy.requests[0]?.visits).toEqual([
        expect.objectContaining({
          id: visitId,
          state: "booked",
          startsAt: TUESDAY_NINE,
          timeZone: "America/Denver",
          address: "77 Elm Court",
          business: request.business.name,
        }),
      ]);
      expect(copy.calendarFeeds).toEqual([
        { businessId: null, createdAt: MONDAY, revokedAt: null },
      ]);
      const json = JSON.stringify(copy);
      expect(json).toContain(TUESDAY_NINE.toISOString());
      expect(json).not.toContain(token);

      // The pro's copy: its business's visit, without the homeowner's address.
      const pros = await exportPersonalData(db, request.pro.userId);
      expect(pros.businesses[0]?.visits.map((visit) => visit.id)).toEqual([visitId]);
      expect(JSON.stringify(pros)).not.toContain("77 Elm Court");
    });

    it("deletes the person's visits and feeds with the account", async () => {
      const request = await acceptedRequest(db);
      const visitId = await book(request, TUESDAY_NINE);
      await renewFeed(db, personal(request.homeowner.userId), MONDAY);
      await renewFeed(db, personal(request.pro.userId), MONDAY);
      await deleteAccount(db, request.homeowner.userId);
      expect(await db.select().from(visits).where(eq(visits.id, visitId))).toEqual([]);
      expect(
        await db
          .select()
          .from(calendarFeeds)
          .where(eq(calendarFeeds.userId, request.homeowner.userId)),
      ).toEqual([]);
      // The pro's own feed stays.
      expect(
        await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, request.pro.userId)),
      ).toHaveLength(1);
    });

    it("keeps other homeowners' visits when a business's owner is deleted", async () => {
      const owner = await createPerson(db, "Pat Summit");
      const business = await createBusiness(db, owner);
      const request = await acceptedRequest(db, { business, pro: owner });
      const visitId = await book(request, TUESDAY_NINE);
      await deleteAccount(db, owner.userId);
      expect(await db.select().from(visits).where(eq(visits.id, visitId))).toHaveLength(1);
    });
  });

  describe("demo accounts", () => {
    beforeAll(async () => {
      await seedDemoData(db);
    });

    it("gives each demo homeowner one upcoming booked visit at 10:00 in Denver", async () => {
      const now = new Date("2026-03-02T17:00:00Z");
      const first = await createDemoAccount(db, DEMO_HOMEOWNER, now);
      const second = await createDemoAccount(db, DEMO_HOMEOWNER, now);
      const schedule = await homeownerSchedule(db, first, "en", now);
      expect(schedule.past).toEqual([]);
      expect(schedule.upcoming).toHaveLength(1);
      // Thursday 5 March, 10:00 MST.
      expect(schedule.upcoming[0]).toMatchObject({
        state: "booked",
        startsAt: "2026-03-05T17:00:00.000Z",
        timeZone: "America/Denver",
      });
      // The second shares the sample business: the next free hour.
      const theirs = await homeownerSchedule(db, second, "en", now);
      expect(theirs.upcoming.map((visit) => visit.startsAt)).toEqual(["2026-03-05T18:00:00.000Z"]);
    });

    it("gives the demo contractor's business a booked visit on its accepted request", async () => {
      const now = new Date("2026-03-02T17:00:00Z");
      const account = await createDemoAccount(db, DEMO_CONTRACTOR, now);
      const [business] = await db
        .select({ id: contractors.id })
        .from(contractors)
        .where(eq(contractors.ownerId, account));
      if (!business) throw new Error("no demo business");
      const booked = await db
        .select({ startsAt: visits.startsAt, timeZone: visits.timeZone })
        .from(visits)
        .where(and(eq(visits.contractorId, business.id), eq(visits.state, "booked")));
      expect(booked).toEqual([
        { startsAt: new Date("2026-03-05T17:00:00Z"), timeZone: "America/Denver" },
      ]);
      expect((await feedVisitsOf(db, personal(account), now, delivery.mail))?.events).toHaveLength(
        1,
      );
    });
  });
});
