import { expect, test } from "./fixtures";
import { accessibilityViolations, visit } from "./hydration";

const TITLES = ["Find Expert Contractors", "Quality Construction", "Premium Construction"];

test.describe("the hero", () => {
  test("has every title in the first HTML, and arrows and dots that wrap both ways", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    for (const title of TITLES) expect(html).toContain(title);

    await page.clock.install();
    await visit(page, "/");
    const hero = page.getByRole("region", { name: "Highlights" });
    const current = () => hero.locator('[aria-roledescription="slide"][aria-hidden="false"]');
    await expect(current()).toHaveAttribute("aria-label", "1 of 3");
    await expect(
      page.getByRole("heading", { level: 1, name: "Find Expert Contractors" }),
    ).toBeVisible();

    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expect(current()).toHaveAttribute("aria-label", "3 of 3");
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(current()).toHaveAttribute("aria-label", "1 of 3");
    await hero.getByRole("button", { name: "Go to slide 2" }).click();
    await expect(current()).toHaveAttribute("aria-label", "2 of 3");
    await expect(hero.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // The accessible name is the whole title from the start, while it types visually.
    await expect(current().getByRole("heading", { name: "Quality Construction" })).toBeAttached();
  });

  test("sends only the first slide's picture, and adds each next one before it can show", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("/images/hero/hero-1-");
    expect(html).not.toContain("/images/hero/hero-2-");
    expect(html).not.toContain("/images/hero/hero-3-");

    await page.clock.install();
    await visit(page, "/");
    const hero = page.getByRole("region", { name: "Highlights" });
    // Slides not shown are hidden from assistive technology, not from the page.
    const slide = (n: number) =>
      hero.getByRole("group", { name: `${n.toString()} of 3`, includeHidden: true });
    // Running, the carousel has the pictures of the slides it can go to next (either arrow).
    await expect(slide(2).locator("img")).toHaveAttribute("src", /hero-2-/);
    await expect(slide(3).locator("img")).toHaveAttribute("src", /hero-3-/);
  });

  test("advances every 5 seconds, and pauses on hover, on focus and with the pause button", async ({
    page,
  }) => {
    // Time stands still until the test moves it.
    await page.clock.install({ time: new Date("2026-11-22T10:00:00Z") });
    await page.clock.pauseAt(new Date("2026-11-22T10:00:01Z"));
    await visit(page, "/");
    const hero = page.getByRole("region", { name: "Highlights" });
    const current = () => hero.locator('[aria-roledescription="slide"][aria-hidden="false"]');
    await page.mouse.move(640, 20);
    await page.clock.runFor(4_900);
    await expect(current()).toHaveAttribute("aria-label", "1 of 3");
    await page.clock.runFor(200);
    await expect(current()).toHaveAttribute("aria-label", "2 of 3");

    await hero.hover();
    await page.clock.runFor(12_000);
    await expect(current()).toHaveAttribute("aria-label", "2 of 3");
    await page.mouse.move(640, 20);

    await hero.getByRole("button", { name: "Pause slides" }).click();
    await page.mouse.move(640, 20);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(12_000);
    await expect(current()).toHaveAttribute("aria-label", "2 of 3");
    await expect(hero.getByRole("button", { name: "Play slides" })).toBeVisible();
  });

  test("with reduced motion it neither types nor advances", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install({ time: new Date("2026-11-22T10:00:00Z") });
    await page.clock.pauseAt(new Date("2026-11-22T10:00:01Z"));
    await visit(page, "/");
    const hero = page.getByRole("region", { name: "Highlights" });
    await page.mouse.move(640, 20);
    await page.clock.runFor(15_000);
    await expect(
      hero.locator('[aria-roledescription="slide"][aria-hidden="false"]'),
    ).toHaveAttribute("aria-label", "1 of 3");
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(hero.getByText("Quality Construction", { exact: true })).toBeVisible();
  });
});

test.describe("the before/after slider", () => {
  test("starts at 50 % and follows a mouse drag, clamped at the edges", async ({ page }) => {
    await visit(page, "/");
    const slider = page.getByRole("slider", { name: "Before and after comparison" });
    await expect(slider).toHaveAttribute("aria-valuenow", "50");
    const frame = slider.locator("xpath=../..");
    const box = await frame.boundingBox();
    if (!box) throw new Error("no slider box");
    const y = box.y + box.height / 2;
    await slider.hover();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, y, { steps: 5 });
    await expect
      .poll(async () => Number(await slider.getAttribute("aria-valuenow")))
      .toBeLessThan(30);
    await page.mouse.move(box.x - 200, y, { steps: 3 });
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
    await page.mouse.up();
    await page.mouse.move(box.x + box.width * 0.9, y);
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
  });

  test("works from the keyboard", async ({ page }) => {
    await visit(page, "/");
    const slider = page.getByRole("slider", { name: "Before and after comparison" });
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuenow", "55");
    await page.keyboard.press("End");
    await expect(slider).toHaveAttribute("aria-valuenow", "100");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuenow", "100");
    await page.keyboard.press("Home");
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
    await page.keyboard.press("PageUp");
    await expect(slider).toHaveAttribute("aria-valuenow", "10");
  });
});

test("the home page has the spec's blocks", async ({ page }) => {
  await visit(page, "/");
  await expect(
    page.getByRole("heading", { name: "What Project Can We Help You With" }),
  ).toBeVisible();
  const categories = page
    .getByRole("region", { name: "What Project Can We Help You With" })
    .getByRole("link");
  await expect(categories).toHaveCount(9);
  for (const title of [
    "Professional Excellence",
    "Expert Network",
    "Quality Work",
    "Project Management",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
  }
  const gallery = page.getByRole("region", { name: "Our Services at Work" });
  await expect(gallery.getByRole("link", { name: /^Learn More about / })).toHaveCount(6);
  await expect(gallery.getByRole("link", { name: "Learn More about Roofing" })).toHaveAttribute(
    "href",
    "/roofing",
  );
  await expect(page.getByRole("heading", { name: /Share your project details/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Get matched/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Begin work/ })).toBeVisible();
  await page.getByRole("link", { name: "Start Your Project" }).click();
  await expect(page).toHaveURL("/login");
});

test("the home page has no accessibility violations", async ({ page }) => {
  await visit(page, "/");
  expect(await accessibilityViolations(page)).toEqual([]);
});
