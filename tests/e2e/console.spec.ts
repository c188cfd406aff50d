/**
 * The operator's console in a browser: sign in with a one-time link, verify
 * a licence (the public profile and listing show it, until its expiry
 * passes), suspend a pro (gone from listings and from the choose-pros step),
 * retry a failed delivery; each action leaves its audit row, and axe finds
 * nothing on any console page. It runs a server of its own on PostgreSQL
 * (TEST_DATABASE_URL), so the test can let a licence's expiry date pass.
 * (The app's server modules use Vite's import.meta.glob, which Playwright's
 * loader does not have: the rows are written here, and the sign-in link comes
 * from `npm run operator -- link`, as an operator gets it.)
 */
import { eq, sql } from "drizzle-orm";
import type { Browser, BrowserContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import {
  contractors,
  contractorVerifications,
  leads,
  outboxJobs,
  requestPros,
  reviews,
  users,
} from "../../database/schema";
import { runOperatorCommand } from "../support/operator";
import { insertFailedBusinessEmail } from "../support/outbox-factories";
import { createProfile } from "../support/profile-factories";
import { insertReviewReport } from "../support/review-report-factories";
import { expect, test, type Page } from "./fixtures";
import { fillHomeQuote } from "./home-quote";
import { accessibilityViolations } from "./hydration";
import { siteForTheseTests } from "./postgres-spec";

const BUSINESS = "Flatirons Console Roofing";
const site = siteForTheseTests("The console's");
const { at } = site;
let operatorContext: BrowserContext;
let operator: Page;
const scene = { businessId: "", slug: "", requestId: "", jobId: 0 };

const today = () => new Date().toISOString().slice(0, 10);
const longDay = (isoDay: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDay}T12:00:00Z`),
  );

async function expectAxeClean(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** A visitor of their own: a fresh browser, no cookies. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/**
 * The pros a visitor asking for roofing in Boulder is offered: the names on
 * the choose-pros step after the home page's quote form.
 */
async function prosOffered(browser: Browser): Promise<string[]> {
  const page = await visitor(browser);
  await page.goto(at("/"));
  const form = await fillHomeQuote(page, {
    name: "Robin Boulder",
    zip: "80302",
    details: "Hail damage on the ridge.",
  });
  await form.getByRole("button", { name: "Get Your Quote" }).click();
  await expect(page.getByRole("heading", { name: "Choose who gets your request" })).toBeVisible();
  const names = await page
    .getByRole("group", { name: "Pros who serve your area" })
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((box) => box.closest("label")?.textContent ?? ""));
  await page.context().close();
  return names;
}

test.beforeAll(async ({ browser }) => {
  const business = await createProfile(site.db, {
    name: BUSINESS,
    citySlugs: ["boulder-co"],
    basePlace: "boulder-co",
    serviceRadius: 10,
    services: [],
  });
  scene.businessId = business.id;
  scene.slug = business.slug;
  const homeownerId = randomUUID();
  await site.db.insert(users).values({
    id: homeownerId,
    email: `${homeownerId}@example.com`,
    name: "Jordan Console",
    provider: "test",
    subject: homeownerId,
  });
  const [request] = await site.db
    .insert(leads)
    .values({
      source: "dashboard",
      name: "Jordan Console",
      email: `${homeownerId}@example.com`,
      phone: "+13035550100",
      service: "roof-repair",
      citySlug: "boulder-co",
      postalCode: "80302",
      country: "US",
      details: "Shingles blew off in the storm.",
      consentText: "I agree…",
      consentAt: new Date(),
      userId: homeownerId,
      status: "sent",
      idempotencyKey: randomUUID(),
    })
    .returning({ id: leads.id });
  scene.requestId = request?.id ?? "";
  scene.jobId = await insertFailedBusinessEmail(site.db, scene.requestId);
  operatorContext = await browser.newContext();
  operator = await operatorContext.newPage();
});

test.afterAll(async () => {
  await operatorContext.close();
});

test("an operator signs in with a one-time link and sees the overview", async () => {
  const made = await runOperatorCommand(["link"], { DATABASE_URL: site.databaseUrl });
  expect(made.code, made.stderr).toBe(0);
  const link = /https?:\/\/\S+\/admin\/sign-in\/\S+/.exec(made.stdout)?.[0] ?? "";
  await operator.goto(at(new URL(link).pathname));
  await expect(operator.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  await expectAxeClean(operator);
  await operator.getByRole("button", { name: "Sign in to the console" }).click();
  await expect(operator).toHaveURL(at("/admin"));
  await expect(operator.getByRole("navigation", { name: "Console" })).toBeVisible();
  await expect(operator.getByRole("heading", { name: /Requests sent per day/ })).toBeVisible();
  // The chart's figures, in a table beside it.
  await operator.getByText("The figures, day by day").click();
  const figures = operator.getByRole("table", { name: "Requests sent by day" });
  await expect(figures.getByRole("row")).toHaveCount(91);
  await expect(operator.getByRole("table", { name: "Requests by status" })).toContainText("1");
  await expectAxeClean(operator);
});

test("the link's button signs in without JavaScript too", async ({ browser }) => {
  const made = await runOperatorCommand(["link"], { DATABASE_URL: site.databaseUrl });
  const link = /https?:\/\/\S+\/admin\/sign-in\/\S+/.exec(made.stdout)?.[0] ?? "";
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(at(new URL(link).pathname));
  await page.getByRole("button", { name: "Sign in to the console" }).click();
  await expect(page).toHaveURL(at("/admin"));
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await context.close();
});

test("verifying a licence puts its badge on the profile and listing, until it expires", async ({
  browser,
}) => {
  await operator.goto(at("/admin/contractors"));
  await operator.getByRole("searchbox", { name: "Name, slug or email" }).fill("Flatirons");
  await operator.getByRole("button", { name: "Find" }).click();
  // The search's answer first: a click on the list it replaces would be lost to it.
  await expect(operator).toHaveURL(/[?&]q=Flatirons/);
  await operator.getByRole("link", { name: BUSINESS }).click();
  await expect(operator.getByRole("heading", { level: 1, name: BUSINESS })).toBeVisible();
  await expectAxeClean(operator);

  await operator.getByRole("combobox", { name: "What was checked" }).selectOption("licence");
  await operator.getByRole("combobox", { name: "Result" }).selectOption("verified");
  await operator.getByRole("textbox", { name: "Registry name" }).fill("Colorado DORA");
  await operator
    .getByRole("textbox", { name: "Registry address" })
    .fill("https://apps.colorado.gov/dora/licensing/Lookup");
  await operator.getByLabel("Date checked").fill(today());
  await operator.getByLabel("Expiry date").fill(`${new Date().getUTCFullYear() + 1}-06-30`);
  await operator.getByRole("button", { name: "Record the check" }).click();
  await expect(operator.getByText("The check is recorded.")).toBeVisible();

  const badge = `Licence verified on ${longDay(today())} (Colorado DORA)`;
  const page = await visitor(browser);
  await page.goto(at(`/pros/${scene.slug}?seen=verified`));
  await expect(page.getByText(badge)).toBeVisible();
  await page.goto(at("/boulder-co/roof-repair"));
  await expect(page.getByText(badge)).toBeVisible();

  // Time passes: the expiry date is yesterday.
  await site.db
    .update(contractorVerifications)
    .set({ expiresOn: sql`current_date - 1` })
    .where(eq(contractorVerifications.contractorId, scene.businessId));
  await page.goto(at(`/pros/${scene.slug}?seen=expired`));
  await expect(page.getByText(/declared by the business/).first()).toBeVisible();
  await expect(page.getByText(badge)).toHaveCount(0);
  await page.context().close();

  await operator.goto(at(`/admin/audit?action=contractor.verify`));
  await expect(operator.getByRole("row", { name: new RegExp(scene.businessId) })).toHaveCount(1);
  await expectAxeClean(operator);
});

test("suspending a pro takes it off the listings and the choose-pros step", async ({ browser }) => {
  expect((await prosOffered(browser)).some((name) => name.includes(BUSINESS))).toBe(true);
  const page = await visitor(browser);
  await page.goto(at("/boulder-co/gutter-installation"));
  await expect(page.getByRole("heading", { name: BUSINESS })).toBeVisible();

  await operator.goto(at(`/admin/contractors/${scene.businessId}`));
  await operator.getByRole("textbox", { name: "Reason" }).fill("Licence under review.");
  await operator.getByRole("button", { name: "Suspend the profile" }).click();
  await expect(operator.getByText(/The profile is suspended/)).toBeVisible();
  await expect(operator.getByRole("button", { name: "Restore the profile" })).toBeVisible();

  await page.goto(at("/boulder-co/roof-maintenance"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(BUSINESS)).toHaveCount(0);
  const gone = await page.goto(at(`/pros/${scene.slug}?seen=suspended`));
  expect(gone?.status()).toBe(404);
  await page.context().close();
  expect((await prosOffered(browser)).some((name) => name.includes(BUSINESS))).toBe(false);

  await operator.goto(at("/admin/audit?action=contractor.suspend"));
  await expect(operator.getByRole("row", { name: /Licence under review/ })).toHaveCount(1);
});

test("retrying a failed delivery puts it back in the queue, with its audit row", async () => {
  await operator.goto(at("/admin/delivery"));
  const row = operator.getByRole("row", { name: /550 mailbox unavailable/ });
  await expect(row).toHaveCount(1);
  await expectAxeClean(operator);
  await row.getByRole("button", { name: `Retry now job ${scene.jobId.toString()}` }).click();
  await expect(
    operator.getByText(`Job ${scene.jobId.toString()} will be retried now.`),
  ).toBeVisible();
  await expect(operator.getByRole("row", { name: /550 mailbox unavailable/ })).toHaveCount(0);
  const [job] = await site.db
    .select({ status: outboxJobs.status, attempts: outboxJobs.attempts })
    .from(outboxJobs)
    .where(eq(outboxJobs.id, scene.jobId));
  expect(job?.status).not.toBe("failed");

  await operator.goto(at("/admin/audit?action=delivery.retry"));
  await expect(
    operator.getByRole("row", { name: new RegExp(`outbox_job ${scene.jobId.toString()}`) }),
  ).toHaveCount(1);
});

test("a reported review is removed with a policy reason, and leaves the rating", async () => {
  // A business hired for the homeowner's request, her review of it, and its pro's report.
  const proId = randomUUID();
  await site.db.insert(users).values({
    id: proId,
    email: `${proId}@example.com`,
    name: "Ana Reviewpro",
    provider: "test",
    subject: proId,
  });
  const reviewed = await createProfile(site.db, {
    name: "Ridgeline Review Roofing",
    ownerId: proId,
  });
  await site.db.insert(requestPros).values({
    leadId: scene.requestId,
    contractorId: reviewed.id,
    state: "hired",
    consentText: "I agree…",
    consentVersion: "test",
    consentAt: new Date(),
    clientAddress: "203.0.113.9",
    userAgent: "test",
  });
  const [review] = await site.db
    .insert(reviews)
    .values({
      leadId: scene.requestId,
      contractorId: reviewed.id,
      authorName: "Jordan C.",
      stars: 2,
      body: "Slow to start. Call the owner's cell 303-555-0188 and tell him so.",
      service: "roof-repair",
      jobMonth: "2026-11-01",
    })
    .returning({ id: reviews.id });
  const reviewId = review?.id ?? "";
  await insertReviewReport(site.db, reviewId, {
    reporterId: proId,
    reason: "abusive",
    note: "Rude, and it gives my number.",
  });
  const figures = async () => {
    const [row] = await site.db
      .select({ reviewCount: contractors.reviewCount })
      .from(contractors)
      .where(eq(contractors.id, reviewed.id));
    return row?.reviewCount;
  };
  expect(await figures()).toBe(1);

  await operator.goto(at("/admin"));
  await operator
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Reviews" })
    .click();
  await expect(operator.getByRole("heading", { level: 1, name: "Reported reviews" })).toBeVisible();
  const card = operator.getByRole("article", {
    name: "Review of Ridgeline Review Roofing by Jordan C.",
  });
  await expect(card.getByText("2 out of 5 stars")).toBeVisible();
  await expect(card.getByText("Verified hire · Roof Repair · November 2026")).toBeVisible();
  await expect(card.getByRole("row", { name: /Abusive or discriminatory/ })).toContainText(
    "Ana Reviewpro",
  );
  const reason = card.getByRole("combobox", { name: /Policy reason for removing it/ });
  await expect(reason).toHaveValue("abusive");
  await expectAxeClean(operator);

  await reason.selectOption("personal_information");
  await card.getByRole("button", { name: /^Remove the review/ }).click();
  await expect(operator.getByText(/^The review is removed/)).toBeVisible();
  await expect(operator.getByText("No reported review is waiting.")).toBeVisible();
  const [stored] = await site.db
    .select({ removedReason: reviews.removedReason })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  expect(stored?.removedReason).toBe("personal_information");
  expect(await figures()).toBe(0);
  await expectAxeClean(operator);

  await operator.getByRole("link", { name: /^Decided/ }).click();
  await expect(operator).toHaveURL(at("/admin/reviews?tab=decided"));
  await expect(
    operator
      .getByRole("row", { name: /Ridgeline Review Roofing/ })
      .getByText("Removed: Personal information"),
  ).toBeVisible();
  await expectAxeClean(operator);

  await operator.goto(at("/admin/audit?action=review.remove"));
  await expect(operator.getByRole("row", { name: new RegExp(`review ${reviewId}`) })).toHaveCount(
    1,
  );

  // The public profile shows the policy's reason in the review's place, and no longer its text.
  await operator.goto(at(`/pros/${reviewed.slug}?reviews=1`));
  const shown = operator.getByRole("region", { name: "Reviews" });
  await expect(
    shown.getByText("This review was removed under our review policy: personal information."),
  ).toBeVisible();
  await expect(shown.getByText(/303-555-0188/)).toHaveCount(0);
  await expect(shown.getByRole("link", { name: /Personal information/ })).toHaveAttribute(
    "href",
    "/review-policy#personal_information",
  );
});

test("axe finds nothing on the console's other pages", async () => {
  // Nine pages, each drawn and audited in full: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  for (const path of [
    "/admin/requests",
    "/admin/requests?q=Jordan&status=sent",
    `/admin/requests/${scene.requestId}`,
    "/admin/delivery?tab=retrying",
    "/admin/contractors?filter=suspended",
    "/admin/people?q=Jordan",
    "/admin/audit",
  ]) {
    await operator.goto(at(path));
    await expect(operator.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await accessibilityViolations(operator), path).toEqual([]);
  }
  await operator.goto(at("/admin/people?q=Jordan"));
  await operator.getByRole("link", { name: "Jordan Console" }).click();
  await expect(operator.getByRole("heading", { level: 1, name: "Jordan Console" })).toBeVisible();
  await expectAxeClean(operator);
  // A bad form answer: the message beside the field, still axe clean.
  await operator.getByRole("button", { name: /Delete/ }).click();
  await expect(operator.getByRole("textbox", { name: /email/i })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expectAxeClean(operator);
  await operator.goto(at("/admin/sign-in?returnTo=/admin/audit"));
  await expectAxeClean(operator);
});
