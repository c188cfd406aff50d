/**
 * Reported reviews in the console (issue 22), on PGlite and PostgreSQL: the
 * queue shows each reported review once with all its waiting reports; an
 * operator removes it for a policy reason (the business's rating stops
 * counting it), keeps it, or keeps it and discloses the author's connection
 * to the business; each decision answers every waiting report and writes
 * exactly one audit row; a decided review, a reason outside the policy and a
 * second operator deciding at the same time are refused with nothing changed.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFound } from "~/features/marketplace/requests.server";
import { REVIEW_ERRORS } from "~/features/reviews/limits";
import { decideReview } from "~/features/reviews/review-decisions.server";
import {
  decidedReviewReports,
  REVIEW_QUEUE_PAGE_SIZE,
  reviewReportCounts,
  waitingReviewReports,
} from "~/features/reviews/moderation.server";
import type { Database } from "~/lib/db.server";
import { LOCAL_OPERATOR } from "~/features/operator/links.server";
import { auditLog, requestPros, reviewReports, reviews } from "../../database/schema";
import { cookieJars, postForm, signInPeople } from "../support/console";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { consentFor, createPerson, createRequest } from "../support/marketplace-factories";
import { completedHire, insertReview, ratingOf, type Hire } from "../support/review-factories";
import { insertReviewReport } from "../support/review-report-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

const OPERATOR = { id: null, email: "first-operator@example.com" };
const SECOND = { id: null, email: "second-operator@example.com" };

/** A minute `n` after a fixed morning: reports in a known order. */
const at = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, n));

async function auditOf(db: Database, reviewId: string) {
  return db
    .select({
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      subjectType: auditLog.subjectType,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "review"), eq(auditLog.subjectId, reviewId)));
}

async function reviewRow(db: Database, id: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!row) throw new Error("no such review");
  return row;
}

async function reportRows(db: Database, reviewId: string) {
  return db
    .select({ decision: reviewReports.decision, decidedAt: reviewReports.decidedAt })
    .from(reviewReports)
    .where(eq(reviewReports.reviewId, reviewId))
    .orderBy(reviewReports.id);
}

