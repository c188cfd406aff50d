/**
 * A homeowner's roof repair sent to one pro, and that pro's acceptance: the
 * steps the two-browser specs (homeowner control, site visits) start from.
 */
import type { Browser } from "@playwright/test";
import { expect, type Page } from "./fixtures";
import { person } from "./people";

/** The homeowner's phone, as the pro sees it once it accepts. */
export const HOMEOWNER_PHONE = "(303) 555-0177";
export const HOMEOWNER_PHONE_DIGITS = "5550177";

/**
 * A new homeowner sends a roof repair at `postalCode` to the pro named `pro`
 * (New Project, then the choose-pros step) and lands on the project page.
 */
export async function sendRoofRepair(
  browser: Browser,
  pro: string,
  { javaScript, postalCode }: { javaScript: boolean; postalCode: string },
): Promise<Page> {
  const homeowner = await person(browser, "/dashboard/new", { javaScript });
  const form = homeowner.getByRole("form", { name: "New Project" });
  await form.getByRole("textbox", { name: "Phone" }).fill(HOMEOWNER_PHONE);
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill(postalCode);
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

/** The pro accepts its newest roof repair and sees the phone; returns the request page's address. */
export async function acceptNewest(pro: Page): Promise<string> {
  await pro.goto("/pro");
  await pro
    .getByRole("list", { name: "New requests" })
    .getByRole("link", { name: /Roof Repair/ })
    .first()
    .click();
  await pro.getByRole("button", { name: "Accept request" }).click();
  await expect(pro.getByRole("link", { name: new RegExp(HOMEOWNER_PHONE_DIGITS) })).toBeVisible();
  return pro.url();
}
