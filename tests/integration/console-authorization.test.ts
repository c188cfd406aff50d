/**
 * Who may use the console, route by route and action by action: a visitor,
 * a homeowner and a pro get the plain 404 on every /admin page, download and
 * form post, and nothing they post changes anything; an operator whose
 * sign-in is recent uses every one of them, each action writing its audit
 * row; an operator whose sign-in is older than 12 hours is sent to sign in
 * again from every one, and nothing changes either.
 */
import { count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMessage } from "~/features/conversations/post.server";
import { reportMessage } from "~/features/conversations/reports.server";
import { sendToPros } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import { grantOperator } from "~/features/operator/roles.server";
import {
  auditLog,
  contractors,
  contractorVerifications,
  messageReports,
  messages,
  outboxJobs,
  reviewReports,
  reviews,
  sessions,
  threads,
  users,
} from "../../database/schema";
import { cookieJars, postForm, signInPeople, signInWithLink } from "../support/console";
import { CookieJar } from "../support/cookie-jar";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
} from "../support/marketplace-factories";
import { insertFailedBusinessEmail } from "../support/outbox-factories";
import { completedHire, insertReview } from "../support/review-factories";
import { insertReviewReport } from "../support/review-report-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("the console's doors, person by person", () => {
  let site: PostgresSite;
  const db = () => site.db;
  const jars = cookieJars("visitor", "homeowner", "pro", "operator");
  const staleOperator = new CookieJar();
  const scene = {
    personId: "",
    leavingId: "",
    leavingEmail: "",
    personEmail: "",
    businessId: "",
    requestId: "",
    jobs: [0, 0],
    /** Two reports of the pro's messages in a thread: one to remove, one to keep. */
    reports: [0, 0],
    /** Three reported reviews: one to remove, one to keep, one to keep and disclose. */
    reviews: ["", "", ""] as [string, string, string],
  };

  /** Every console page and download, as an operator reaches them. */
  const pages = () => [
    "/admin",
    "/admin/audit",
    "/admin/requests?q=Jordan",
    `/admin/requests/${scene.requestId}`,
    "/admin/requests.csv",
    "/admin/delivery",
    "/admin/delivery?tab=resolved",
    "/admin/contractors",
    `/admin/contractors/${scene.businessId}`,
    "/admin/people?q=Jordan",
    `/admin/people/${scene.personId}`,
    `/admin/people/${scene.personId}/data.json`,
    "/admin/reports",
    "/admin/reviews",
    "/admin/reviews?tab=decided",
  ];

  /** Every console action, with a form that an operator's post carries out. */
  const actions = (): { path: string; audit: string; fields: Record<string, string> }[] => [
    {
      path: "/admin/delivery",
      audit: "delivery.retry",
      fields: { intent: "retry", jobId: String(scene.jobs[0]) },
    },
    {
      path: "/admin/delivery",
      audit: "delivery.resolve",
      fields: {
        intent: "resolve",
        jobId: String(scene.jobs[1]),
        note: "Phoned the business with the request.",
      },
    },
    {
      path: `/admin/contractors/${scene.businessId}`,
      audit: "contractor.verify",
      fields: {
        intent: "verify",
        kind: "licence",
        registry: "Colorado DORA",
        registryAddress: "https://apps.colorado.gov/dora/licensing/Lookup",
        checkedOn: new Date().toISOString().slice(0, 10),
        result: "verified",
        expiresOn: `${(new Date().getUTCFullYear() + 1).toString()}-12-31`,
        notes: "",
      },
    },
    {
      path: `/admin/contractors/${scene.businessId}`,
      audit: "contractor.suspend",
      fields: { intent: "suspend", reason: "Licence under review." },
    },
    {
      path: `/admin/contractors/${scene.businessId}`,
      audit: "contractor.restore",
      fields: { intent: "restore" },
    },
    {
      path: "/admin/reports",
      audit: "message.remove",
      fields: { intent: "decide", reportId: String(scene.reports[0]), decision: "removed" },
    },
    {
      path: "/admin/reports",
      audit: "message.keep",
      fields: { intent: "decide", reportId: String(scene.reports[1]), decision: "kept" },
    },
    {
      path: "/admin/reviews",
      audit: "review.remove",
      fields: { intent: "remove", reviewId: scene.reviews[0], reason: "abusive" },
    },
    {
      path: "/admin/reviews",
      audit: "review.keep",
      fields: { intent: "keep", reviewId: scene.reviews[1] },
    },
    {
      path: "/admin/reviews",
      audit: "review.disclose",
      fields: { intent: "disclose", reviewId: scene.reviews[2] },
    },
    {
      path: `/admin/people/${scene.leavingId}`,
      audit: "person.delete",
      fields: { intent: "delete", email: scene.leavingEmail },
    },
  ];

  /** What the actions change: it must not move unless an operator acted. */
  async function state() {
    const [audit] = await db().select({ n: count() }).from(auditLog);
    const jobs = await db()
      .select({ id: outboxJobs.id, status: outboxJobs.status, attempts: outboxJobs.attempts })
      .from(outboxJobs)
      .orderBy(outboxJobs.id);
    const [business] = await db()
      .select({ suspendedAt: contractors.suspendedAt })
      .from(contractors)
      .where(eq(contractors.id, scene.businessId));
    const [checks] = await db().select({ n: count() }).from(contractorVerifications);
    const [person] = await db()
      .select({ n: count() })
      .from(users)
      .where(eq(users.id, scene.leavingId));
    const [decided] = await db()
      .select({ n: count() })
      .from(messageReports)
      .where(isNotNull(messageReports.decidedAt));
    const [removed] = await db()
      .select({ n: count() })
      .from(messages)
      .where(isNotNull(messages.removedAt));
    const [reviewsDecided] = await db()
      .select({ n: count() })
      .from(reviewReports)
      .where(isNotNull(reviewReports.decidedAt));
    const [reviewsRemoved] = await db()
      .select({ n: count() })
      .from(reviews)
      .where(isNotNull(reviews.removedAt));
    const [reviewsDisclosed] = await db()
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.insider, true));
    return {
      audit: audit?.n,
      jobs,
      business,
      checks: checks?.n,
      person: person?.n,
      decided: decided?.n,
      removed: removed?.n,
      reviewsDecided: reviewsDecided?.n,
      reviewsRemoved: reviewsRemoved?.n,
      reviewsDisclosed: reviewsDisclosed?.n,
    };
  }

  beforeAll(async () => {
    site = await startSiteOnPostgres();

    const person = await createPerson(db(), "Jordan Lee");
    scene.personId = person.userId;
    scene.personEmail = `${person.userId}@example.com`;
    scene.requestId = await createRequest(db(), person, { status: "sent" });
    const leaving = await createPerson(db(), "Avery Leaving");
    scene.leavingId = leaving.userId;
    scene.leavingEmail = `${leaving.userId}@example.com`;
    await createRequest(db(), leaving, { status: "sent" });
    scene.businessId = (await createBusiness(db(), null)).id;
    scene.jobs = [
      await insertFailedBusinessEmail(db(), scene.requestId),
      await insertFailedBusinessEmail(db(), scene.requestId),
    ];

    // A thread (the request's pro accepted), two of the pro's messages, both reported.
    const pro = await createPerson(db(), "Ana Pro");
    const proBusiness = await createBusiness(db(), pro);
    const threadLead = await createRequest(db(), person);
    await sendToPros(db(), person, threadLead, [proBusiness.id], consentFor(proBusiness), delivery);
    await proStep(db(), pro.userId, threadLead, proBusiness.id, { event: "accept" });
    const [thread] = await db().select().from(threads).where(eq(threads.leadId, threadLead));
    for (const [i, body] of ["You will regret this.", "Call me on my cell."].entries()) {
      const posted = await postMessage(
        db(),
        { delivery },
        { userId: pro.userId },
        thread?.id ?? "",
        {
          body,
        },
      );
      if (!posted.ok) throw new Error(JSON.stringify(posted.errors));
      const report = await reportMessage(db(), person.userId, posted.message.id, "Rude.");
      if (!report.ok) throw new Error(report.error);
      scene.reports[i] = report.reportId;
    }

    // Three reviews of completed hires, each reported by the pro it reviews.
    const reported: string[] = [];
    for (let i = 0; i < 3; i++) {
      const hire = await completedHire(db());
      const reviewId = await insertReview(db(), hire);
      await insertReviewReport(db(), reviewId, { reporterId: hire.pro.userId });
      reported.push(reviewId);
    }
    scene.reviews = [reported[0] ?? "", reported[1] ?? "", reported[2] ?? ""];

    await signInPeople(site, jars);
    const stale = await createPerson(db(), "Sam Stale");
    const staleEmail = `${stale.userId}@example.com`;
    await grantOperator(db(), staleEmail, COMMAND_LINE);
    expect((await signInWithLink(staleOperator, site.url, db(), staleEmail)).status).toBe(302);
    await db()
      .update(sessions)
      .set({ createdAt: sql`now() - interval '13 hours'` })
      .where(eq(sessions.userId, stale.userId));
  });
  afterAll(async () => {
    await site.stop();
  });

  it("a visitor, a homeowner and a pro get the 404 on every page and action, and change nothing", async () => {
    const before = await state();
    for (const who of ["visitor", "homeowner", "pro"] as const) {
      for (const path of pages()) {
        const answer = await jars[who].fetch(`${site.url}${path}`);
        expect(answer.status, `${who} GET ${path}`).toBe(404);
        // The site's 404 (a download's is its one line): nothing of the data.
        const body = await answer.text();
        for (const secret of ["Jordan", scene.personEmail, "550 mailbox", "Console"])
          expect(body, `${who} GET ${path}`).not.toContain(secret);
      }
      for (const { path, fields } of actions()) {
        const answer = await postForm(jars[who], site.url, path, fields);
        expect(answer.status, `${who} POST ${path} ${fields.intent}`).toBe(404);
      }
    }
    expect(await state()).toEqual(before);
  });

  it("an operator signed in more than 12 hours ago signs in again first, from every door", async () => {
    const before = await state();
    for (const path of pages()) {
      const answer = await staleOperator.fetch(`${site.url}${path}`);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location"), path).toBe(
        `/admin/sign-in?${new URLSearchParams({ returnTo: path }).toString()}`,
      );
    }
    for (const { path, fields } of actions()) {
      const answer = await postForm(staleOperator, site.url, path, fields);
      expect(answer.status, `${path} ${fields.intent}`).toBe(302);
      expect(answer.headers.get("location"), path).toMatch(/^\/admin\/sign-in\?returnTo=/);
    }
    expect(await state()).toEqual(before);
  });

  it("an operator opens every page and download, and every action writes its audit row", async () => {
    for (const path of pages()) {
      const answer = await jars.operator.fetch(`${site.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
      await answer.arrayBuffer();
    }
    for (const { path, fields, audit } of actions()) {
      const before = await state();
      const answer = await postForm(jars.operator, site.url, path, fields);
      expect(answer.status, `${path} ${fields.intent}`).toBe(302);
      const rows = await db()
        .select({ action: auditLog.action, subjectId: auditLog.subjectId })
        .from(auditLog)
        .where(eq(auditLog.action, audit));
      expect(rows, audit).toHaveLength(1);
      expect((await state()).audit).toBe((before.audit ?? 0) + 1);
    }
    const after = await state();
    // (The thread's request and message emails wait in the outbox too: not the console's.)
    const consoleJobs = after.jobs.filter((job) => scene.jobs.includes(job.id));
    expect(consoleJobs.map((job) => job.status)).toEqual(["pending", "resolved"]);
    expect(after.checks).toBe(1);
    expect(after.business?.suspendedAt).toBeNull();
    expect(after.person).toBe(0);
    expect(after.decided).toBe(2);
    expect(after.removed).toBe(1);
    expect(after.reviewsDecided).toBe(3);
    expect(after.reviewsRemoved).toBe(1);
    expect(after.reviewsDisclosed).toBe(1);
  });
});
