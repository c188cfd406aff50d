/** The home page's quote form, filled in as a homeowner would (the page must be open). */
import type { Request } from "@playwright/test";
import { expect, type Page } from "./fixtures";

export interface HomeQuote {
  name: string;
  email?: string;
  phone?: string;
  zip: string;
  details?: string;
}

/**
 * Scripts the page asks for from now on; `settled()` resolves once none of them is in flight
 * and the page has run them.
 */
function scriptsFrom(page: Page) {
  const pending = new Set<Request>();
  let seen = 0;
  const started = (request: Request) => {
    if (request.resourceType() !== "script") return;
    pending.add(request);
    seen += 1;
  };
  const ended = (request: Request) => pending.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    async settled() {
      await expect.poll(() => pending.size, { message: "scripts still in flight" }).toBe(0);
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
      // Code arrived (a page without JavaScript asks for none, and could not run this).
      if (seen > 0) await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    },
  };
}

/**
 * Fills every field of "Get Your Quote" for a roofing job and ticks the consent; returns the
 * form. The form's checks load when it is first touched (use-lead-form.ts); a submit before
 * they have goes to the server instead, which a busy machine would make of a test about the
 * checks in the browser. So this waits for them, as a person typing would.
 */
export async function fillHomeQuote(page: Page, fields: HomeQuote) {
  const form = page.getByRole("form", { name: "Get Your Quote" });
  const scripts = scriptsFrom(page);
  await form.getByRole("textbox", { name: "Your name" }).fill(fields.name);
  await form.getByRole("textbox", { name: "Email" }).fill(fields.email ?? "robin@example.com");
  await form.getByRole("textbox", { name: "Phone" }).fill(fields.phone ?? "(720) 555-0122");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill(fields.zip);
  await form.getByRole("combobox", { name: "Project type" }).selectOption("Roofing");
  await form
    .getByRole("textbox", { name: "Project details" })
    .fill(fields.details ?? "Hail damage on the north side.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await scripts.settled();
  return form;
}
