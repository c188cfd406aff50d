/**
 * A pro's figures (issue 22, "What a pro learns") against rows counted by
 * hand, on both databases: the requests of the last 30 and 90 days (UTC
 * days, the first day of each period included, the day before it not), the
 * share accepted, the median time to respond with an odd and an even number
 * of answers, quotes and hires; another business's rows never count; a
 * business with nothing received shows "—", never NaN.
 */
import { I18nProvider } from "@lingui/react";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRequest, hire } from "~/features/marketplace/homeowner-steps.server";
import { ProFigures } from "~/features/marketplace/pro-stats";
import { figureRows, responseTime } from "~/features/marketplace/pro-stats-words";
import {
  proStats,
  recentProStats,
  STATS_FRESH_MS,
  type ProStats,
} from "~/features/marketplace/pro-stats.server";
import { saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { i18nFor } from "~/lib/i18n.server";
import { leads, requestPros } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  partOf,
} from "../support/marketplace-factories";

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** The figures are read as of this instant: 15:00 UTC, so "days ago" stay on their UTC day. */
const NOW = new Date("2026-11-26T15:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

type Step = "view" | "accept" | "decline" | "quote" | "hire" | "cancel";

interface Pro {
  owner: Actor;
  business: { id: string; name: string };
}

const QUOTE = {
  kind: "range",
  min: 450_000,
  max: 600_000,
  included: "Tear-off, underlayment, architectural shingles, clean-up.",
  startFrom: "2026-12-07",
  startTo: "2026-12-18",
  validDays: 30,
  message: "We can inspect on Monday.",
} as const;

describe.each(DATABASE_TARGETS)("a pro's figures on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function newPro(name: string): Promise<Pro> {
    const owner = await createPerson(db(), `${name} Owner`);
    return { owner, business: await createBusiness(db(), owner, name) };
  }

  /** The part's times as if it came in at `at` and was answered `answeredAfter` minutes later. */
  async function setTimes(leadId: string, pro: Pro, at: Date, answeredAfter?: number) {
    const part = await partOf(db(), leadId, pro.business.id);
    if (!part) throw new Error("no part");
    const answeredAt =
      answeredAfter === undefined ? null : new Date(at.getTime() + answeredAfter * MINUTE_MS);
    await db()
      .update(requestPros)
      .set({
        consentAt: at,
        respondedAt: part.respondedAt ? answeredAt : null,
        acceptedAt: part.acceptedAt ? answeredAt : null,
      })
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, pro.business.id)));
  }

  /**
   * A homeowner's request sent to `pros`; the first pro takes `steps` (a
   * homeowner's hire or cancel among them) and every pro's part is dated
   * `at`, answered `answeredAfter` minutes later.
   */
  async function received(
    pros: Pro[],
    at: Date,
    steps: Step[] = [],
    answeredAfter?: number,
  ): Promise<string> {
    const [pro] = pros;
    if (!pro) throw new Error("no pro");
    const homeowner = await createPerson(db(), "Jordan Lee");
    const leadId = await createRequest(db(), homeowner);
    const businesses = pros.map((each) => each.business);
    await sendToPros(
      db(),
      homeowner,
      leadId,
      businesses.map((business) => business.id),
      consentFor(...businesses),
      delivery,
    );
    const id = pro.business.id;
    for (const step of steps) {
      if (step === "quote") await saveQuote(db(), pro.owner.userId, leadId, id, QUOTE, delivery);
      else if (step === "hire") await hire(db(), homeowner.userId, leadId, id, delivery);
      else if (step === "cancel") {
        await closeRequest(db(), { userId: homeowner.userId }, leadId, "postponed", delivery);
      } else if (step === "decline") {
        await proStep(
          db(),
          pro.owner.userId,
          leadId,
          id,
          {
            event: "decline",
            reason: "fully_booked",
          },
          delivery,
        );
      } else await proStep(db(), pro.owner.userId, leadId, id, { event: step });
    }
    for (const each of pros) await setTimes(leadId, each, at, answeredAfter);
    return leadId;
  }

  /** The figures of one period, without the fields the hand count does not name. */
  const counted = (stats: ProStats, days: 30 | 90) => {
    const { received, accepted, acceptedPercent, answered, medianResponseSeconds, quotes, hires } =
      stats.periods[days];
    return { received, accepted, acceptedPercent, answered, medianResponseSeconds, quotes, hires };
  };

  it("matches the rows counted by hand, over 30 and over 90 days", async () => {
    const pro = await newPro("Summit Ridge Figures");
    await received([pro], daysAgo(2));
    await received([pro], daysAgo(3), ["accept"], 10);
    await received([pro], daysAgo(5), ["view", "decline"], 30);
    await received([pro], daysAgo(10), ["accept", "quote"], 50);
    await received([pro], daysAgo(20), ["accept", "quote", "hire"], 70);
    // Older than 30 days: in the 90 days only. Quoted, then the homeowner cancelled.
    await received([pro], daysAgo(40), ["accept", "quote", "cancel"], 120);
    // Passed over before any answer: received, not answered, no quote.
    await received([pro], daysAgo(60), ["view", "cancel"]);
    // Older than 90 days: in neither.
    await received([pro], daysAgo(100), ["accept", "quote", "hire"], 5);

    const stats = await proStats(db(), pro.business.id, NOW);
    // Four answers in 30 days (10, 30, 50, 70 minutes): the median is the mean of the middle two.
    expect(counted(stats, 30)).toEqual({
      received: 5,
      accepted: 3,
      acceptedPercent: 60,
      answered: 4,
      medianResponseSeconds: 40 * 60,
      quotes: 2,
      hires: 1,
    });
    // Five answers in 90 days (… and 120 minutes): the middle one.
    expect(counted(stats, 90)).toEqual({
      received: 7,
      accepted: 4,
      acceptedPercent: 57,
      answered: 5,
      medianResponseSeconds: 50 * 60,
      quotes: 3,
      hires: 1,
    });
    expect(stats.periods[30].days).toBe(30);
    expect(stats.periods[90].days).toBe(90);

    // The chart's series: a day per bar, today last; weeks counted back from today.
    expect(stats.days).toHaveLength(90);
    expect(stats.days.at(-1)).toMatchObject({ from: "2026-11-26", to: "2026-11-26" });
    expect(stats.days[0]?.from).toBe("2026-08-29");
    const day = (ago: number) => stats.days[89 - ago];
    expect(day(2)).toEqual({ from: "2026-11-24", to: "2026-11-24", received: 1, hires: 0 });
    expect(day(20)).toEqual({ from: "2026-11-06", to: "2026-11-06", received: 1, hires: 1 });
    expect(day(1)).toMatchObject({ received: 0, hires: 0 });
    expect(stats.days.reduce((sum, each) => sum + each.received, 0)).toBe(7);
    expect(stats.days.slice(-30).reduce((sum, each) => sum + each.received, 0)).toBe(5);

    expect(stats.weeks).toHaveLength(13);
    expect(stats.weeks.at(-1)).toEqual({
      from: "2026-11-20",
      to: "2026-11-26",
      received: 3,
      hires: 0,
    });
    // The oldest "week" is what is left of the 90 days: 6 days.
    expect(stats.weeks[0]).toMatchObject({ from: "2026-08-29", to: "2026-09-03" });
    // 20 days ago is in the third week back, with its hire.
    expect(stats.weeks.at(-3)).toEqual({
      from: "2026-11-06",
      to: "2026-11-12",
      received: 1,
      hires: 1,
    });
    expect(stats.weeks.reduce((sum, each) => sum + each.received, 0)).toBe(7);
    expect(stats.weeks.reduce((sum, each) => sum + each.hires, 0)).toBe(1);
  });

  it("counts a period from the start of its first UTC day, not the day before", async () => {
    const pro = await newPro("Boundary Roofing");
    const firstOf30 = new Date("2026-10-28T00:00:00.000Z"); // today and the 29 days before
    const firstOf90 = new Date("2026-08-29T00:00:00.000Z");
    await received([pro], firstOf30);
    await received([pro], new Date(firstOf30.getTime() - 1));
    await received([pro], firstOf90);
    await received([pro], new Date(firstOf90.getTime() - 1));
    // Later today (after NOW) is still today.
    await received([pro], new Date("2026-11-26T23:59:59.999Z"));
    await received([pro], new Date("2026-11-27T00:00:00.000Z"));
    const stats = await proStats(db(), pro.business.id, NOW);
    expect(stats.periods[30].received).toBe(2);
    expect(stats.periods[90].received).toBe(4);
  });

  it("never counts another business's rows, even on the same requests", async () => {
    const mine = await newPro("Mine Roofing");
    const theirs = await newPro("Theirs Roofing");
    // Sent to both: each business answers for itself.
    const shared = await received([mine, theirs], daysAgo(4), ["accept"], 15);
    await proStep(
      db(),
      theirs.owner.userId,
      shared,
      theirs.business.id,
      {
        event: "decline",
        reason: "fully_booked",
      },
      delivery,
    );
    await setTimes(shared, theirs, daysAgo(4), 500);
    // Theirs alone: accepted, quoted and hired, recently.
    await received([theirs], daysAgo(1), ["accept", "quote", "hire"], 1);
    await received([theirs], daysAgo(6), ["accept", "quote"], 2);

    const stats = await proStats(db(), mine.business.id, NOW);
    expect(counted(stats, 30)).toEqual({
      received: 1,
      accepted: 1,
      acceptedPercent: 100,
      answered: 1,
      medianResponseSeconds: 15 * 60,
      quotes: 0,
      hires: 0,
    });
    expect(stats.days.reduce((sum, each) => sum + each.received, 0)).toBe(1);
    expect(counted(await proStats(db(), theirs.business.id, NOW), 30)).toEqual({
      received: 3,
      accepted: 2,
      acceptedPercent: 67,
      answered: 3,
      medianResponseSeconds: 2 * 60,
      quotes: 2,
      hires: 1,
    });
  });

  it("counts a quote the homeowner passed over, and no part closed without one", async () => {
    const pro = await newPro("Quoting Roofing");
    const rival = await newPro("Rival Roofing");
    // Quoted, then the homeowner hired the rival: a quote sent, not a hire.
    const lost = await received([pro, rival], daysAgo(3), ["accept", "quote"], 20);
    const [homeowner] = await db()
      .select({ userId: leads.userId })
      .from(leads)
      .where(eq(leads.id, lost));
    await proStep(db(), rival.owner.userId, lost, rival.business.id, { event: "accept" });
    await saveQuote(db(), rival.owner.userId, lost, rival.business.id, QUOTE, delivery);
    await hire(db(), homeowner?.userId ?? "", lost, rival.business.id, delivery);
    expect((await partOf(db(), lost, pro.business.id))?.state).toBe("not_chosen");
    // Accepted, then passed over before quoting; opened, then passed over; declined; still quoted.
    await received([pro], daysAgo(4), ["accept", "cancel"], 20);
    await received([pro], daysAgo(4), ["view", "cancel"]);
    await received([pro], daysAgo(5), ["decline"], 20);
    await received([pro], daysAgo(6), ["accept", "quote"], 20);
    const stats = await proStats(db(), pro.business.id, NOW);
    expect(stats.periods[30]).toMatchObject({ received: 5, accepted: 3, quotes: 2, hires: 0 });
    expect((await proStats(db(), rival.business.id, NOW)).periods[30]).toMatchObject({
      received: 1,
      quotes: 1,
      hires: 1,
    });
  });

  it("shows a dash, never NaN, for a business that received nothing", async () => {
    const pro = await newPro("Quiet Roofing");
    // An old request only: nothing in either period.
    await received([pro], daysAgo(120), ["accept"], 30);
    const stats = await proStats(db(), pro.business.id, NOW);
    for (const days of [30, 90] as const) {
      expect(counted(stats, days)).toEqual({
        received: 0,
        accepted: 0,
        acceptedPercent: null,
        answered: 0,
        medianResponseSeconds: null,
        quotes: 0,
        hires: 0,
      });
    }
    expect(stats.days.every((day) => day.received === 0 && day.hires === 0)).toBe(true);
    expect(
      figureRows(stats.periods[30], i18nFor("en")).map((row) => [row.label, row.value, row.note]),
    ).toEqual([
      ["Requests received", "0", null],
      ["Accepted", null, "No requests yet"],
      ["Median time to respond", null, "No answers yet"],
      ["Quotes sent", "0", null],
      ["Hires won", "0", null],
    ]);
    const html = renderToStaticMarkup(
      createElement(
        I18nProvider,
        { i18n: i18nFor("en") },
        createElement(
          MemoryRouter,
          null,
          createElement(ProFigures, {
            stats,
            period: 30,
            periodHref: (period) => `/pro?period=${String(period)}`,
          }),
        ),
      ),
    );
    expect(html).toContain("Your figures");
    expect(html).toContain("—");
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
    expect(html).toContain("No requests in the last 30 days yet");
  });

  it("draws the figures with the chart beside them, and links to the other period", async () => {
    const pro = await newPro("Chart Roofing");
    await received([pro], daysAgo(1), ["accept"], 95);
    await received([pro], daysAgo(3), ["accept", "quote", "hire"], 250);
    await received([pro], daysAgo(50), ["view", "decline"], 10);
    const stats = await proStats(db(), pro.business.id, NOW);
    const render = (period: 30 | 90) =>
      renderToStaticMarkup(
        createElement(
          I18nProvider,
          { i18n: i18nFor("en") },
          createElement(
            MemoryRouter,
            null,
            createElement(ProFigures, {
              stats,
              period,
              periodHref: (each) => `/pro?business=b&period=${String(each)}`,
            }),
          ),
        ),
      );
    const thirty = render(30);
    expect(thirty).toContain(
      'aria-label="Requests received day by day, last 30 days: 2 requests, 1 of them hired. The busiest day was Nov 23, with 1 request."',
    );
    expect(thirty).toContain('role="img"');
    expect(thirty).toContain("2 hours 53 minutes");
    expect(thirty).toContain("Over 2 answers");
    expect(thirty).toMatch(/<a[^>]*href="\/pro\?business=b&amp;period=90"[^>]*>Last 90 days<\/a>/);
    expect(thirty).toMatch(/<a[^>]*aria-current="page"[^>]*>Last 30 days<\/a>/);
    // The chart's numbers in a table: 30 rows, one a day.
    expect(thirty.match(/<th scope="row"/g)).toHaveLength(30);

    const ninety = render(90);
    expect(ninety).toContain("Requests received week by week, last 90 days: 3 requests");
    expect(ninety).toContain("67%");
    expect(ninety.match(/<th scope="row"/g)).toHaveLength(13);
    expect(ninety).toMatch(/<a[^>]*aria-current="page"[^>]*>Last 90 days<\/a>/);
  });
});

