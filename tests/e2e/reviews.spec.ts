/**
 * The review loop in two browsers: the homeowner marks the hired project
 * completed and reviews the pro (a refusal beside its field first, text
 * kept); the profile shows it with "Verified hire" and the verified rating;
 * the pro replies once and reports it; with JavaScript off the review is
 * still written. axe finds nothing on the new pages. A server of its own on
 * PostgreSQL (TEST_DATABASE_URL); rows are written here (see
 * conversations.spec.ts for why).
 */
import { randomUUID } from "node:crypto";
import { contractors, leads, requestPros } from "../../database/schema";
import { expect, test } from "./fixtures";
import { accessibilityViolations } from "./hydration";
import { siteForTheseTests, type Person } from "./postgres-spec";

const site = siteForTheseTests("The reviews'");
const { at, signIn } = site;

/** The pro's business, hired for the homeowner's project (in progress, not completed yet). */
async function hired(homeowner: Person, pro: Person, name: string) {
  const contractorId = randomUUID();
  const slug = `reviewed-${contractorId}`;
  await site.db.insert(contractors).values({
    id: contractorId,
    slug,
    name,
    description: "Roof repair and replacement.",
    rating: 0,
    reviewCount: 0,
    features: [],
    phone: "+13035550147",
    email: `office-${contractorId}@example.com`,
    address: "1200 Larimer St, Denver, CO",
    gallery: [],
    categories: ["roofing"],
    citySlugs: ["denver-co"],
    isSample: false,
    ownerId: pro.userId,
  });
  const [lead] = await site.db
    .insert(leads)
    .values({
      source: "dashboard",
      name: "Jordan Rivera",
      email: "jordan@example.com",
      phone: "+13035550100",
      service: "roof-repair",
      citySlug: "denver-co",
      postalCode: "80202",
      country: "US",
      details: "Shingles blew off in the storm.",
      consentText: "I agree…",
      consentAt: new Date(),
      userId: homeowner.userId,
      status: "in_progress",
      progress: 80,
      contractorId,
      idempotencyKey: randomUUID(),
    })
    .returning({ id: leads.id });
  if (!lead) throw new Error("no request");
  await site.db.insert(requestPros).values({
    leadId: lead.id,
    contractorId,
    state: "hired",
    consentText: "I agree…",
    consentVersion: "test",
    consentAt: new Date(),
    clientAddress: "203.0.113.9",
    userAgent: "test",
  });
  return { leadId: lead.id, slug, contractorId };
}

test("the homeowner reviews the pro they hired; the pro replies and reports it", async ({
  browser,
}) => {
  test.slow();
  const homeowner = await signIn(browser);
  const pro = await signIn(browser);
  const business = "Peak Line Roofing";
  const { leadId, slug, contractorId } = await hired(homeowner, pro, business);

  const { page } = homeowner;
  await page.goto(at(`/dashboard/projects/${leadId}`));
  await page.waitForSelector("html[data-hydrated]");
  // Not before the job is done.
  await expect(page.getByRole("link", { name: `Review ${business}` })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark Completed" }).click();
  await page.getByRole("link", { name: `Review ${business}` }).click();
  await expect(page.getByRole("heading", { name: `Review ${business}` })).toBeVisible();

  // Too short, no stars: each said beside its field, the text kept.
  await page.getByRole("textbox", { name: "Your review" }).fill("Great job");
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
  await expect(page.getByText(/Write at least 20 characters/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Your review" })).toHaveValue("Great job");
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole("radio", { name: "4 stars: Very good" }).check();
  await page
    .getByRole("textbox", { name: "Your review" })
    .fill("Great job: new flashing around the chimney and no more leak.");
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText(`your review of ${business} is published`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit your review" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The profile, from the project's link: the verified figures and the review, at once.
  await page.getByRole("link", { name: `See it on ${business}'s profile` }).click();
  await expect(page).toHaveURL(at(`/pros/${slug}?reviews=1#reviews`));
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("Verified hire")).toBeVisible();
  await expect(reviews.getByText(/Roof Repair · \w+ 20\d\d/)).toBeVisible();
  await expect(
    page.getByRole("img", { name: "Rated 4.0 out of 5 from 1 review" }).first(),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The pro: one public reply, then a report.
  await pro.page.goto(at(`/pro/reviews?business=${contractorId}`));
  await expect(pro.page.getByRole("heading", { name: `Reviews of ${business}` })).toBeVisible();
  expect(await accessibilityViolations(pro.page)).toEqual([]);
  await pro.page.getByRole("textbox", { name: "Your public reply" }).fill("Thank you, Jordan!");
  await pro.page.getByRole("button", { name: "Publish reply" }).click();
  await expect(pro.page.getByText("Your reply is published under the review.")).toBeVisible();
  await expect(pro.page.getByRole("button", { name: "Publish reply" })).toHaveCount(0);
  await pro.page.getByText("Report this review").click();
  await pro.page
    .getByRole("combobox", { name: "Which rule does it break?" })
    .selectOption({ label: "Personal information" });
  await pro.page.getByRole("button", { name: "Send report" }).click();
  await expect(
    pro.page.getByText("You reported this review. An operator will decide."),
  ).toBeVisible();

  await page.goto(at(`/pros/${slug}?reviews=1`));
  await expect(page.getByText(`Reply from ${business}`)).toBeVisible();
});

test("without JavaScript the review is still written", async ({ browser }) => {
  const homeowner = await signIn(browser, false);
  const pro = await signIn(browser);
  const business = "Front Range Roofing";
  const { leadId } = await hired(homeowner, pro, business);
  const { page } = homeowner;
  await page.goto(at(`/dashboard/projects/${leadId}`));
  await page.getByRole("button", { name: "Mark Completed" }).click();
  await page.getByRole("link", { name: `Review ${business}` }).click();
  await page.getByRole("radio", { name: "5 stars: Excellent" }).check();
  await page
    .getByRole("textbox", { name: "Your review" })
    .fill("On time, tidy, and the price matched the quote.");
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText(`your review of ${business} is published`)).toBeVisible();
  await expect(page.getByText("On time, tidy, and the price matched the quote.")).toBeVisible();
});
