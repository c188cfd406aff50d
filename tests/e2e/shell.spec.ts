import { expect, test } from "@playwright/test";
import { CATEGORIES } from "~/site";

test("the header links to every category and the footer to the legal pages", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Services" }).last();
  for (const category of CATEGORIES) {
    await expect(nav.getByRole("link", { name: category.title, exact: true })).toHaveAttribute(
      "href",
      category.path,
    );
  }
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
});

test("an unknown path is a real 404 with a way home", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("a single segment shaped like a city slug is a city page; other shapes are 404", async ({
  page,
}) => {
  expect((await page.goto("/denver-co"))?.status()).toBe(200);
  expect((await page.goto("/Denver-CO"))?.status()).toBe(404);
  expect((await page.goto("/denver-colorado"))?.status()).toBe(404);
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("pages load without console errors or CSP violations", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const path of [
    "/",
    "/roofing",
    "/denver-co",
    "/denver-co/roofing",
    "/login",
    "/search?service=roofing&zip=80202",
    "/privacy",
  ]) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    await page.waitForSelector("html[data-hydrated]");
  }
  expect(problems).toEqual([]);
});
