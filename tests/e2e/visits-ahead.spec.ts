/**
 * Visits as trades book them (issue 43), in the browser: the booking asks the
 * address of the work, says why and who sees it, and offers it again next
 * time; a pro proposes times past its booking horizon, and one more than a
 * year ahead is refused beside its day, naming the time and the limit, with
 * every pair kept, with JavaScript and without; the pro's schedule opens on
 * the next visit's week, names the customer, and its calendar feed is the
 * business's, from its own page. axe on each; screenshots at 390 and 1280 px.
 */
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations, visit } from "./hydration";
import { acceptedPair, addressField, bookFirstTime, dayFromNow, openBooking } from "./visits";

const WIDTHS = [390, 1280] as const;

/** Full-page screenshots of the page at each width (looked at by hand; /tmp). */
async function screenshots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/vtimes-${name}-${width}.png`, fullPage: true });
  }
}

test("the booking asks the address of the work, and offers it again next time", async ({
  browser,
}) => {
  test.slow();
  const pair = await acceptedPair(browser, "Lyons Visit");
  const { homeowner } = pair;
  await openBooking(pair);
  const field = addressField(homeowner);
  await expect(field).toHaveAccessibleDescription(
    "The pro comes here for the visit. Only this pro sees it, and only while they are on your request.",
  );
  await expect(field).toHaveValue("");
  expect(await accessibilityViolations(homeowner)).toEqual([]);
  await screenshots(homeowner, "booking");
  // A time but no address: the browser asks for it (the field is required).
  await homeowner
    .getByRole("group", { name: "Time of the visit" })
    .getByRole("radio")
    .first()
    .check();
  await homeowner.getByRole("button", { name: "Book this visit" }).click();
  expect(await field.evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(
    true,
  );
  await expect(homeowner).toHaveURL(/\/visit\?business=/);

  const booked = await bookFirstTime(homeowner, "418 Main St, Lyons, CO 80540");
  await homeowner.getByRole("textbox", { name: /Why cancel it\?/ }).fill("Another week");
  await homeowner.getByRole("button", { name: "Cancel the visit" }).click();
  await expect(homeowner.getByText("The visit is cancelled. You both get an email.")).toBeVisible();
  // The project page says it is cancelled; booking again starts from the same address.
  await homeowner.goto(pair.projectUrl);
  await expect(
    homeowner.getByRole("link", { name: /^Visit of .+: Cancelled by the homeowner$/ }),
  ).toHaveAttribute("href", `/visits/${booked.id}`);
  await expect(homeowner.getByText(/Earlier visit/)).toHaveCount(0);
  await openBooking(pair);
  await expect(addressField(homeowner)).toHaveValue("418 Main St, Lyons, CO 80540");
  await Promise.all([pair.pro.context().close(), homeowner.context().close()]);
});

for (const javaScript of [true, false]) {
  test(`a pro proposes past its horizon, not past a year (JavaScript ${javaScript ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.slow();
    const pair = await acceptedPair(browser, javaScript ? "Niwot Ahead" : "Hygiene Ahead", {
      javaScript,
    });
    const { pro } = pair;
    await pro.goto(pair.requestUrl);
    const section = pro.getByRole("region", { name: "Site visit" });
    const form = section.getByRole("form", { name: "Propose times for a visit" });
    // The default horizon is 30 days: 100 days on is still proposed; 400 is more than a year.
    const typed = [
      [dayFromNow(100), "09:00"],
      [dayFromNow(400), "10:00"],
      [dayFromNow(101), "13:30"],
    ] as const;
    for (const [index, [day, time]] of typed.entries()) {
      await form.getByLabel(`Day ${index + 1}`, { exact: true }).fill(day);
      await form.getByLabel(`Time ${index + 1}`, { exact: true }).fill(time);
    }
    await form.getByRole("button", { name: "Propose these times" }).click();
    const day2 = form.getByLabel("Day 2", { exact: true });
    await expect(day2).toHaveAccessibleDescription(
      /^\w{3}, \w{3} \d{1,2}, \d{4}, 10:00\sAM M[SD]T is more than a year ahead\. Propose a time up to \w+day, \w+ \d{1,2}, \d{4}\.$/,
    );
    for (const [index, [day, time]] of typed.entries()) {
      await expect(form.getByLabel(`Day ${index + 1}`, { exact: true })).toHaveValue(day);
      await expect(form.getByLabel(`Time ${index + 1}`, { exact: true })).toHaveValue(time);
    }
    // axe runs in the page: with JavaScript only.
    if (javaScript) expect(await accessibilityViolations(pro)).toEqual([]);
    // Without the far one, the two spring times go through.
    await day2.fill("");
    await form.getByLabel("Time 2", { exact: true }).fill("");
    await form.getByRole("button", { name: "Propose these times" }).click();
    await expect(section.getByText("Times proposed", { exact: true })).toBeVisible();
    await expect(section.getByRole("listitem")).toHaveCount(2);
    await Promise.all([pro.context().close(), pair.homeowner.context().close()]);
  });
}

