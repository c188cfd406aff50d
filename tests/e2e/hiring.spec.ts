/**
 * Hiring asks first (issue 43, item 13), with JavaScript and without: "Hire"
 * opens a confirmation that names the pro, its price and the other pros who
 * will be told they were not chosen; "Keep comparing" changes nothing; only
 * "Yes, hire" hires. Then the page says what happened, and the badge says
 * what is true: "Hired: {pro}" (grey, as the spec colours any status but its
 * four), not "Scheduled" with nothing scheduled; My Projects says the same.
 * axe finds nothing on the confirmation or after it (run in the page, so
 * with JavaScript: the HTML is the same without).
 */
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations } from "./hydration";
import { joinAsRoofer, person } from "./people";

/** The pro accepts its newest roof repair and quotes a fixed price. */
async function quote(pro: Page, price: string) {
  await pro.goto("/pro");
  await pro
    .getByRole("list", { name: "New requests" })
    .getByRole("link", { name: /Roof Repair/ })
    .first()
    .click();
  await pro.getByRole("button", { name: "Accept request" }).click();
  await pro.getByRole("textbox", { name: "Price, or the lowest of the range" }).fill(price);
  await pro
    .getByRole("textbox", { name: "What the price includes" })
    .fill("Replace the flashing and the missing shingles; haul away debris.");
  await pro.getByRole("button", { name: "Send quote" }).click();
  await expect(pro.getByRole("button", { name: "Update quote" })).toBeVisible();
}

for (const javaScript of [true, false]) {
  test(`hiring asks first and the status says what is true (${javaScript ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    // Three people, each signing in: longer than one page's test.
    test.slow();
    const suffix = `${javaScript ? "js" : "html"}${Date.now().toString(36)}`;
    const chosen = `Summit Hire ${suffix}`;
    const other = `Ridge Hire ${suffix}`;
    const proA = await joinAsRoofer(browser, chosen, { javaScript, city: "Longmont, CO" });
    const proB = await joinAsRoofer(browser, other, { javaScript, city: "Longmont, CO" });

    const homeowner = await person(browser, "/dashboard/new", { javaScript });
    const form = homeowner.getByRole("form", { name: "New Project" });
    await form.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0188");
    await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80501");
    await form.getByRole("combobox", { name: "What do you need?" }).selectOption("roof-repair");
    await form.getByRole("textbox", { name: "Project details" }).fill("Two missing shingles.");
    await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
    await form.getByRole("button", { name: "Add project" }).click();
    const pros = homeowner.getByRole("group", { name: "Pros who serve your area" });
    await pros.getByRole("checkbox", { name: chosen }).check();
    await pros.getByRole("checkbox", { name: other }).check();
    await homeowner.getByRole("button", { name: "Continue" }).click();
    await homeowner
      .getByRole("checkbox", { name: /I agree that TradeMatch, .+ and .+ may/ })
      .check();
    await homeowner.getByRole("button", { name: "Send my request" }).click();
    await expect(homeowner.getByText("Your request was sent to the pros you chose.")).toBeVisible();
    const projectUrl = homeowner.url().replace(/\?.*$/, "");

    await quote(proA, "4,500");
    await quote(proB, "5,200");
    await homeowner.goto(projectUrl);
    const statuses = homeowner.getByRole("table").getByRole("row", { name: /^Status/ });
    await expect(statuses).toContainText("Quoted");

    // "Hire" asks first, naming the pro, its price and who will be told they were not chosen.
    await homeowner.getByRole("link", { name: `Hire ${chosen}` }).click();
    const confirmation = homeowner.getByRole("region", { name: `Hire ${chosen}?` });
    await expect(confirmation).toBeVisible();
    // Taken to it: by focus with JavaScript, by the link's #confirm-hire without.
    await expect(confirmation).toBeInViewport();
    if (javaScript) await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText(`${chosen} quoted $4,500 for this project.`);
    await expect(confirmation).toContainText(
      `The other pros you chose will be told by email that they were not chosen, and can no longer quote: ${other}.`,
    );
    await expect(homeowner.getByText("Pending", { exact: true })).toBeVisible();
    // axe runs in the page: with JavaScript (the same HTML either way).
    if (javaScript) expect(await accessibilityViolations(homeowner)).toEqual([]);

    // Keep comparing: nothing was hired, nobody was told.
    await confirmation.getByRole("link", { name: "Keep comparing" }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(homeowner.getByText("Pending", { exact: true })).toBeVisible();
    await expect(homeowner.getByRole("link", { name: `Hire ${other}` })).toBeVisible();

    // Yes: hired, the others not chosen, and the page says so.
    await homeowner.getByRole("link", { name: `Hire ${chosen}` }).click();
    await homeowner.getByRole("button", { name: `Yes, hire ${chosen}` }).click();
    await expect(homeowner.getByRole("status")).toHaveText(
      `You hired ${chosen}. We told them by email, and told the other pros they were not chosen.`,
    );
    const badge = homeowner.getByText(`Hired: ${chosen}`, { exact: true });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveClass(/gray/);
    await expect(homeowner.getByText("Scheduled", { exact: true })).toHaveCount(0);
    await expect(statuses).toContainText("Hired");
    await expect(statuses).toContainText("Not chosen");
    await expect(homeowner.getByRole("link", { name: /^Hire / })).toHaveCount(0);
    if (javaScript) expect(await accessibilityViolations(homeowner)).toEqual([]);

    // My Projects says the same.
    await homeowner.getByRole("link", { name: "Back to My Projects" }).click();
    const card = homeowner.getByRole("article", { name: "Roof Repair" }).first();
    await expect(card.getByText(`Hired: ${chosen}`, { exact: true })).toBeVisible();

    // The pro not chosen sees it closed.
    await proB.goto("/pro?group=not_chosen");
    await expect(proB.getByRole("list", { name: "Not chosen requests" })).toContainText(
      "Roof Repair",
    );
    for (const page of [proA, proB, homeowner]) await page.context().close();
  });
}
