/**
 * Each business's answer figures (issue 33) on each database, against a
 * count by hand: parts written one by one with their times at the edges of
 * the rules (just inside and just outside the 90 days, answered exactly at
 * the deadline and one second after, a deadline just passed and one not yet,
 * parts from before the rule with no answer_by, parts the homeowner took
 * away before an answer), two businesses sharing requests so that neither
 * counts the other's parts, and a business below the 5 requests. What the
 * profile, the listing card and the choose-pros card show is read from the
 * same figures.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractorsFor } from "~/features/contractors/contractors.server";
import { publicProfile } from "~/features/contractors/profile.server";
import { answerRecordOf, type AnswerFigures } from "~/features/marketplace/answer-figures";
import { answerFiguresOf } from "~/features/marketplace/answer-rates.server";
import { prosServing } from "~/features/marketplace/serving-pros.server";
import { contractors } from "../../database/schema";
import { sendParts, type Part } from "../support/answer-factories";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createBusiness, createPerson } from "../support/marketplace-factories";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
/** The instant the figures are read at. */
const NOW = new Date("2026-11-20T12:00:00.000Z");

/**
 * Business X's parts, each with what it counts for. Received 8, in time 4,
 * answered 6 (3600, 7200, 169200, 172800, 172801, 176400 s: median 171000 s,
 * 47.5 h, shown as "within 2 days"); 4 of 8 is "5 in 10".
 */
const X_PARTS: (Part & { note: string })[] = [
  { note: "exactly 90 days: inside", arrived: 90 * DAY, state: "accepted", answeredAfter: HOUR },
  {
    note: "90 days and a second: outside",
    arrived: 90 * DAY + SECOND,
    state: "accepted",
    answeredAfter: HOUR,
  },
  {
    note: "declined exactly at the deadline: in time",
    arrived: 10 * DAY,
    state: "declined",
    answeredAfter: 48 * HOUR,
  },
  {
    note: "a second after the deadline: late",
    arrived: 9 * DAY,
    state: "accepted",
    answeredAfter: 48 * HOUR + SECOND,
  },
  { note: "waiting, inside its window", arrived: HOUR, state: "sent" },
  {
    note: "deadline exactly now: still waiting",
    arrived: 48 * HOUR,
    state: "viewed",
  },
  {
    note: "deadline a second ago, no answer yet: missed",
    arrived: 48 * HOUR + SECOND,
    state: "viewed",
  },
  { note: "timed out", arrived: 20 * DAY, state: "no_answer" },
  { note: "removed before an answer", arrived: 15 * DAY, state: "removed" },
  { note: "closed before an answer", arrived: 14 * DAY, state: "not_chosen" },
  {
    note: "accepted, then removed: answered in time",
    arrived: 13 * DAY,
    state: "removed",
    answeredAfter: 2 * HOUR,
  },
  {
    note: "before the rule, answered in 47 h: in time",
    arrived: 30 * DAY,
    state: "declined",
    answeredAfter: 47 * HOUR,
    deadlineAfter: null,
  },
  {
    note: "before the rule, answered in 49 h: late",
    arrived: 31 * DAY,
    state: "accepted",
    answeredAfter: 49 * HOUR,
    deadlineAfter: null,
  },
  {
    note: "answered after now: not yet an answer, still waiting",
    arrived: 2 * HOUR,
    state: "accepted",
    answeredAfter: 3 * HOUR,
  },
];

const X_BY_HAND: AnswerFigures = {
  received: 8,
  answeredInTime: 4,
  answered: 6,
  medianSeconds: 171_000,
};

