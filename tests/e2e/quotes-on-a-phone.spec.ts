/**
 * A homeowner compares two quotes on a phone (issue 43: the quoting pro's
 * column was cut off at 390 px): the comparison scrolls inside its own
 * region, the page itself never sideways, the row names stay in sight, and
 * the last pro's column can be read in full. Pictures of both sizes are
 * attached to the test's results (test-results/).
 */
import type { Browser } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations } from "./hydration";
import { joinAsRoofer, person } from "./people";

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

/** The pro opens its newest request, accepts it and sends this quote. */
async function quote(pro: Page, price: string, included: string) {
  await pro.goto("/pro");
  await pro.getByRole("list", { name: "New requests" }).getByRole("link").first().click();
  await pro.getByRole("button", { name: "Accept request" }).click();
  await pro.getByRole("textbox", { name: "Price, or the lowest of the range" }).fill(price);
  await pro.getByRole("textbox", { name: "What the price includes" }).fill(included);
  await pro.getByRole("button", { name: "Send quote" }).click();
  await expect(pro.getByRole("button", { name: "Update quote" })).toBeVisible();
}

/** Two Golden roofers quote one homeowner's roof repair; the homeowner's page and its address. */
async function twoQuotes(browser: Browser, suffix: string) {
  const first = `Clear Creek Roofing ${suffix}`;
  const last = `Lookout Mountain Roofing and Gutters ${suffix}`;
  const proA = await joinAsRoofer(browser, first, { city: "Golden, CO" });
  const proB = await joinAsRoofer(browser, last, { city: "Golden, CO" });
  const homeowner = await person(browser, "/dashboard/new");
  const form = homeowner.getByRole("form", { name: "New Project" });
  await form.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0166");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80401");
  await form.getByRole("combobox", { name: "What do you need?" }).selectOption("roof-repair");
  await form.getByRole("textbox", { name: "Project details" }).fill("Hail took shingles off.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Add project" }).click();
  const pros = homeowner.getByRole("group", { name: "Pros who serve your area" });
  await pros.getByRole("checkbox", { name: first }).check();
  await pros.getByRole("checkbox", { name: last }).check();
  await homeowner.getByRole("button", { name: "Continue" }).click();
  await homeowner.getByRole("checkbox", { name: /I agree that TradeMatch, .+ and .+ may/ }).check();
  await homeowner.getByRole("button", { name: "Send my request" }).click();
  await expect(homeowner.getByText("Your request was sent to the pros you chose.")).toBeVisible();
  await quote(proA, "3,800", "Replace the damaged shingles and the ridge cap.");
  await quote(
    proB,
    "4,250",
    "Replace the damaged shingles, the ridge cap and the drip edge; clean and re-seal the gutters.",
  );
  await proA.context().close();
  await proB.context().close();
  return { homeowner, last, project: homeowner.url().replace(/\?.*$/, "") };
}

test("the quote comparison reads on a 390 px phone: it scrolls in its region, not the page", async ({
  browser,
}, testInfo) => {
  test.slow();
  const { homeowner, last, project } = await twoQuotes(browser, Date.now().toString(36));
  await homeowner.setViewportSize(PHONE);
  await homeowner.goto(project);
  const table = homeowner.getByRole("table", { name: "Your pros and their quotes" });
  await expect(table).toBeVisible();

  // The page does not scroll sideways; the comparison scrolls inside its region.
  const page = await homeowner.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(page.scrollWidth).toBeLessThanOrEqual(page.width);
  const region = homeowner.getByRole("region", { name: "Quotes side by side" });
  const box = await region.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await region.screenshot({ path: testInfo.outputPath("quotes-390-first-pro.png") });

  // The last pro's column comes fully into the region, its price and words with it,
  // and the row names stay in sight beside it.
  const lastPrice = table
    .getByRole("row", { name: /^Price/ })
    .getByRole("cell")
    .last();
  await expect(lastPrice).toHaveText("$4,250");
  await lastPrice.scrollIntoViewIfNeeded();
  const label = await table.getByRole("rowheader", { name: "Price" }).boundingBox();
  expect(label && box && label.x).toBeGreaterThanOrEqual(box?.x ?? 0);
  for (const cell of [
    table.getByRole("columnheader", { name: last }),
    lastPrice,
    table
      .getByRole("row", { name: /^Included/ })
      .getByRole("cell")
      .last(),
  ]) {
    const seen = await cell.boundingBox();
    expect(seen).not.toBeNull();
    if (!seen || !box || !label) continue;
    // Beside the row names (not under them) and inside the region's right edge.
    expect(seen.x).toBeGreaterThanOrEqual(label.x + label.width - 1);
    expect(seen.x + seen.width).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  expect(await homeowner.evaluate(() => window.scrollX)).toBe(0);
  await region.screenshot({ path: testInfo.outputPath("quotes-390-last-pro.png") });
  expect(await accessibilityViolations(homeowner)).toEqual([]);
  await homeowner.screenshot({ path: testInfo.outputPath("quotes-390.png"), fullPage: true });
  await testInfo.attach("quotes at 390 px", { path: testInfo.outputPath("quotes-390.png") });

  // At a desk every pro fits side by side: nothing to scroll.
  await homeowner.setViewportSize(DESK);
  await homeowner.goto(project);
  await expect(table.getByRole("columnheader", { name: last })).toBeVisible();
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await accessibilityViolations(homeowner)).toEqual([]);
  await homeowner.screenshot({ path: testInfo.outputPath("quotes-1280.png"), fullPage: true });
  await testInfo.attach("quotes at 1280 px", { path: testInfo.outputPath("quotes-1280.png") });
  await homeowner.context().close();
});
