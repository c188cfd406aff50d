/**
 * A pro's figures on /pro, as the demo contractor sees them: its three sample
 * requests (one new, one accepted after 95 minutes, one quoted after 250),
 * the period switched with JavaScript off (plain links), and axe finding
 * nothing on the page with the chart's table open.
 */
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations } from "./hydration";
import { joinAsRoofer, person } from "./people";

const CONTRACTOR = "Sign in as a demo contractor";

/** The figure under `label` in the "Your figures" list (its value, then its note). */
const figure = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Your figures" })
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");

async function expectDemoFigures(page: Page) {
  await expect(figure(page, "Requests received")).toHaveText("3");
  await expect(figure(page, "Accepted")).toHaveText(/^67%\s*2 of 3$/);
  await expect(figure(page, "Median time to respond")).toHaveText(
    /^2 hours 53 minutes\s*Over 2 answers$/,
  );
  await expect(figure(page, "Quotes sent")).toHaveText("1");
  await expect(figure(page, "Hires won")).toHaveText("0");
}

test("the period switches without JavaScript, keeping the inbox's group", async ({ browser }) => {
  const pro = await person(browser, "/pro", { javaScript: false, as: CONTRACTOR });
  const figures = pro.getByRole("region", { name: "Your figures" });
  await expect(figures.getByRole("heading", { name: "Your figures" })).toBeVisible();
  const periods = figures.getByRole("navigation", { name: "Period of your figures" });
  await expect(periods.getByRole("link", { name: "Last 30 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectDemoFigures(pro);
  await expect(
    figures.getByRole("img", { name: /^Requests received day by day, last 30 days: 3 requests/ }),
  ).toBeVisible();

  // Another group of the inbox, then the other period: the group stays.
  await pro
    .getByRole("navigation", { name: "Request groups" })
    .getByRole("link", { name: /^Quoted/ })
    .click();
  await expect(pro).toHaveURL(/group=quoted/);
  await periods.getByRole("link", { name: "Last 90 days" }).click();
  await expect(pro).toHaveURL(/[?&]period=90/);
  await expect(pro).toHaveURL(/group=quoted/);
  await expect(periods.getByRole("link", { name: "Last 90 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(pro.getByRole("list", { name: "Quoted requests" })).toBeVisible();
  await expectDemoFigures(pro);
  await expect(
    figures.getByRole("img", { name: /^Requests received week by week, last 90 days: 3 requests/ }),
  ).toBeVisible();
  // The chart's figures, a row a week (13 of them), in a table under it.
  await figures.getByText("The chart's figures, week by week").click();
  const table = figures.getByRole("table", { name: /week by week, last 90 days/ });
  await expect(table.getByRole("row")).toHaveCount(14);

  // The inbox's own links keep the period.
  await pro
    .getByRole("navigation", { name: "Request groups" })
    .getByRole("link", { name: /^New/ })
    .click();
  await expect(pro).toHaveURL(/group=new/);
  await expect(pro).toHaveURL(/[?&]period=90/);
  await pro.context().close();
});

test("a new business's figures say there is nothing yet, with dashes", async ({ browser }) => {
  const pro = await joinAsRoofer(browser, "Figures Roofing", { javaScript: false });
  const figures = pro.getByRole("region", { name: "Your figures" });
  await expect(figure(pro, "Requests received")).toHaveText("0");
  await expect(figure(pro, "Accepted")).toHaveText(/^—\s*No requests yet$/);
  await expect(figure(pro, "Median time to respond")).toHaveText(/^—\s*No answers yet$/);
  await expect(figures.getByText("No requests in the last 30 days yet")).toBeVisible();
  await expect(figures.getByRole("img")).toHaveCount(0);
  await expect(figures).not.toContainText("NaN");
  await pro.context().close();
});

test("axe finds nothing on /pro with the figures, the chart's table open", async ({ browser }) => {
  const pro = await person(browser, "/pro", { as: CONTRACTOR });
  const figures = pro.getByRole("region", { name: "Your figures" });
  await expectDemoFigures(pro);
  await figures.getByText("The chart's figures, day by day").click();
  await expect(figures.getByRole("table")).toBeVisible();
  expect(await accessibilityViolations(pro)).toEqual([]);
  // With JavaScript the period switches in place, too.
  await figures.getByRole("link", { name: "Last 90 days" }).click();
  await expect(pro).toHaveURL(/[?&]period=90/);
  await expect(figures.getByRole("img", { name: /week by week, last 90 days/ })).toBeVisible();
  expect(await accessibilityViolations(pro)).toEqual([]);
  await pro.context().close();
});
