/**
 * The homeowner stays in control (issue 33), two browsers each: the
 * homeowner closes the request ("Not going ahead") or removes one pro, and
 * the pro then sees the request closed and none of the homeowner's contact
 * details, in the page's HTML (not only on screen), on the request page and
 * in the conversation. One side without JavaScript in each.
 */
import { expect, test, type Page } from "./fixtures";
import { joinAsRoofer } from "./people";
import {
  acceptNewest as accept,
  HOMEOWNER_PHONE_DIGITS as PHONE_DIGITS,
  sendRoofRepair,
} from "./send-and-accept";

/** Boulder, where the pros these tests make serve. */
const BOULDER = "80302";

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
  const homeowner = await sendRoofRepair(browser, name, { javaScript: false, postalCode: BOULDER });
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
  const homeowner = await sendRoofRepair(browser, name, { javaScript: true, postalCode: BOULDER });
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
