/**
 * Issue 33: a signed-in homeowner's request is on My Projects from the first
 * form. Sent from the home page and left on the choice without choosing, it
 * waits there as a draft with "Choose pros", and goes on from there.
 */
import { expect, test } from "./fixtures";
import { fillHomeQuote } from "./home-quote";
import { accessibilityViolations } from "./hydration";
import { person } from "./people";

for (const javaScript of [true, false]) {
  test(`a signed-in home-form request waits on My Projects (${javaScript ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    // Signing in, a form, a choice and axe twice: longer than one page's test.
    test.slow();
    const page = await person(browser, "/", { javaScript });
    const details = `Left the choice for later (${javaScript ? "script" : "no script"}).`;
    const form = await fillHomeQuote(page, { name: "Robin Later", zip: "80202", details });
    // The first form's consent names TradeMatch alone.
    const consent = form.getByRole("checkbox", { name: /I agree that TradeMatch may contact me/ });
    await expect(consent).toBeChecked();
    await expect(consent).toHaveAccessibleName(/I can withdraw this consent at any time/);
    await expect(form.getByRole("link", { name: "see your data page" })).toHaveAttribute(
      "href",
      "/dashboard/data",
    );
    // axe runs in the page: with its script only.
    if (javaScript) expect(await accessibilityViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Get Your Quote" }).click();
    await expect(page).toHaveURL("/search?service=roofing&zip=80202");
    await expect(page.getByRole("heading", { name: "Choose who gets your request" })).toBeVisible();

    // Leaves without choosing: My Projects has the request, as a draft.
    await page.goto("/dashboard");
    const card = page.getByRole("article").filter({ hasText: "No pros chosen yet" }).last();
    await expect(card.getByRole("heading", { name: "Roofing" })).toBeVisible();
    await card.getByRole("link", { name: "Choose pros" }).click();
    await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}\/pros$/);

    const pros = page.getByRole("group", { name: "Pros who serve your area" });
    await pros.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    const toPro = page.getByRole("checkbox", {
      name: /I agree that TradeMatch and .+ may contact me/,
    });
    await expect(toPro).toHaveAccessibleName(/I can withdraw this consent at any time/);
    await toPro.check();
    if (javaScript) expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Send my request" }).click();
    await expect(page.getByText("Your request was sent to the pros you chose.")).toBeVisible();
    await page.context().close();
  });
}
