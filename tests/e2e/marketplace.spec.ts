/**
 * The marketplace as its two people use it: a homeowner who chooses the pros
 * a request goes to (with JavaScript and without), and a pro who answers.
 */
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations } from "./hydration";

async function sendHomeQuote(page: Page, name: string) {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Get Your Quote" });
  await form.getByRole("textbox", { name: "Your name" }).fill(name);
  await form.getByRole("textbox", { name: "Email" }).fill("robin@example.com");
  await form.getByRole("textbox", { name: "Phone" }).fill("(720) 555-0122");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80202");
  await form.getByRole("combobox", { name: "Project type" }).selectOption("Roofing");
  await form
    .getByRole("textbox", { name: "Project details" })
    .fill("Hail damage on the north side.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Get Your Quote" }).click();
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
