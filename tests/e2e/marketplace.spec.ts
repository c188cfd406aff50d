/**
 * The marketplace as its two people use it: a homeowner who chooses the pros
 * a request goes to (with JavaScript and without), and a pro who answers.
 */
import type { Browser } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { fillHomeQuote } from "./home-quote";
import { joinAsRoofer, person } from "./people";
import { accessibilityViolations, visit } from "./hydration";

async function sendHomeQuote(page: Page, name: string) {
  await page.goto("/");
  const form = await fillHomeQuote(page, { name, zip: "80202" });
  await form.getByRole("button", { name: "Get Your Quote" }).click();
}

/** A roofer serving Denver (80202 has three sample pros; a fourth makes the limit reachable). */
async function joinInDenver(browser: Browser, name: string) {
  const page = await person(browser, "/pro/join", { javaScript: false });
  const form = page.getByRole("form", { name: "Business profile" });
  await form.getByRole("textbox", { name: "Business name" }).fill(name);
  await form.getByRole("checkbox", { name: "Roofing", exact: true }).check();
  await form.getByRole("textbox", { name: /Cities you serve/ }).fill("Denver, CO");
  await form.getByRole("textbox", { name: /Years in business/ }).fill("9");
  await form.getByRole("textbox", { name: "Business email" }).fill("office@roofer.example");
  await form.getByRole("button", { name: "Create my profile" }).click();
  await expect(page.getByRole("heading", { name: `Requests for ${name}` })).toBeVisible();
  await page.context().close();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a home quote request ends on /search, where the visitor chooses who gets it", async ({
    page,
  }) => {
    await sendHomeQuote(page, "Robin NoScript");
    await expect(page).toHaveURL("/search?service=roofing&zip=80202");
    await expect(page.getByRole("heading", { name: "Choose who gets your request" })).toBeVisible();
    const pros = page.getByRole("group", { name: "Pros who serve your area" });
    await expect(pros.getByRole("checkbox", { checked: true })).toHaveCount(0);

    // Continuing with nothing ticked is refused, said beside the list.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Tick at least one pro to send your request to.")).toBeVisible();
    const again = page.getByRole("group", { name: "Pros who serve your area" });
    await again.getByRole("checkbox").nth(0).check();
    await again.getByRole("checkbox").nth(1).check();
    await page.getByRole("button", { name: "Continue" }).click();
    const consent = page.getByRole("checkbox", {
      name: /I agree that TradeMatch, .+ and .+ may contact me/,
    });
    await expect(consent).not.toBeChecked();
    await consent.check();
    await page.getByRole("button", { name: "Send my request" }).click();
    await expect(page.getByText("Your request was sent to the pros you chose.")).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("row", { name: /^Status/ })).toContainText("Sent");
  });

  test("a fourth pro is refused beside the list, with the ticks kept", async ({
    page,
    browser,
  }) => {
    await joinInDenver(browser, "Fourth Roofing NoScript");
    await sendHomeQuote(page, "Robin Four");
    const pros = page.getByRole("group", { name: "Pros who serve your area" });
    const boxes = pros.getByRole("checkbox");
    expect(await boxes.count()).toBeGreaterThanOrEqual(4);
    for (const index of [0, 1, 2, 3]) {
      await expect(boxes.nth(index)).toBeEnabled();
      await boxes.nth(index).check();
    }
    await page.getByRole("button", { name: "Continue" }).click();
    const again = page.getByRole("group", { name: "Pros who serve your area" });
    await expect(again).toHaveAccessibleDescription(/You ticked 4 pros; choose at most 3\./);
    await expect(again.getByText("You ticked 4 pros; choose at most 3.")).toBeVisible();
    await expect(again.getByRole("checkbox", { checked: true })).toHaveCount(4);
    await expect(page.getByRole("button", { name: "Send my request" })).toHaveCount(0);
  });

  test("another browser gets 404 for the request's pages", async ({ page, browser }) => {
    await sendHomeQuote(page, "Robin Private");
    await expect(page.getByRole("heading", { name: "Choose who gets your request" })).toBeVisible();
    const action = await page.locator('form[action^="/requests/"]').first().getAttribute("action");
    const other = await browser.newContext({ javaScriptEnabled: false });
    const stranger = await other.newPage();
    const answer = await stranger.goto(action ?? "/requests/none/pros");
    expect(answer?.status()).toBe(404);
    await other.close();
  });
});