test("the pro's schedule opens on the next visit, names the customer, and feeds the business's visits", async ({
  browser,
}) => {
  test.slow();
  const pair = await acceptedPair(browser, "Berthoud Week");
  const { pro, homeowner, name } = pair;
  // A time two weeks on, proposed and picked: this week is empty.
  await pro.goto(pair.requestUrl);
  const form = pro.getByRole("form", { name: "Propose times for a visit" });
  await form.getByLabel("Day 1", { exact: true }).fill(dayFromNow(15));
  await form.getByLabel("Time 1", { exact: true }).fill("10:00");
  await form.getByRole("button", { name: "Propose these times" }).click();
  await expect(pro.getByText("Times proposed", { exact: true })).toBeVisible();
  await homeowner.goto(pair.projectUrl);
  await homeowner.getByRole("link", { name: "Times proposed: pick one" }).click();
  await homeowner.getByRole("group", { name: "Times the pro proposed" }).getByRole("radio").check();
  await addressField(homeowner).fill("21 Mountain Ave, Berthoud, CO 80513");
  await homeowner.getByRole("button", { name: "Book this time" }).click();
  await expect(homeowner.getByText(/^Your visit is booked\./)).toBeVisible();

  await visit(pro, "/pro/schedule");
  await expect(pro.getByRole("heading", { name: `Schedule of ${name}`, level: 1 })).toBeVisible();
  await expect(
    pro.getByText("No visits this week: this is the week of your next visit."),
  ).toBeVisible();
  const entry = pro.getByRole("listitem").filter({ hasText: "Roof Repair" });
  await expect(entry).toContainText("Jordan Rivera");
  await expect(entry).toContainText(/10:00\sAM/);
  await expect(entry).not.toContainText(name);
  expect(await accessibilityViolations(pro)).toEqual([]);

  // The feed link on the pro's page is the business's, made here, not on the dashboard.
  const link = pro.getByRole("link", {
    name: "Get a private link to see these visits in your calendar app.",
  });
  await expect(link).toHaveAttribute("href", "#calendar-feed");
  await pro.getByRole("button", { name: "Create my private calendar link" }).click();
  await expect(pro).toHaveURL(/\/pro\/schedule\?business=.+&feed=create_feed#calendar-feed$/);
  const feed = pro.getByRole("textbox", { name: "Your private calendar link" });
  const address = await feed.inputValue();
  // Unfolded: a long line of iCalendar goes on after a line break and a space.
  const ics = (await (await pro.context().request.get(address)).text()).replace(/\r\n[ \t]/g, "");
  // The account's own sample visit as a homeowner is not in the business's calendar.
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(ics).toContain("with Jordan Rivera");
  expect(ics).toContain(`X-WR-CALNAME:TradeMatch visits: ${name}`);
  await screenshots(pro, "pro-schedule");
  await Promise.all([pro.context().close(), homeowner.context().close()]);
});
