/**
 * The route fuzzer, signed in as an operator: hostile values in every path
 * segment, query parameter and form field of the console. No answer may be
 * a 5xx, reflect the input unescaped, lose its security headers or redirect
 * off the site (the visitor's side of /admin is in fuzz.test.ts).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, it } from "vitest";
import { postMessage } from "~/features/conversations/post.server";
import { reportMessage } from "~/features/conversations/reports.server";
import { sendToPros } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { threads } from "../../database/schema";
import { postForm, signInWithLink } from "../support/console";
import { CookieJar } from "../support/cookie-jar";
import { expectSafeAnswer, HOSTILE } from "../support/hostile";
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

describe.skipIf(!baseUrl)("hostile input on every console route, as an operator", () => {
  let site: PostgresSite;
  const jar = new CookieJar();
  const ids = { person: "", business: "", request: "", job: "", report: "", review: "" };

  function pathTemplates(v: string): string[] {
    const e = encodeURIComponent(v);
    return [
      `/admin?${e}=${e}`,
      // At most three values a URL: four of 4,000 characters pass Node's 16 KiB header limit.
      `/admin/audit?action=${e}&subjectType=${e}&subjectId=${e}`,
      `/admin/audit?actorEmail=${e}&before=${e}`,
      `/admin/requests?q=${e}`,
      `/admin/requests?from=${e}&to=${e}&category=${e}`,
      `/admin/requests?status=${e}&source=${e}&before=${e}`,
      `/admin/requests/${e}`,
      `/admin/requests.csv?q=${e}&from=${e}&status=${e}`,
      `/admin/delivery?tab=${e}&page=${e}`,
      `/admin/delivery?retried=${e}&resolved=${e}`,
      `/admin/contractors?q=${e}&filter=${e}&page=${e}`,
      `/admin/contractors/${e}`,
      `/admin/contractors/${ids.business}?done=${e}&told=${e}`,
      `/admin/people?q=${e}&page=${e}&deleted=${e}`,
      `/admin/people/${e}`,
      `/admin/people/${e}/data.json`,
      `/admin/sign-in?returnTo=${e}`,
      `/admin/reports?done=${e}&page=${e}`,
      `/admin/reviews?tab=${e}&page=${e}&done=${e}`,
      `/admin/reviews?tab=decided&page=${e}`,
    ];
  }

  const forms = (): { path: string; fields: Record<string, string> }[] => [
    { path: "/admin/delivery", fields: { intent: "retry", jobId: ids.job } },
    { path: "/admin/delivery", fields: { intent: "resolve", jobId: ids.job, note: "Phoned." } },
    {
      path: `/admin/contractors/${ids.business}`,
      fields: {
        intent: "verify",
        kind: "licence",
        registry: "Colorado DORA",
        registryAddress: "https://apps.colorado.gov/dora/licensing/Lookup",
        checkedOn: "2026-11-01",
        result: "verified",
        expiresOn: "2030-12-31",
        notes: "",
      },
    },
    {
      path: `/admin/contractors/${ids.business}`,
      fields: { intent: "suspend", reason: "Under review." },
    },
    { path: `/admin/contractors/${ids.business}`, fields: { intent: "restore" } },
    { path: `/admin/people/${ids.person}`, fields: { intent: "delete", email: "not-them@x.y" } },
    {
      path: "/admin/reports",
      fields: { intent: "decide", reportId: ids.report, decision: "kept" },
    },
    // The removal's reason is outside the policy (refused beside the field); the first keep
    // decides the review, and every later post is told it is already decided.
    {
      path: "/admin/reviews",
      fields: { intent: "remove", reviewId: ids.review, reason: "wrong", page: "1" },
    },
    { path: "/admin/reviews", fields: { intent: "keep", reviewId: ids.review, page: "1" } },
    { path: "/admin/reviews", fields: { intent: "disclose", reviewId: ids.review, page: "1" } },
  ];

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    const person = await createPerson(site.db, "Jordan Lee");
    ids.person = person.userId;
    ids.request = await createRequest(site.db, person, { status: "sent" });
    ids.business = (await createBusiness(site.db, null)).id;
    ids.job = String(await insertFailedBusinessEmail(site.db, ids.request));
    // A reported message in a thread, for the reports queue's form.
    const pro = await createPerson(site.db, "Ana Pro");
    const business = await createBusiness(site.db, pro);
    const lead = await createRequest(site.db, person);
    await sendToPros(site.db, person, lead, [business.id], consentFor(business), delivery);
    await proStep(site.db, pro.userId, lead, business.id, { event: "accept" });
    const [thread] = await site.db.select().from(threads).where(eq(threads.leadId, lead));
    const posted = await postMessage(site.db, { delivery }, pro, thread?.id ?? "", {
      body: "<script>alert(1)</script>",
    });
    if (!posted.ok) throw new Error(JSON.stringify(posted.errors));
    const report = await reportMessage(site.db, person.userId, posted.message.id, "<b>rude</b>");
    if (!report.ok) throw new Error(report.error);
    ids.report = String(report.reportId);
    // A reported review whose text and report carry markup, for the reviews queue's forms.
    const hire = await completedHire(site.db);
    ids.review = await insertReview(site.db, hire, {
      body: "<img src=x onerror=alert(1)> was rude to me",
    });
    await insertReviewReport(site.db, ids.review, {
      reporterId: hire.pro.userId,
      note: "<script>alert(1)</script>",
    });
    await signInWithLink(jar, site.url, site.db);
  });
  afterAll(async () => {
    await site.stop();
  });

  it("GET: paths and query strings", async () => {
    for (const value of HOSTILE) {
      for (const path of pathTemplates(value)) {
        await expectSafeAnswer(`GET ${path}`, await jar.fetch(`${site.url}${path}`), site.url);
      }
    }
  });

  it("POST: every field of every console form, and hostile ids in the path", async () => {
    for (const value of HOSTILE) {
      for (const form of forms()) {
        for (const field of Object.keys(form.fields)) {
          const fields = { ...form.fields, [field]: value };
          const label = `POST ${form.path} ${field}=${value.slice(0, 40)}`;
          await expectSafeAnswer(label, await postForm(jar, site.url, form.path, fields), site.url);
        }
      }
      const e = encodeURIComponent(value);
      for (const path of [`/admin/contractors/${e}`, `/admin/people/${e}`]) {
        const answer = await postForm(jar, site.url, path, { intent: "restore" });
        await expectSafeAnswer(`POST ${path}`, answer, site.url);
      }
    }
  });
});