test("with JavaScript, a fourth pro cannot be ticked, and a polite status says why", async ({
  page,
  browser,
}) => {
  await joinInDenver(browser, "Fourth Roofing Script");
  await sendHomeQuote(page, "Robin Limit");
  await expect(page.getByRole("heading", { name: "Choose who gets your request" })).toBeVisible();
  // The search page lists them as plain HTML; the request's own page runs the list.
  const action = await page.locator('form[action^="/requests/"]').first().getAttribute("action");
  await visit(page, action ?? "/requests/none/pros");
  const pros = page.getByRole("group", { name: "Pros who serve your area" });
  const boxes = pros.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThanOrEqual(4);
  const limit = pros.getByRole("status");
  await expect(limit).toHaveText("");

  // The server's refusal of four, as a page that runs it shows it: axe finds nothing.
  const four = await Promise.all([0, 1, 2, 3].map((index) => boxes.nth(index).inputValue()));
  await visit(page, `${action}?review=1&${four.map((id) => `pro=${id}`).join("&")}`);
  await expect(pros).toHaveAccessibleDescription(/You ticked 4 pros; choose at most 3\./);
  await expect(pros.getByRole("checkbox", { checked: true })).toHaveCount(4);
  expect(await accessibilityViolations(page)).toEqual([]);

  await visit(page, action ?? "/requests/none/pros");
  for (const index of [0, 1, 2]) await boxes.nth(index).check();
  await expect(boxes.nth(3)).toBeDisabled();
  await expect(boxes.nth(2)).toBeEnabled();
  await expect(limit).toHaveText("You can choose at most 3 pros. Untick one to choose another.");
  expect(await accessibilityViolations(page)).toEqual([]);

  await boxes.nth(1).uncheck();
  await expect(boxes.nth(3)).toBeEnabled();
  await expect(limit).toHaveText("");
  await boxes.nth(3).check();
  await expect(boxes.nth(1)).toBeDisabled();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Send your request" })).toBeVisible();
  await expect(
    page.getByRole("checkbox", { name: /I agree that TradeMatch, .+, .+ and .+ may contact me/ }),
  ).toBeVisible();
});

