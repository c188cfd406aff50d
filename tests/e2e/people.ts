/**
 * People of their own for the marketplace's browser tests: each a new browser
 * context signed into a demo account of its own, with JavaScript or without.
 *
 * They sign in without the page (as the Epic Stack's Playwright fixtures do): the
 * context's own request client posts the sign-in form, as a browser without
 * JavaScript would, and the session cookie lands in the context's cookie jar. The
 * sign-in page itself is tested by auth.spec.ts, accessibility.spec.ts (from the
 * keyboard), languages.spec.ts (in each language) and a few journeys that start there.
 */
import type { Browser } from "@playwright/test";
import { E2E_ORIGIN } from "../support/operator";
import { sessionUserId, type PostgresSite } from "../support/postgres-site";
import { expect, type Page } from "./fixtures";

export interface PersonOptions {
  javaScript?: boolean;
  /** The sign-in page's button: a homeowner's demo account unless it says otherwise. */
  as?: string;
}

/** The sign-in page's buttons, by the form field each posts (local mode). */
const SIGN_IN_BUTTONS: Record<string, Record<string, string>> = {
  "Sign in with Google": {},
  "Sign in as a demo contractor": { demo: "contractor" },
};

/**
 * Signs `page`'s browser in as the sign-in page's `as` button would, without opening
 * that page: the context posts the form (with the origin a browser sends), then the
 * page follows the answer's redirect to the last step of signing in, which sets the
 * browser's signed-in flag and goes on to `returnTo` (the dashboard unless given).
 */
export async function signInWithoutThePage(
  page: Page,
  {
    returnTo,
    as = "Sign in with Google",
    origin = E2E_ORIGIN,
  }: { returnTo?: string; as?: string; origin?: string } = {},
): Promise<void> {
  const fields = SIGN_IN_BUTTONS[as];
  if (!fields) throw new Error(`no sign-in button named "${as}"`);
  const response = await page.context().request.post(`${origin}/login`, {
    form: { ...fields, ...(returnTo ? { returnTo } : {}) },
    headers: { origin },
    maxRedirects: 0,
  });
  const next = response.headers().location;
  expect(response.status(), await response.text()).toBe(302);
  if (!next) throw new Error("signing in answered without a Location");
  await page.goto(new URL(next, origin).href);
  await expect(page).toHaveURL(`${origin}${returnTo ?? "/dashboard"}`);
}

/** A person signed in and sent on to `path`. */
export async function person(
  browser: Browser,
  path: string,
  { javaScript = true, as = "Sign in with Google" }: PersonOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await signInWithoutThePage(page, { returnTo: path, as });
  return page;
}

/** A pro joins with a roofing business serving Boulder (few other tests use it). */
export async function joinAsRoofer(
  browser: Browser,
  name: string,
  {
    javaScript = true,
    city = "Boulder, CO",
  }: Pick<PersonOptions, "javaScript"> & {
    /** The one city it serves (a spec of its own picks a city no other spec's pros crowd). */
    city?: string;
  } = {},
): Promise<Page> {
  const page = await person(browser, "/pro/join", { javaScript });
  const form = page.getByRole("form", { name: "Business profile" });
  await form.getByRole("textbox", { name: "Business name" }).fill(name);
  await form.getByRole("checkbox", { name: "Roofing", exact: true }).check();
  await form.getByRole("textbox", { name: /Cities you serve/ }).fill(city);
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
  await signInWithoutThePage(page, { origin: site.url });
  const token = (await context.cookies()).find((cookie) => cookie.name === "tm_session")?.value;
  if (!token) throw new Error("no session cookie");
  return { page, userId: await sessionUserId(site, token) };
}
