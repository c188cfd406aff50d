/**
 * An honest picker (issue 43): real businesses first and apart, the sample
 * listings grouped under a heading that says they are not real, and a
 * distance only when both places are known (never "0 mi away"); and a
 * listing's Get Free Quote that asks what the job is, without JavaScript too.
 */
import type { Browser } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations, visit } from "./hydration";
import { person } from "./people";

/** A landscaper joins, serving Chicago by name only, or from Chicago as its base city too. */
async function joinInChicago(browser: Browser, name: string, { base }: { base: boolean }) {
  const page = await person(browser, "/pro/join", { javaScript: false });
  const form = page.getByRole("form", { name: "Business profile" });
  await form.getByRole("textbox", { name: "Business name" }).fill(name);
  await form.getByRole("checkbox", { name: "Landscaping", exact: true }).check();
  await form.getByRole("textbox", { name: /Cities you serve/ }).fill("Chicago, IL");
  if (base) {
    await form.getByRole("textbox", { name: /Base city/ }).fill("Chicago, IL");
    await form.getByRole("textbox", { name: /How far you travel from it/ }).fill("10");
  }
  await form.getByRole("textbox", { name: "Business email" }).fill("office@gardens.example");
  await form.getByRole("button", { name: "Create my profile" }).click();
  await expect(page.getByRole("heading", { name: `Requests for ${name}` })).toBeVisible();
  await page.context().close();
}

/** The top of an element on the page. */
const topOf = async (page: Page, locator: ReturnType<Page["locator"]>) =>
  (await locator.boundingBox())?.y ?? Number.NaN;

test("real businesses come first and apart; sample listings are grouped and labelled; no 0 mi", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = Date.now().toString(36);
  // Named like the sample listings beside them, as in the issue ("Mile High Roofing Co.").
  const named = `Lakeshore Landscaping Co. ${suffix}`;
  const based = `Prairie Gardens ${suffix}`;
  await joinInChicago(browser, named, { base: false });
  await joinInChicago(browser, based, { base: true });

  await visit(page, "/chicago-il/landscaping");
  const samples = page.getByRole("region", { name: "Sample listings" });
  await expect(samples.getByRole("heading", { level: 2, name: "Sample listings" })).toBeVisible();
  await expect(samples.getByText("Not real businesses: shown so you can see how")).toBeVisible();
  const sampleCards = samples.getByRole("article");
  expect(await sampleCards.count()).toBeGreaterThanOrEqual(2);
  for (const card of await sampleCards.all()) {
    await expect(card.getByText("Sample listing", { exact: true })).toBeVisible();
  }
  // The real ones are not in the sample group, and come before it.
  for (const name of [named, based]) {
    const card = page.getByRole("article", { name });
    await expect(card.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(samples.getByRole("article", { name })).toHaveCount(0);
    expect(await topOf(page, card.locator("h2"))).toBeLessThan(
      await topOf(page, samples.getByRole("heading", { name: "Sample listings" })),
    );
  }
  expect(await accessibilityViolations(page)).toEqual([]);

  // The choice of pros after the home form: the same groups, and distances only when known.
  await visit(page, "/");
  const form = page.getByRole("form", { name: "Get Your Quote" });
  await form.getByRole("textbox", { name: "Your name" }).fill("Robin Gardens");
  await form.getByRole("textbox", { name: "Email" }).fill("robin@example.com");
  await form.getByRole("textbox", { name: "Phone" }).fill("(312) 555-0122");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("60601");
  await form.getByRole("combobox", { name: "Project type" }).selectOption("Landscaping");
  await form.getByRole("textbox", { name: "Project details" }).fill("A new patio and beds.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Get Your Quote" }).click();
  await expect(page).toHaveURL("/search?service=landscaping&zip=60601");
  const pros = page.getByRole("group", { name: "Pros who serve your area" });
  const sampleGroup = pros.getByRole("group", { name: "Sample listings" });
  await expect(sampleGroup).toHaveAccessibleDescription(/^Not real businesses/);
  expect(await sampleGroup.getByRole("checkbox").count()).toBeGreaterThanOrEqual(2);
  for (const name of [named, based]) {
    await expect(pros.getByRole("checkbox", { name })).toBeVisible();
    await expect(sampleGroup.getByRole("checkbox", { name })).toHaveCount(0);
  }
  // Based in the city asked about: said so. Serving it by name only: no distance at all.
  await expect(pros.getByRole("checkbox", { name: based })).toHaveAccessibleDescription(
    /Based in Chicago, IL/,
  );
  await expect(pros.getByRole("checkbox", { name: named })).not.toHaveAccessibleDescription(
    /away|Based in/,
  );
  await expect(page.getByText(/\b0 (mi|km) away/)).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("the request page a listing's button opens is accessible, showing a mistake", async ({
  browser,
}) => {
  const page = await person(
    browser,
    "/denver-co/roofing/request?pro=summit-ridge-construction&kind=consultation",
  );
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Schedule a consultation with Summit Ridge Construction",
    }),
  ).toBeVisible();
  await page.waitForSelector("html[data-hydrated]");
  const form = page.getByRole("form", {
    name: "Schedule a consultation with Summit Ridge Construction",
  });
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("ABCDE");
  await form
    .getByRole("textbox", { name: "Project details" })
    .fill("A consultation on a new roof.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Schedule Consultation" }).click();
  const zip = form.getByRole("textbox", { name: "ZIP or postal code" });
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  await expect(zip).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.context().close();
});