test("axe finds nothing on the choice of pros and the request page", async ({ page }) => {
  await sendHomeQuote(page, "Robin Axe");
  await expect(page.getByRole("heading", { name: "Choose who gets your request" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page
    .getByRole("group", { name: "Pros who serve your area" })
    .getByRole("checkbox")
    .first()
    .check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Send your request" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole("checkbox", { name: /I agree that TradeMatch and / }).check();
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByText("Your request was sent to the pros you chose.")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

/** The pro opens the newest request in the New group. */
async function openNewRequest(pro: Page) {
  await pro.goto("/pro");
  await pro.getByRole("list", { name: "New requests" }).getByRole("link").first().click();
  await expect(pro.getByRole("heading", { name: "Roof Repair" })).toBeVisible();
  await expect(pro.getByText("sent to 2 pros")).toBeVisible();
  // Not accepted yet: no way to reach the homeowner.
  await expect(pro.getByText("Shown once you accept the request.")).toBeVisible();
}

test("two pros, one homeowner: choose, decline, accept and quote, hire, complete", async ({
  browser,
}) => {
  // Three people, each signing in: longer than one page's test.
  test.slow();
  const suffix = Date.now().toString(36);
  const declining = `Flatirons Roofing ${suffix}`;
  const quoting = `Chautauqua Roofing ${suffix}`;
  const proB = await joinAsRoofer(browser, declining);
  const proA = await joinAsRoofer(browser, quoting);

  const homeowner = await person(browser, "/dashboard");
  await homeowner.getByRole("link", { name: "New Project" }).click();
  const form = homeowner.getByRole("form", { name: "New Project" });
  await form.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0133");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80302");
  await form.getByRole("combobox", { name: "What do you need?" }).selectOption("roof-repair");
  await form.getByRole("textbox", { name: "Project details" }).fill("A leak above the porch.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Add project" }).click();
  const pros = homeowner.getByRole("group", { name: "Pros who serve your area" });
  await pros.getByRole("checkbox", { name: declining }).check();
  await pros.getByRole("checkbox", { name: quoting }).check();
  await homeowner.getByRole("button", { name: "Continue" }).click();
  // The consent line names both pros (in the order the list shows them).
  const consent = homeowner.getByRole("checkbox", {
    name: /I agree that TradeMatch, .+ and .+ may/,
  });
  await expect(consent).toHaveAccessibleName(new RegExp(declining));
  await expect(consent).toHaveAccessibleName(new RegExp(quoting));
  await consent.check();
  await homeowner.getByRole("button", { name: "Send my request" }).click();
  await expect(homeowner.getByText("Your request was sent to the pros you chose.")).toBeVisible();
  const projectUrl = homeowner.url().replace(/\?.*$/, "");

  await openNewRequest(proB);
  await proB.getByRole("combobox", { name: "Reason for declining" }).selectOption("Fully booked");
  await proB.getByRole("button", { name: "Decline" }).click();
  await expect(proB.getByText("Declined", { exact: true })).toBeVisible();

  await openNewRequest(proA);
  expect(await accessibilityViolations(proA)).toEqual([]);
  await proA.getByRole("button", { name: "Accept request" }).click();
  await expect(proA.getByRole("article").getByText("Jordan Rivera")).toBeVisible();
  await proA.getByRole("textbox", { name: "Price, or the lowest of the range" }).fill("4,500");
  await proA
    .getByRole("textbox", { name: "What the price includes" })
    .fill("Replace the flashing and damaged shingles; haul away debris.");
  await proA.getByRole("button", { name: "Send quote" }).click();
  await expect(proA.getByRole("button", { name: "Update quote" })).toBeVisible();
  expect(await accessibilityViolations(proA)).toEqual([]);

  await homeowner.goto(projectUrl);
  const table = homeowner.getByRole("table");
  await expect(table.getByRole("columnheader", { name: declining })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Status/ })).toContainText("Not available");
  await expect(table.getByRole("row", { name: /^Price/ })).toContainText("$4,500");
  expect(await accessibilityViolations(homeowner)).toEqual([]);
  // Hiring asks first (hiring.spec.ts); nothing is scheduled yet, and the badge says so.
  await homeowner.getByRole("link", { name: `Hire ${quoting}` }).click();
  await homeowner.getByRole("button", { name: `Yes, hire ${quoting}` }).click();
  await expect(homeowner.getByText(`Hired: ${quoting}`, { exact: true })).toBeVisible();

  await proA.reload();
  await expect(proA.getByText("Hired: the homeowner chose you")).toBeVisible();
  await proA.goto("/pro?group=hired");
  await expect(proA.getByRole("link", { name: /Hired \(1\)/ })).toBeVisible();
  expect(await accessibilityViolations(proA)).toEqual([]);

  await homeowner.getByRole("spinbutton", { name: "Progress (%)" }).fill("40");
  await homeowner.getByRole("button", { name: "Mark In Progress" }).click();
  await expect(homeowner.getByText("In Progress", { exact: true })).toBeVisible();
  await homeowner.getByRole("button", { name: "Mark Completed" }).click();
  await expect(homeowner.getByText("Completed", { exact: true })).toBeVisible();
  await homeowner.getByRole("link", { name: "Back to My Projects" }).click();
  const card = homeowner.getByRole("article", { name: "Roof Repair" }).first();
  await expect(card).toContainText(quoting);
  await expect(card.getByText("Completed", { exact: true })).toBeVisible();
  for (const page of [proA, proB, homeowner]) await page.context().close();
});
