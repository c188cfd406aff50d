import { expect, test, type Page } from "./fixtures";
import { visit } from "./hydration";
import { storedLeads } from "../support/operator";
import { fillHomeQuote } from "./home-quote";

function fillQuote(
  page: Page,
  fields: { name: string; email: string; phone: string; zip: string },
) {
  return fillHomeQuote(page, { ...fields, details: "Two shingles missing after the hail storm." });
}

test("a quote request with a mistake: the message shows beside the field and clears as it is fixed", async ({
  page,
}) => {
  await visit(page, "/");
  const name = `Avery Browser ${Date.now().toString()}`;
  const form = await fillQuote(page, {
    name,
    email: "avery@example.com",
    phone: "555-0147",
    zip: "80202",
  });
  await form.getByRole("button", { name: "Get Your Quote" }).click();

  const phone = form.getByRole("textbox", { name: "Phone" });
  await expect(
    form.getByText("Please enter a US or Canadian phone number with area code"),
  ).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toBeFocused();
  await expect(page).toHaveURL("/");

  await phone.fill("(303) 555-0147");
  await expect(
    form.getByText("Please enter a US or Canadian phone number with area code"),
  ).toBeHidden();
  await form.getByRole("button", { name: "Get Your Quote" }).click();
  await expect(page).toHaveURL("/search?service=roofing&zip=80202");

  const lead = (await storedLeads()).find((row) => row.name === name);
  expect(lead).toMatchObject({
    email: "avery@example.com",
    phone: "+13035550147",
    service: "roofing",
    postalCode: "80202",
  });
});

test("an email the browser accepts but we don't gets the server's plain message", async ({
  page,
}) => {
  await visit(page, "/");
  const form = await fillQuote(page, {
    name: "Casey Typo",
    email: "casey@example",
    phone: "(720) 555-0111",
    zip: "80202",
  });
  await form.getByRole("button", { name: "Get Your Quote" }).click();
  await expect(
    form.getByText("Please enter a valid email address, like name@example.com."),
  ).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Your name" })).toHaveValue("Casey Typo");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the quote form still sends, and errors come back with what was typed", async ({ page }) => {
    await page.goto("/");
    const form = await fillQuote(page, {
      name: "Robin NoScript",
      email: "robin@example",
      phone: "(720) 555-0122",
      zip: "m5v 2t6",
    });
    await form.getByRole("button", { name: "Get Your Quote" }).click();
    await expect(
      page.getByText("Please enter a valid email address, like name@example.com."),
    ).toBeVisible();
    await expect(
      page
        .getByRole("form", { name: "Get Your Quote" })
        .getByRole("textbox", { name: "Your name" }),
    ).toHaveValue("Robin NoScript");

    const again = page.getByRole("form", { name: "Get Your Quote" });
    // The page opens on the first field it refused: no script needed to get there.
    await expect(again.getByRole("textbox", { name: "Email" })).toBeFocused();
    await expect(again.getByRole("textbox", { name: "Email" })).toBeInViewport();
    // The consent box comes back as it was sent: ticked (issue 43).
    await expect(again.getByRole("checkbox", { name: /I agree that TradeMatch/ })).toBeChecked();
    await again.getByRole("textbox", { name: "Email" }).fill("robin@example.com");
    await again.getByRole("button", { name: "Get Your Quote" }).click();
    await expect(page).toHaveURL("/search?service=roofing&zip=M5V+2T6");
  });

  test("a refusal about the whole form opens on its message, every answer kept, and sends next time", async ({
    page,
  }) => {
    await page.goto("/");
    const form = await fillQuote(page, {
      name: "Riley Refused",
      email: "riley@example.com",
      phone: "(720) 555-0133",
      zip: "80202",
    });
    // A browser that lost its form key (a day-old page, cookies cleared): asked to send again.
    await page.context().clearCookies({ name: "tm_fk" });
    await form.getByRole("button", { name: "Get Your Quote" }).click();
    await expect(page).toHaveURL("/?index");
    const message = page.getByRole("alert").filter({
      hasText: "Please check your details and send the form again.",
    });
    await expect(message).toBeInViewport();
    await expect(page.locator(":focus")).toContainText("Please check your details");
    const again = page.getByRole("form", { name: "Get Your Quote" });
    await expect(again.getByRole("textbox", { name: "Your name" })).toHaveValue("Riley Refused");
    await expect(again.getByRole("textbox", { name: "Project details" })).toHaveValue(
      "Two shingles missing after the hail storm.",
    );
    await expect(again.getByRole("combobox", { name: "Project type" })).toHaveValue("roofing");
    await expect(again.getByRole("checkbox", { name: /I agree that TradeMatch/ })).toBeChecked();
    // Sent again as it is: taken.
    await again.getByRole("button", { name: "Get Your Quote" }).click();
    await expect(page).toHaveURL("/search?service=roofing&zip=80202");
  });
});

test("Schedule a Call takes a call-back request and says so", async ({ page }) => {
  await visit(page, "/");
  await page.locator("summary", { hasText: "Schedule a Call" }).click();
  const form = page.getByRole("form", { name: "Schedule a Call" });
  const name = `Morgan Callback ${Date.now().toString()}`;
  await form.getByRole("textbox", { name: "Your name" }).fill(name);
  await form.getByRole("textbox", { name: "Phone" }).fill("(416) 555-0199");
  await form.getByRole("combobox", { name: "Best time to call" }).selectOption("evening");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Request a call" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Thanks! We'll call you back at the time you chose.",
  );
  const lead = (await storedLeads()).find((row) => row.name === name);
  expect(lead).toMatchObject({
    source: "callback",
    preferredTime: "evening",
    phone: "+14165550199",
  });
});
