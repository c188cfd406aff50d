/** The home page's quote form, filled in as a homeowner would (the page must be open). */
import type { Page } from "./fixtures";

export interface HomeQuote {
  name: string;
  email?: string;
  phone?: string;
  zip: string;
  details?: string;
}

/** Fills every field of "Get Your Quote" for a roofing job and ticks the consent; returns the form. */
export async function fillHomeQuote(page: Page, fields: HomeQuote) {
  const form = page.getByRole("form", { name: "Get Your Quote" });
  await form.getByRole("textbox", { name: "Your name" }).fill(fields.name);
  await form.getByRole("textbox", { name: "Email" }).fill(fields.email ?? "robin@example.com");
  await form.getByRole("textbox", { name: "Phone" }).fill(fields.phone ?? "(720) 555-0122");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill(fields.zip);
  await form.getByRole("combobox", { name: "Project type" }).selectOption("Roofing");
  await form
    .getByRole("textbox", { name: "Project details" })
    .fill(fields.details ?? "Hail damage on the north side.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  return form;
}