describe.each(DATABASE_TARGETS)("reported reviews in the console on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  /** A published review of a new completed hire, reported once by the hired pro. */
  async function reportedReview(
    overrides: Partial<typeof reviews.$inferInsert> = {},
    report: Partial<typeof reviewReports.$inferInsert> = {},
  ): Promise<{ hire: Hire; reviewId: string; reportId: number }> {
    const hire = await completedHire(db());
    const reviewId = await insertReview(db(), hire, overrides);
    const reportId = await insertReviewReport(db(), reviewId, {
      reporterId: hire.pro.userId,
      ...report,
    });
    return { hire, reviewId, reportId };
  }

  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("shows each reported review once, with all its waiting reports, longest waiting first", async () => {
    const later = await reportedReview(
      {
        stars: 2,
        body: "They left nails all over the driveway and never called back.",
        service: "roof-repair",
        jobMonth: "2026-11-01",
        editedAt: at(1),
        replyBody: "We came back the next day with a magnet sweeper.",
        repliedAt: at(2),
      },
      { reason: "abusive", note: "Calls my crew names.", createdAt: at(10) },
    );
    const colleague = await createPerson(db(), "Sam Colleague");
    const stranger = await createPerson(db(), "Riley Other");
    await insertReviewReport(db(), later.reviewId, {
      reporterId: colleague.userId,
      reason: "personal_information",
      note: "Gives my phone number.",
      createdAt: at(20),
    });
    await insertReviewReport(db(), later.reviewId, {
      reporterId: stranger.userId,
      reason: "personal_information",
      createdAt: at(30),
    });
    const earlier = await reportedReview(
      { service: null, jobMonth: "2026-03-01" },
      { reason: "not_about_the_job", createdAt: at(5) },
    );
    // A report decided before: not in the queue.
    const decided = await reportedReview({}, { createdAt: at(1) });
    expect(await decideReview(db(), OPERATOR, decided.reviewId, { kind: "keep" })).toMatchObject({
      ok: true,
    });

    const { entries, more } = await waitingReviewReports(db());
    expect(more).toBe(false);
    const mine = entries.filter((entry) =>
      [later.reviewId, earlier.reviewId, decided.reviewId].includes(entry.review.id),
    );
    expect(mine.map((entry) => entry.review.id)).toEqual([earlier.reviewId, later.reviewId]);
    const [first, second] = mine;
    expect(first?.review.hireLine).toBe("Verified hire · March 2026");
    expect(first?.reports).toHaveLength(1);
    expect(first?.mostReported).toBe("not_about_the_job");

    expect(second?.review).toMatchObject({
      stars: 2,
      body: "They left nails all over the driveway and never called back.",
      authorName: "Jordan L.",
      hireLine: "Verified hire · Roof Repair · November 2026",
      edited: true,
      editedAt: at(1).toISOString(),
      insider: false,
      reply: { body: "We came back the next day with a magnet sweeper.", at: at(2).toISOString() },
      removed: null,
    });
    expect(second?.business).toEqual({
      id: later.hire.business.id,
      name: later.hire.business.name,
      slug: `business-${later.hire.business.id}`,
    });
    expect(
      second?.reports.map((report) => [report.reason, report.note, report.reporter?.name]),
    ).toEqual([
      ["abusive", "Calls my crew names.", "Ana Pro"],
      ["personal_information", "Gives my phone number.", "Sam Colleague"],
      ["personal_information", "", "Riley Other"],
    ]);
    expect(second?.reports[0]?.reportedAt).toBe(at(10).toISOString());
    // Two of three reports say personal information: the form starts on it.
    expect(second?.mostReported).toBe("personal_information");
    const counts = await reviewReportCounts(db());
    expect(counts.waiting).toBeGreaterThanOrEqual(2);
    expect(counts.decided).toBeGreaterThanOrEqual(1);
  });

  it("removes a review for a policy reason: the business's rating stops counting it", async () => {
    const { hire, reviewId } = await reportedReview({ stars: 1 });
    const second = await completedHire(db(), { business: hire.business, pro: hire.pro });
    await insertReview(db(), second, { stars: 5 });
    const stranger = await createPerson(db(), "Riley Other");
    await insertReviewReport(db(), reviewId, {
      reporterId: stranger.userId,
      reason: "personal_information",
    });
    expect(await ratingOf(db(), hire.business.id)).toEqual({
      rating: 3,
      reviewCount: 2,
      reviewStars: 6,
    });

    expect(
      await decideReview(db(), OPERATOR, reviewId, {
        kind: "remove",
        reason: "personal_information",
      }),
    ).toEqual({ ok: true, decision: "removed", reports: 2 });

    const row = await reviewRow(db(), reviewId);
    expect(row.removedAt).toBeInstanceOf(Date);
    expect(row.removedReason).toBe("personal_information");
    expect(row.insider).toBe(false);
    expect(await ratingOf(db(), hire.business.id)).toEqual({
      rating: 5,
      reviewCount: 1,
      reviewStars: 5,
    });
    expect((await reportRows(db(), reviewId)).map((report) => report.decision)).toEqual([
      "removed",
      "removed",
    ]);
    const audit = await auditOf(db(), reviewId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "review.remove",
      actorEmail: OPERATOR.email,
      before: { removedAt: null, removedReason: null, insider: false },
      after: {
        decision: "removed",
        reason: "personal_information",
        removedReason: "personal_information",
        contractorId: hire.business.id,
      },
    });

    const { entries } = await waitingReviewReports(db());
    expect(entries.some((entry) => entry.review.id === reviewId)).toBe(false);
    const decided = (await decidedReviewReports(db())).entries.find(
      (entry) => entry.review.id === reviewId,
    );
    expect(decided).toMatchObject({
      decision: "removed",
      reason: "personal_information",
      decidedBy: OPERATOR.email,
      review: { removed: { reason: "personal_information" } },
    });
    expect(decided?.reports).toHaveLength(2);
  });

  it("keeps a review as it was", async () => {
    const { hire, reviewId } = await reportedReview({ stars: 4 });
    const before = await reviewRow(db(), reviewId);
    expect(await decideReview(db(), OPERATOR, reviewId, { kind: "keep" })).toEqual({
      ok: true,
      decision: "kept",
      reports: 1,
    });
    expect(await reviewRow(db(), reviewId)).toEqual(before);
    expect(await ratingOf(db(), hire.business.id)).toEqual({
      rating: 4,
      reviewCount: 1,
      reviewStars: 4,
    });
    expect((await reportRows(db(), reviewId)).map((report) => report.decision)).toEqual(["kept"]);
    const audit = await auditOf(db(), reviewId);
    expect(audit.map((row) => row.action)).toEqual(["review.keep"]);
    expect(audit[0]?.after).toMatchObject({ decision: "kept", reason: null, insider: false });
  });

  it("keeps a review and discloses its author's connection to the business", async () => {
    const { hire, reviewId } = await reportedReview(
      { stars: 5 },
      { reason: "conflict_of_interest" },
    );
    expect(await decideReview(db(), OPERATOR, reviewId, { kind: "disclose" })).toEqual({
      ok: true,
      decision: "disclosed",
      reports: 1,
    });
    const row = await reviewRow(db(), reviewId);
    expect(row.insider).toBe(true);
    expect(row.removedAt).toBeNull();
    // Still published: it still counts in the rating.
    expect((await ratingOf(db(), hire.business.id))?.reviewCount).toBe(1);
    expect((await reportRows(db(), reviewId)).map((report) => report.decision)).toEqual([
      "disclosed",
    ]);
    const audit = await auditOf(db(), reviewId);
    expect(audit.map((row) => row.action)).toEqual(["review.disclose"]);
    expect(audit[0]).toMatchObject({
      before: { insider: false },
      after: { decision: "disclosed", insider: true },
    });
  });

  it("refuses a second decision of a review already decided", async () => {
    const { hire, reviewId } = await reportedReview();
    expect(await decideReview(db(), OPERATOR, reviewId, { kind: "keep" })).toMatchObject({
      ok: true,
    });
    const after = await reviewRow(db(), reviewId);
    for (const decision of [
      { kind: "remove", reason: "abusive" },
      { kind: "keep" },
      { kind: "disclose" },
    ] as const) {
      expect(await decideReview(db(), SECOND, reviewId, decision)).toEqual({
        ok: false,
        status: 409,
        formError: REVIEW_ERRORS.decided,
      });
    }
    expect(await reviewRow(db(), reviewId)).toEqual(after);
    expect((await ratingOf(db(), hire.business.id))?.reviewCount).toBe(1);
    expect(await auditOf(db(), reviewId)).toHaveLength(1);
  });

  it("refuses a reason outside the review policy, and stores nothing", async () => {
    const { hire, reviewId } = await reportedReview();
    const before = await reviewRow(db(), reviewId);
    for (const reason of ["", "rude", "ABUSIVE", "abusive ", "<script>"]) {
      expect(await decideReview(db(), OPERATOR, reviewId, { kind: "remove", reason })).toEqual({
        ok: false,
        status: 400,
        errors: { reason: REVIEW_ERRORS.removalReason },
      });
    }
    expect(await reviewRow(db(), reviewId)).toEqual(before);
    expect(await reportRows(db(), reviewId)).toEqual([{ decision: null, decidedAt: null }]);
    expect(await auditOf(db(), reviewId)).toEqual([]);
    expect((await ratingOf(db(), hire.business.id))?.reviewCount).toBe(1);
    const { entries } = await waitingReviewReports(db());
    expect(entries.some((entry) => entry.review.id === reviewId)).toBe(true);
  });

  it("answers an unknown review with NotFound", async () => {
    for (const id of [randomUUID(), "not-a-review", ""]) {
      await expect(decideReview(db(), OPERATOR, id, { kind: "keep" })).rejects.toBeInstanceOf(
        NotFound,
      );
    }
  });

  it("two operators deciding at once: one decides, the other is told it is decided", async () => {
    const { hire, reviewId } = await reportedReview({ stars: 2 });
    const outcomes = await Promise.all([
      decideReview(db(), OPERATOR, reviewId, { kind: "remove", reason: "abusive" }),
      decideReview(db(), SECOND, reviewId, { kind: "keep" }),
    ]);
    const won = outcomes.filter((outcome) => outcome.ok);
    expect(won).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toEqual({
      ok: false,
      status: 409,
      formError: REVIEW_ERRORS.decided,
    });
    const audit = await auditOf(db(), reviewId);
    expect(audit).toHaveLength(1);
    const removed = won[0]?.ok && won[0].decision === "removed";
    expect(audit[0]?.action).toBe(removed ? "review.remove" : "review.keep");
    expect((await reviewRow(db(), reviewId)).removedAt !== null).toBe(removed);
    expect((await ratingOf(db(), hire.business.id))?.reviewCount).toBe(removed ? 0 : 1);
  });

  it("lists each decision once, newest first, and a new report after a decision waits again", async () => {
    const { hire, reviewId } = await reportedReview({}, { reason: "illegal" });
    await decideReview(db(), OPERATOR, reviewId, { kind: "keep" });
    // Another person of the business reports it again later.
    const colleague = await createPerson(db(), "Sam Colleague");
    await insertReviewReport(db(), reviewId, {
      reporterId: colleague.userId,
      reason: "abusive",
      note: "Still rude.",
    });
    expect(
      (await waitingReviewReports(db())).entries.find((entry) => entry.review.id === reviewId)
        ?.reports,
    ).toHaveLength(1);
    await decideReview(db(), SECOND, reviewId, { kind: "remove", reason: "abusive" });

    const mine = (await decidedReviewReports(db())).entries.filter(
      (entry) => entry.review.id === reviewId,
    );
    expect(
      mine.map((entry) => [entry.decision, entry.reason, entry.decidedBy, entry.reports.length]),
    ).toEqual([
      ["removed", "abusive", SECOND.email, 1],
      ["kept", null, OPERATOR.email, 1],
    ]);
    expect(mine[0]?.reports[0]?.note).toBe("Still rude.");
    expect(mine[1]?.reports[0]?.reason).toBe("illegal");
    expect(mine[1]?.business.id).toBe(hire.business.id);
  });

  it("pages the queue 50 reviews at a time", async () => {
    const pro = await createPerson(db(), "Ana Pro");
    const hire = await completedHire(db(), { pro });
    const homeowner = hire.homeowner;
    const ids: string[] = [];
    // 51 more reviews of the same business, each of a request it had a part in.
    for (let i = 0; i < REVIEW_QUEUE_PAGE_SIZE + 1; i++) {
      const leadId = await createRequest(db(), homeowner, { status: "completed" });
      await db()
        .insert(requestPros)
        .values({
          leadId,
          contractorId: hire.business.id,
          state: "hired",
          consentText: consentFor(hire.business),
          consentVersion: "test",
          consentAt: new Date(),
          clientAddress: "203.0.113.9",
          userAgent: "test",
        });
      const reviewId = await insertReview(db(), { ...hire, leadId });
      await insertReviewReport(db(), reviewId, { createdAt: at(100 + i) });
      ids.push(reviewId);
    }
    const first = await waitingReviewReports(db(), 1);
    const second = await waitingReviewReports(db(), 2);
    expect(first.entries).toHaveLength(REVIEW_QUEUE_PAGE_SIZE);
    expect(first.more).toBe(true);
    const seen = [...first.entries, ...second.entries].map((entry) => entry.review.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(ids.every((id) => seen.includes(id))).toBe(true);
    // Within the business's reviews, the order of their first report.
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    const waitingReports = await db()
      .select({ id: reviewReports.id })
      .from(reviewReports)
      .where(inArray(reviewReports.reviewId, ids));
    expect(waitingReports).toHaveLength(ids.length);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("the reported reviews page over HTTP, without JavaScript", () => {
  let site: PostgresSite;
  const jars = cookieJars("operator");
  const scene = { reviewId: "", businessId: "", slug: "" };

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    const hire = await completedHire(site.db);
    scene.businessId = hire.business.id;
    scene.slug = `business-${hire.business.id}`;
    scene.reviewId = await insertReview(site.db, hire, {
      stars: 4,
      body: "Good roof, but the foreman's number is 303-555-0199, call him.",
      service: "roof-repair",
      jobMonth: "2026-10-01",
    });
    await insertReviewReport(site.db, scene.reviewId, {
      reporterId: hire.pro.userId,
      reason: "abusive",
      note: "Rude to my crew.",
      createdAt: at(1),
    });
    const colleague = await createPerson(site.db, "Sam Colleague");
    await insertReviewReport(site.db, scene.reviewId, {
      reporterId: colleague.userId,
      reason: "personal_information",
      createdAt: at(2),
    });
    const other = await createPerson(site.db, "Riley Other");
    await insertReviewReport(site.db, scene.reviewId, {
      reporterId: other.userId,
      reason: "personal_information",
      note: "Phone number.",
      createdAt: at(3),
    });
    await signInPeople(site, jars);
  });
  afterAll(async () => {
    await site.stop();
  });

  it("shows the review in full with its reports, and the most reported reason chosen", async () => {
    const answer = await jars.operator.fetch(`${site.url}/admin/reviews`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const html = await answer.text();
    expect(html).toContain("Reported reviews</h1>");
    expect(html).toContain("4 out of 5 stars");
    expect(html).toContain("Verified hire · Roof Repair · October 2026");
    expect(html).toContain(`href="/pros/${scene.slug}"`);
    expect(html).toContain(`href="/admin/contractors/${scene.businessId}"`);
    expect(html).toContain("Abusive or discriminatory");
    expect(html).toContain("Rude to my crew.");
    expect(html).toContain("Sam Colleague");
    expect(html).toContain("2026-11-20 09:01");
    expect(html).toContain("Waiting (1)");
    expect(html).toMatch(/<option value="personal_information" selected="">/);
    for (const button of [
      "Remove the review",
      "Keep the review",
      "Keep and disclose the connection",
    ])
      expect(html).toContain(button);
  });

  it("asks for a policy reason beside the field, keeping the choice, and stores nothing", async () => {
    const refused = await postForm(jars.operator, site.url, "/admin/reviews", {
      intent: "remove",
      reviewId: scene.reviewId,
      reason: "",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const selectId = `reason-${scene.reviewId}`;
    expect(html).toContain(`id="${selectId}-error"`);
    expect(html).toContain(REVIEW_ERRORS.removalReason);
    expect(html).toMatch(
      new RegExp(
        `<select[^>]*aria-invalid="true"[^>]*id="${selectId}"|<select[^>]*id="${selectId}"[^>]*aria-invalid="true"`,
      ),
    );
    expect(html).toMatch(/<option value="" selected="">Choose a rule/);
    expect(await auditOf(site.db, scene.reviewId)).toEqual([]);
  });

  it("removes the review with a reason, then says so; a second post is told it is decided", async () => {
    const removed = await postForm(jars.operator, site.url, "/admin/reviews", {
      intent: "remove",
      reviewId: scene.reviewId,
      reason: "personal_information",
      page: "1",
    });
    expect(removed.status).toBe(302);
    const location = removed.headers.get("location") ?? "";
    expect(location).toBe("/admin/reviews?done=removed");
    const after = await (await jars.operator.fetch(`${site.url}${location}`)).text();
    expect(after).toMatch(/role="status"[^>]*>The review is removed/);
    expect(after).toContain("No reported review is waiting.");
    expect((await reviewRow(site.db, scene.reviewId)).removedReason).toBe("personal_information");
    expect(await auditOf(site.db, scene.reviewId)).toMatchObject([
      { action: "review.remove", actorEmail: LOCAL_OPERATOR.email },
    ]);

    const late = await postForm(jars.operator, site.url, "/admin/reviews", {
      intent: "keep",
      reviewId: scene.reviewId,
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toMatch(/role="alert"[^>]*>This report has already been decided./);

    const decided = await (
      await jars.operator.fetch(`${site.url}/admin/reviews?tab=decided`)
    ).text();
    expect(decided).toContain("Removed: Personal information");
    expect(decided).toContain(LOCAL_OPERATOR.email);
    expect(decided).toContain("Decided (1)");
  });

  it("answers an unknown review or a missing choice without changing anything", async () => {
    const unknown = await postForm(jars.operator, site.url, "/admin/reviews", {
      intent: "keep",
      reviewId: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    const none = await postForm(jars.operator, site.url, "/admin/reviews", {
      reviewId: scene.reviewId,
    });
    expect(none.status).toBe(400);
    expect(await auditOf(site.db, scene.reviewId)).toHaveLength(1);
  });
});
