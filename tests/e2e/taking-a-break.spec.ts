/**
 * Taking a break (issue 33), in the browser: a pro pauses new requests until
 * a day a week ahead; a homeowner choosing pros for a request in its area no
 * longer sees it, and its profile says "Not taking new requests until …"
 * with no quote button; "Resume now" brings it back to the choice. A bad
 * weekly limit comes back beside its field with what was typed, without
 * JavaScript. axe finds nothing on the page.
 */
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations } from "./hydration";
import { joinAsRoofer, person } from "./people";

/** The day `days` from today, as a date input takes it. */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A homeowner's new roofing project in Boulder, at its "choose pros" step. */
async function homeownerChoosing(page: Page) {
  const form = page.getByRole("form", { name: "New Project" });
  await form.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0133");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80302");
  await form.getByRole("combobox", { name: "What do you need?" }).selectOption("roof-repair");
  await form.getByRole("textbox", { name: "Project details" }).fill("A leak above the porch.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Add project" }).click();
  return page.getByRole("group", { name: "Pros who serve your area" });
}

test("a paused pro leaves the choose-pros step, its profile says until when, and it comes back", async ({
  browser,
}) => {
  test.slow();
  const name = `Aspen Break Roofing ${Date.now().toString(36)}`;
  const pro = await joinAsRoofer(browser, name);
  const homeowner = await person(browser, "/dashboard/new");
  const pros = await homeownerChoosing(homeowner);
  await expect(pros.getByRole("checkbox", { name })).toBeVisible();
  const choosing = homeowner.url();

  await pro
    .getByRole("navigation", { name: "For pros" })
    .getByRole("link", { name: "Taking a break" })
    .click();
  await expect(pro.getByRole("heading", { name: "Taking a break", level: 1 })).toBeVisible();
  await expect(pro.getByText("You are taking new requests.")).toBeVisible();
  expect(await accessibilityViolations(pro)).toEqual([]);
  const pause = pro.getByRole("form", { name: "Pause new requests" });
  await pause.getByLabel("Pause new requests until").fill(dayFromNow(7));
  await pause.getByRole("button", { name: "Pause" }).click();
  await expect(pro.getByText("Your pause is saved.")).toBeVisible();
  await expect(
    pro.getByText(/^Paused until \w+, .+\. Homeowners can choose you again from that day\.$/),
  ).toBeVisible();
  expect(await accessibilityViolations(pro)).toEqual([]);

  // The homeowner's choice no longer has it.
  await homeowner.goto(choosing);
  await expect(pros.getByRole("checkbox").first()).toBeVisible();
  await expect(pros.getByRole("checkbox", { name })).toHaveCount(0);

  // Its profile keeps it, saying until when, with no quote button.
  await pro.goto("/pro/profile");
  await pro.getByRole("link", { name: "See it as homeowners do" }).click();
  await expect(pro.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(pro.getByText(/^Not taking new requests until /)).toBeVisible();
  await expect(pro.getByRole("link", { name: "Get Free Quote" })).toHaveCount(0);

  // Resume now: back in the choice at once.
  await pro.goto("/pro/break");
  await pro.getByRole("form", { name: "Resume now" }).getByRole("button").click();
  await expect(pro.getByText("You take new requests again.")).toBeVisible();
  await expect(pro.getByText("You are taking new requests.")).toBeVisible();
  await homeowner.goto(choosing);
  await expect(pros.getByRole("checkbox", { name })).toBeVisible();
  await homeowner.context().close();
  await pro.context().close();
});

test("without JavaScript, a bad weekly limit comes back beside its field, typed value kept", async ({
  browser,
}) => {
  const pro = await joinAsRoofer(browser, `Pine Break Roofing ${Date.now().toString(36)}`, {
    javaScript: false,
  });
  await pro.goto("/pro/break");
  const form = pro.getByRole("form", { name: "Weekly limit" });
  const limit = form.getByRole("textbox", { name: "Weekly limit of new requests" });
  await limit.fill("250");
  await form.getByRole("button", { name: "Save limit" }).click();
  await expect(limit).toHaveValue("250");
  await expect(limit).toHaveAttribute("aria-invalid", "true");
  await expect(limit).toHaveAccessibleDescription(
    /Enter a whole number from 1 to 100, or leave it empty for no limit\.$/,
  );
  await limit.fill("3");
  await form.getByRole("button", { name: "Save limit" }).click();
  await expect(pro.getByText("Your weekly limit is saved.")).toBeVisible();
  await expect(pro.getByText("New requests this week: 0 of 3.")).toBeVisible();
  await expect(limit).toHaveValue("3");
  await pro.context().close();
});
