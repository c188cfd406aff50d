/**
 * The public business profile (/pros/{slug}) as a homeowner meets it: from a
 * listing card, with what the business declared marked as such, sample
 * listings labelled, and structured data search engines can read.
 */
import { expect, test, type Page } from "./fixtures";
import { signInWithoutThePage } from "./people";
import { accessibilityViolations, visit } from "./hydration";

/**
 * A seeded sample listing (app/features/contractors/seed-data.ts) that no
 * browser test claims (pro-join.spec.ts claims a Houston painter).
 */
const SAMPLE = { slug: "mile-high-roofing-denver-co", name: "Mile High Roofing" };

/** The JSON-LD blocks of the page, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test("a sample profile is labelled, its licence declared by the business, its JSON-LD a roofer's", async ({
  page,
}) => {
  const response = await visit(page, `/pros/${SAMPLE.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: SAMPLE.name })).toBeVisible();
  await expect(page.getByText("Sample listing", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("img", { name: /^Rated \d\.\d out of 5 from \d+ reviews \(sample rating\)$/ }),
  ).toBeVisible();
  await expect(
    page.getByText(/^Licence: SAMPLE-RF-\d{5} \(CO\) · declared by the business$/),
  ).toBeVisible();
  await expect(page.getByText(/^Insurance: .+ · declared by the business$/)).toBeVisible();
  // Samples serve their listed city only (no radius: no sample listings in every suburb).
  await expect(page.getByText(/^Service area: Denver, CO$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Is this your business?" })).toHaveAttribute(
    "href",
    `/pros/${SAMPLE.slug}/claim`,
  );
  await expect(page.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute(
    "href",
    `/denver-co/roofing#contractor-${SAMPLE.slug}`,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/pros/${SAMPLE.slug}$`),
  );
  // Made-up businesses are not offered to search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");

  const data = await structuredData(page);
  const business = data.find((item) => item["@type"] === "RoofingContractor");
  expect(business).toMatchObject({
    "@context": "https://schema.org",
    name: SAMPLE.name,
    url: expect.stringMatching(new RegExp(`/pros/${SAMPLE.slug}$`)),
  });
  // Sample ratings are not reviews.
  expect(business).not.toHaveProperty("aggregateRating");
  expect(data.map((item) => item["@type"])).toContain("BreadcrumbList");

  expect(await accessibilityViolations(page)).toEqual([]);
});

test("a listing card links to the business's profile", async ({ page }) => {
  await visit(page, "/denver-co/roofing");
  const card = page.getByRole("article", { name: SAMPLE.name });
  await expect(card.getByText("Sample listing", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Is this your business?" })).toHaveAttribute(
    "href",
    `/pros/${SAMPLE.slug}/claim`,
  );
  await card.getByRole("link", { name: SAMPLE.name }).click();
  await expect(page).toHaveURL(`/pros/${SAMPLE.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: SAMPLE.name })).toBeVisible();
});

test("an unknown business is a 404", async ({ page }) => {
  const response = await page.goto("/pros/no-such-business-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Business not found" })).toBeVisible();
});

test("a pro's new profile is public, unreviewed, and listed in its city", async ({ page }) => {
  // Signing in and joining first: longer than one page's test.
  test.slow();
  const name = `Poudre Valley Roofing ${Date.now().toString(36)}`;
  await signInWithoutThePage(page, { returnTo: "/pro/join" });
  await visit(page, "/pro/join");
  const form = page.getByRole("form", { name: "Business profile" });
  await form.getByRole("textbox", { name: "Business name" }).fill(name);
  await form.getByRole("checkbox", { name: "Roofing", exact: true }).check();
  await form.getByRole("checkbox", { name: "Roof Repair", exact: true }).check();
  await form.getByRole("textbox", { name: /Cities you serve/ }).fill("Fort Collins, CO");
  await form.getByRole("textbox", { name: /Licence number/ }).fill("FC-20931");
  await form.getByRole("combobox", { name: /Issued by/ }).selectOption("CO");
  await form.getByRole("textbox", { name: "Business email" }).fill("office@poudre.example");
  await form.getByRole("textbox", { name: /Business phone/ }).fill("(970) 555-0147");
  await form.getByRole("checkbox", { name: "Show my phone on my profile" }).check();
  await form.getByRole("button", { name: "Create my profile" }).click();
  await expect(page).toHaveURL("/pro?joined=1");

  await page.getByRole("link", { name: "See your public profile" }).click();
  await expect(page).toHaveURL(/\/pros\/poudre-valley-roofing-[a-z0-9-]+-fort-collins-co$/);
  const path = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("No reviews yet")).toBeVisible();
  await expect(page.getByText("Sample listing")).toHaveCount(0);
  // It has an owner: nothing to claim.
  await expect(page.getByRole("link", { name: "Is this your business?" })).toHaveCount(0);
  await expect(
    page.getByText("Licence: FC-20931 (CO) · declared by the business", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "(970) 555-0147" })).toBeVisible();
  const business = (await structuredData(page)).find(
    (item) => item["@type"] === "RoofingContractor",
  );
  expect(business).toMatchObject({ name, telephone: "+19705550147" });
  expect(business).not.toHaveProperty("aggregateRating");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");

  await visit(page, "/fort-collins-co/roofing");
  const card = page.getByRole("article", { name });
  await expect(card.getByText("No reviews yet")).toBeVisible();
  await expect(card.getByRole("link", { name })).toHaveAttribute("href", path);
});
