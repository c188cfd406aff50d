import { expect, test } from "./fixtures";
import { CATEGORIES, SERVICE_SLUGS, TOC_ENTRY_COUNTS } from "~/site";
import { accessibilityViolations, visit } from "./hydration";

for (const category of CATEGORIES) {
  test(`${category.path}: the spec's table of contents, service cards and metadata`, async ({
    page,
  }) => {
    await visit(page, category.path);
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc.getByRole("link")).toHaveCount(TOC_ENTRY_COUNTS[category.slug]);
    const cards = page.locator("[data-service]");
    await expect(cards).toHaveCount(SERVICE_SLUGS[category.slug].length);
    expect(
      await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-service"))),
    ).toEqual([...SERVICE_SLUGS[category.slug]]);
    await expect(page.getByRole("link", { name: /^Get Started with / })).toHaveCount(
      SERVICE_SLUGS[category.slug].length,
    );

    await expect(page).toHaveTitle(/TradeMatch/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(100);
    expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toBeTruthy();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("index, follow");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      new RegExp(`${category.path}$`),
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
      new RegExp(`/images/og/${category.slug}\\.jpg$`),
    );

    expect(await accessibilityViolations(page)).toEqual([]);
  });
}

test("the pools and home renovation anchors are the spec's", async ({ page }) => {
  await visit(page, "/pools");
  const pools = await page
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(pools).toEqual([
    "#overview",
    "#services",
    "#design",
    "#maintenance",
    "#equipment",
    "#choosing",
    "#trends",
  ]);
  await visit(page, "/home-renovation");
  const renovation = await page
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(renovation).toEqual([
    "#planning",
    "#budgeting",
    "#design-plan",
    "#contractor",
    "#financing",
    "#key-areas",
    "#efficiency",
    "#challenges",
    "#post-renovation",
  ]);
  await expect(page.getByRole("heading", { name: "Home Renovation projects" })).toBeVisible();
});

test("a table-of-contents link scrolls to its section and updates the address", async ({
  page,
}) => {
  await visit(page, "/roofing");
  const link = page.getByRole("navigation", { name: "On this page" }).getByRole("link").nth(4);
  const target = (await link.getAttribute("href")) ?? "";
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/roofing${target}$`));
  await expect(page.locator(target)).toBeInViewport();
});

test("a link to a section lands on it", async ({ page }) => {
  await visit(page, "/pools#trends");
  await expect(page.locator("#trends")).toBeInViewport();
});

test("the scroll-to-top button appears after scrolling and takes the reader back up", async ({
  page,
}) => {
  await visit(page, "/plumbing");
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 3000));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