test.describe("without JavaScript", () => {
  test("a listing's Get Free Quote asks what the job is, keeps every answer, and sends it", async ({
    browser,
  }) => {
    const page = await person(browser, "/denver-co/roof-repair", { javaScript: false });
    const pro = "Summit Ridge Construction";
    await page
      .getByRole("article", { name: pro })
      .getByRole("button", { name: "Get Free Quote" })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: `Ask ${pro} for a free quote` }),
    ).toBeVisible();
    const form = page.getByRole("form", { name: `Ask ${pro} for a free quote` });
    const service = form.getByRole("combobox", { name: "Service" });
    await expect(service).toHaveValue("roof-repair");
    await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80205");
    // Only spaces: the browser sends it, the server refuses it beside the field.
    await form.getByRole("textbox", { name: "Project details" }).fill("   ");
    const consent = form.getByRole("checkbox", { name: /I agree that TradeMatch/ });
    await expect(consent).not.toBeChecked();
    await consent.check();
    await form.getByRole("button", { name: "Get Free Quote" }).click();

    const again = page.getByRole("form", { name: `Ask ${pro} for a free quote` });
    const details = again.getByRole("textbox", { name: "Project details" });
    await expect(details).toHaveAccessibleDescription(
      "Please tell us a little about your project.",
    );
    await expect(details).toBeFocused();
    await expect(details).toBeInViewport();
    await expect(again.getByRole("textbox", { name: "ZIP or postal code" })).toHaveValue("80205");
    await expect(again.getByRole("checkbox", { name: /I agree that TradeMatch/ })).toBeChecked();

    await details.fill("Three shingles gone after the storm; the flashing is loose.");
    await again.getByRole("button", { name: "Get Free Quote" }).click();
    // The choice comes next, that pro ticked; nothing is sent before its consent.
    await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}\/pros$/);
    await expect(page.getByRole("checkbox", { name: pro })).toBeChecked();
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("checkbox", { name: new RegExp(`I agree that TradeMatch and ${pro}`) })
      .check();
    await page.getByRole("button", { name: "Send my request" }).click();
    await expect(page.getByText("Your request was sent to the pros you chose.")).toBeVisible();
    // What the pro reads: what was asked for, then the job in the homeowner's words.
    await expect(page.getByText("Three shingles gone after the storm")).toBeVisible();
    await page.context().close();
  });
});