describe.each(DATABASE_TARGETS)("answer figures on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let x = "";
  let y = "";
  let none = "";

  beforeAll(async () => {
    database = await target.create();
    const pro = await createPerson(db(), "Ana Pro");
    const homeowner = await createPerson(db(), "Jordan Lee");
    x = (await createBusiness(db(), pro, "Xavier Answers Roofing")).id;
    y = (await createBusiness(db(), pro, "Yarrow Answers Roofing")).id;
    none = (await createBusiness(db(), pro, "Zinnia Answers Roofing")).id;
    // Y is chosen on the same requests as X, answering quickly every time:
    // none of its parts may count for X, nor X's for it. It has 4 that count.
    for (const [index, part] of X_PARTS.entries()) {
      const withY =
        index < 4
          ? [
              {
                contractorId: y,
                part: {
                  arrived: part.arrived,
                  state: "accepted" as const,
                  answeredAfter: 60 * SECOND,
                },
              },
            ]
          : [];
      await sendParts(db(), NOW, homeowner.userId, [{ contractorId: x, part }, ...withY]);
    }
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("counts received, in time, answered and the median as by hand", async () => {
    const figures = await answerFiguresOf(db(), [x, y, none], NOW);
    expect(figures.get(x)).toEqual(X_BY_HAND);
    // Y's 4 parts: one arrived 90 days and a second ago, so 3 count.
    expect(figures.get(y)).toEqual({
      received: 3,
      answeredInTime: 3,
      answered: 3,
      medianSeconds: 60,
    });
    expect(figures.get(none)).toEqual({
      received: 0,
      answeredInTime: 0,
      answered: 0,
      medianSeconds: null,
    });
    expect(await answerFiguresOf(db(), [], NOW)).toEqual(new Map());
  });

  it("moves with now: a second later the oldest part leaves and the waiting one is missed", async () => {
    const later = await answerFiguresOf(db(), [x], new Date(NOW.getTime() + SECOND));
    // Out: the part of exactly 90 days (answered in time, 3600 s). In: the
    // part whose deadline was exactly NOW (missed).
    expect(later.get(x)).toMatchObject({ received: 8, answeredInTime: 3, answered: 5 });
    expect(later.get(x)?.medianSeconds).toBe(172_800);
  });

  it("shows nothing but 'new' below 5 requests, the figures from 5", async () => {
    expect(answerRecordOf(X_BY_HAND, false)).toEqual({
      shown: "counted",
      inTen: 5,
      within: { count: 2, unit: "days" },
    });
    const before = (await answerFiguresOf(db(), [y], NOW)).get(y);
    expect(before && answerRecordOf(before, false)).toEqual({ shown: "new" });
    const homeowner = await createPerson(db(), "Sam Lee");
    for (const arrived of [3 * DAY, 4 * DAY]) {
      await sendParts(db(), NOW, homeowner.userId, [
        { contractorId: y, part: { arrived, state: "declined", answeredAfter: 20 * 60 * SECOND } },
      ]);
    }
    const after = (await answerFiguresOf(db(), [y], NOW)).get(y);
    expect(after).toEqual({ received: 5, answeredInTime: 5, answered: 5, medianSeconds: 60 });
    expect(after && answerRecordOf(after, false)).toEqual({
      shown: "counted",
      inTen: 10,
      within: { count: 5, unit: "minutes" },
    });
    // X's figures did not move.
    expect((await answerFiguresOf(db(), [x], NOW)).get(x)).toEqual(X_BY_HAND);
  });

  it("gives the profile, the listing card and the choose-pros card the same figures", async () => {
    const expected = answerRecordOf(X_BY_HAND, false);
    const xRow = (await db().select().from(contractors).where(eq(contractors.id, x)))[0];
    if (!xRow) throw new Error("no business X");
    const profile = await publicProfile(db(), xRow.slug, { now: NOW });
    expect(profile.answers).toEqual(expected);
    const cards = await contractorsFor(db(), "denver-co", "roofing", undefined, NOW);
    expect(cards.find((card) => card.id === x)?.answers).toEqual(expected);
    const offers = await prosServing(
      db(),
      { citySlug: "denver-co", postalCode: null, service: "roofing" },
      null,
      Number.POSITIVE_INFINITY,
      { now: NOW },
    );
    expect(offers.find((offer) => offer.id === x)?.answers).toEqual(expected);
    expect(offers.find((offer) => offer.id === none)?.answers).toEqual({ shown: "new" });
  });

  it("labels a sample listing's line as sample, whatever its requests", async () => {
    const sample = (await createBusiness(db(), null, "Sample Answers Roofing")).id;
    await db().update(contractors).set({ isSample: true }).where(eq(contractors.id, sample));
    const homeowner = await createPerson(db(), "Kim Lee");
    for (let i = 0; i < 6; i += 1) {
      await sendParts(db(), NOW, homeowner.userId, [
        { contractorId: sample, part: { arrived: 5 * DAY, state: "no_answer" } },
      ]);
    }
    const figures = (await answerFiguresOf(db(), [sample], NOW)).get(sample);
    expect(figures?.received).toBe(6);
    expect(figures && answerRecordOf(figures, true)).toEqual({ shown: "sample" });
  });
});