describe.each(DATABASE_TARGETS)("the figures /pro shows on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("are counted once for the requests that ask at the same time, and kept for a minute", async () => {
    const db = database.handle.db;
    const owner = await createPerson(db, "Kept Owner");
    const business = await createBusiness(db, owner, "Kept Roofing");
    const [first, second] = [recentProStats(db, business.id), recentProStats(db, business.id)];
    expect(first).toBe(second);
    expect((await first).periods[30].received).toBe(0);
    // A request that arrives now shows after the minute (the count is the one kept).
    const homeowner = await createPerson(db, "Jordan Lee");
    const leadId = await createRequest(db, homeowner);
    await sendToPros(db, homeowner, leadId, [business.id], consentFor(business), delivery);
    expect((await recentProStats(db, business.id)).periods[30].received).toBe(0);
    expect((await proStats(db, business.id)).periods[30].received).toBe(1);
    expect(STATS_FRESH_MS).toBe(60_000);
  });
});

describe("a time to respond in words", () => {
  it.each([
    [0, "Under a minute"],
    [29, "Under a minute"],
    [60, "1 minute"],
    [45 * 60, "45 minutes"],
    [60 * 60, "1 hour"],
    [3.5 * 3600, "3 hours 30 minutes"],
    [26 * 3600, "1 day 2 hours"],
    [72 * 3600, "3 days"],
  ])("%d seconds is %s", (seconds, words) => {
    expect(responseTime(seconds, i18nFor("en"))).toBe(words);
  });
});
