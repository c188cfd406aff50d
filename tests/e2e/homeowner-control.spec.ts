/**
 * The homeowner stays in control (issue 33), two browsers each: the
 * homeowner closes the request ("Not going ahead") or removes one pro, and
 * the pro then sees the request closed and none of the homeowner's contact
 * details, in the page's HTML (not only on screen), on the request page and
 * in the conversation. One side without JavaScript in each.
 */
import type { Browser } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { joinAsRoofer, person } from "./people";

const PHONE_DIGITS = "5550177";

/** The homeowner sends a roof repair in Boulder to `pro` and lands on the project page. */
async function sendTo(browser: Browser, pro: string, javaScript: boolean): Promise<Page> {
  const homeowner = await person(browser, "/dashboard/new", { javaScript });
  const form = homeowner.getByRole("form", { name: "New Project" });
  await form.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0177");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80302");
  await form.getByRole("combobox", { name: "What do you need?" }).selectOption("roof-repair");
  await form.getByRole("textbox", { name: "Project details" }).fill("Two missing shingles.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Add project" }).click();
  await homeowner
    .getByRole("group", { name: "Pros who serve your area" })
    .getByRole("checkbox", { name: pro })
    .check();
  await homeowner.getByRole("button", { name: "Continue" }).click();
  await homeowner.getByRole("checkbox", { name: /I agree that TradeMatch and .+ may/ }).check();
  await homeowner.getByRole("button", { name: "Send my request" }).click();
  await expect(homeowner.getByText("Your request was sent to the pros you chose.")).toBeVisible();
  return homeowner;
}

/** The pro accepts the newest request and sees the phone; returns the request page's address. */
async function accept(pro: Page): Promise<string> {
  await pro.goto("/pro");
  await pro
    .getByRole("list", { name: "New requests" })
    .getByRole("link", { name: /Roof Repair/ })
    .first()
    .click();
  await pro.getByRole("button", { name: "Accept request" }).click();
  await expect(pro.getByRole("link", { name: new RegExp(PHONE_DIGITS) })).toBeVisible();
  return pro.url();
}

/** The HTML the server sends for `url` to this browser: it must not carry the contact. */
async function htmlOf(page: Page, url: string): Promise<string> {
  const response = await page.context().request.get(url);
  expect(response.status()).toBe(200);
  return response.text();
}

test("Not going ahead: the pro sees the request closed, and no phone in the HTML", async ({
  browser,
}) => {
  test.slow();
  const name = `Flatiron Roofing ${Date.now().toString(36)}`;
  const pro = await joinAsRoofer(browser, name);
  const homeowner = await sendTo(browser, name, false);
  const requestUrl = await accept(pro);
  expect(await htmlOf(pro, requestUrl)).toContain(PHONE_DIGITS);
  const threadLink = pro.getByRole("link", { name: /Open the conversation/ }).first();
  const threadUrl = new URL((await threadLink.getAttribute("href")) ?? "", requestUrl).toString();

  // Without a reason the homeowner is told beside the reasons; nothing changes.
  const reasons = homeowner.getByRole("group", { name: "Not going ahead?" });
  await homeowner.getByRole("button", { name: "Close this request" }).click();
  await expect(reasons).toHaveAccessibleDescription(/Choose why you're not going ahead\./);
  await expect(homeowner.getByText("Pending", { exact: true })).toBeVisible();
  await reasons.getByRole("radio", { name: "I've postponed the project" }).check();
  await homeowner.getByRole("button", { name: "Close this request" }).click();
  await expect(homeowner.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(homeowner.getByRole("group", { name: "Not going ahead?" })).toHaveCount(0);

  await pro.goto(requestUrl);
  await expect(
    pro.getByText("The homeowner closed this request: they are not going ahead with it."),
  ).toBeVisible();
  await expect(
    pro.getByText("No longer shared: this request is closed for your business."),
  ).toBeVisible();
  await expect(pro.getByRole("link", { name: new RegExp(PHONE_DIGITS) })).toHaveCount(0);
  expect(await htmlOf(pro, requestUrl)).not.toContain(PHONE_DIGITS);
  const thread = await htmlOf(pro, threadUrl);
  expect(thread).toContain("No longer shared");
  expect(thread).not.toContain(PHONE_DIGITS);
  await Promise.all([pro.context().close(), homeowner.context().close()]);
});

test("Remove this pro: that pro alone is closed and sees no contact", async ({ browser }) => {
  test.slow();
  const name = `Chautauqua Roofing ${Date.now().toString(36)}`;
  const pro = await joinAsRoofer(browser, name, { javaScript: false });
  const homeowner = await sendTo(browser, name, true);
  const requestUrl = await accept(pro);
  await homeowner.reload();
  await homeowner.getByRole("button", { name: `Remove this pro: ${name}` }).click();
  const table = homeowner.getByRole("table");
  await expect(table.getByRole("row", { name: /^Status/ })).toContainText("Removed");
  await expect(homeowner.getByRole("button", { name: `Remove this pro: ${name}` })).toHaveCount(0);

  await pro.goto(requestUrl);
  await expect(
    pro.getByText("Closed: the homeowner is not going ahead with your business"),
  ).toBeVisible();
  expect(await htmlOf(pro, requestUrl)).not.toContain(PHONE_DIGITS);
  await Promise.all([pro.context().close(), homeowner.context().close()]);
});
