/**
 * People of their own for the marketplace's browser tests: each a new browser
 * context signed into a demo account of its own, with JavaScript or without.
 */
import type { Browser } from "@playwright/test";
import { sessionUserId, type PostgresSite } from "../support/postgres-site";
import { expect, type Page } from "./fixtures";

export interface PersonOptions {
  javaScript?: boolean;
  /** The sign-in page's button: a homeowner's demo account unless it says otherwise. */
  as?: string;
}

/** A person signed in and sent on to `path`. */
export async function person(
  browser: Browser,
  path: string,
  { javaScript = true, as = "Sign in with Google" }: PersonOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await page.goto(`/login?returnTo=${encodeURIComponent(path)}`);
  await page.getByRole("button", { name: as }).click();
  await expect(page).toHaveURL(path);
  return page;
}

/** A pro joins with a roofing business serving Boulder (few other tests use it). */
export async function joinAsRoofer(
  browser: Browser,
  name: string,
  { javaScript = true }: Pick<PersonOptions, "javaScript"> = {},
): Promise<Page> {
  const page = await person(browser, "/pro/join", { javaScript });
  const form = page.getByRole("form", { name: "Business profile" });
  await form.getByRole("textbox", { name: "Business name" }).fill(name);
  await form.getByRole("checkbox", { name: "Roofing", exact: true }).check();
  await form.getByRole("textbox", { name: /Cities you serve/ }).fill("Boulder, CO");
  await form.getByRole("textbox", { name: /Years in business/ }).fill("9");
  await form.getByRole("textbox", { name: "Business email" }).fill("office@roofer.example");
  await form.getByRole("button", { name: "Create my profile" }).click();
  await expect(page.getByRole("heading", { name: `Requests for ${name}` })).toBeVisible();
  return page;
}

/** A browser of its own on a site of the test's own, signed into a demo account, and its id. */
export async function signedInOn(
  site: PostgresSite,
  browser: Browser,
  javaScriptEnabled = true,
): Promise<{ page: Page; userId: string }> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${site.url}/login`);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(`${site.url}/dashboard`);
  const token = (await context.cookies()).find((cookie) => cookie.name === "tm_session")?.value;
  if (!token) throw new Error("no session cookie");
  return { page, userId: await sessionUserId(site, token) };
}
