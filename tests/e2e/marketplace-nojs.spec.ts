/**
 * The marketplace's forms with JavaScript off, every step an ordinary form
 * post: a homeowner says how pros may reach them, a pro accepts, declines (a
 * reason is required) and quotes (errors come back beside the field, with
 * what was typed), and a homeowner compares the quotes, hires, and moves the
 * project to In Progress (a progress past 100 refused) and Completed.
 */
import { expect, test, type Page } from "./fixtures";
import { joinAsRoofer, person } from "./people";

test.use({ javaScriptEnabled: false });

/** The pro opens the newest request in the inbox's New group; the contact is still hidden. */
async function openNewRequest(pro: Page, title: string) {
  await pro.goto("/pro");
  await pro.getByRole("list", { name: "New requests" }).getByRole("link", { name: title }).click();
  await expect(pro.getByRole("heading", { name: title })).toBeVisible();
  await expect(pro.getByText("Shown once you accept the request.")).toBeVisible();
}

test("the demo contractor accepts a request, then a bad quote comes back beside its field", async ({
  browser,
}) => {
  const pro = await person(browser, "/pro", {
    javaScript: false,
    as: "Sign in as a demo contractor",
  });
  await openNewRequest(pro, "Roof Repair");
  await expect(pro.getByText("Sam Okafor")).toHaveCount(0);
  await expect(pro.getByRole("link", { name: /5550141/ })).toHaveCount(0);
  await pro.getByRole("button", { name: "Accept request" }).click();
  await expect(pro.getByText("Sam Okafor")).toBeVisible();
  await expect(pro.getByRole("link", { name: /5550141/ })).toBeVisible();
  await expect(pro.getByText("Accepted: send a quote")).toBeVisible();

  // A range whose highest price is below its lowest is refused, beside the field.
  await pro.getByRole("radio", { name: "A range" }).check();
  const min = pro.getByRole("textbox", { name: "Price, or the lowest of the range" });
  const max = pro.getByRole("textbox", { name: /Highest of the range/ });
  const included = pro.getByRole("textbox", { name: "What the price includes" });
  await min.fill("4,500");
  await max.fill("3,000");
  await included.fill("Replace the flashing and the missing shingles.");
  await pro.getByRole("button", { name: "Send quote" }).click();
  await expect(max).toHaveAccessibleDescription("The highest price must be at least the lowest.");
  await expect(max).toHaveAttribute("aria-invalid", "true");
  await expect(min).toHaveValue("4,500");
  await expect(max).toHaveValue("3,000");
  await expect(included).toHaveValue("Replace the flashing and the missing shingles.");
  await expect(pro.getByRole("radio", { name: "A range" })).toBeChecked();
  await expect(pro.getByText("Accepted: send a quote")).toBeVisible();

  await max.fill("6,000");
  await pro.getByRole("button", { name: "Send quote" }).click();
  await expect(pro.getByRole("heading", { name: "Your quote" })).toBeVisible();
  await expect(pro.getByText("Quoted: you can change it until the homeowner hires")).toBeVisible();
  // The form now shows the saved quote.
  await expect(pro.getByRole("radio", { name: "A range" })).toBeChecked();
  await expect(min).toHaveValue("4500");
  await expect(max).toHaveValue("6000");
  await expect(max).not.toHaveAttribute("aria-invalid");
  await expect(pro.getByRole("button", { name: "Update quote" })).toBeVisible();
  await pro.getByRole("link", { name: "Back to requests" }).click();
  await pro.getByRole("link", { name: /^Quoted \(2\)/ }).click();
  await expect(
    pro.getByRole("list", { name: "Quoted requests" }).getByRole("link", { name: /Roof Repair/ }),
  ).toBeVisible();
  await pro.context().close();
});

test("two pros and a homeowner: decline needs a reason, quote, compare, hire, complete", async ({
  browser,
}) => {
  // Three people, each signing in: longer than one page's test.
  test.slow();
  const suffix = Date.now().toString(36);
  const declining = `Eldora Roofing ${suffix}`;
  const quoting = `Mesa Roofing ${suffix}`;
  const proB = await joinAsRoofer(browser, declining, { javaScript: false });
  const proA = await joinAsRoofer(browser, quoting, { javaScript: false });

  // The homeowner says how pros may reach them (a phone call unless they choose);
  // a form that comes back with an error keeps the choice.
  const homeowner = await person(browser, "/dashboard/new", { javaScript: false });
  const form = homeowner.getByRole("form", { name: "New Project" });
  const contact = form.getByRole("group", { name: "How should we contact you?" });
  await expect(contact.getByRole("radio", { name: "Phone call" })).toBeChecked();
  await expect(contact.getByRole("radio")).toHaveCount(4);
  await expect(contact.getByRole("radio", { name: "Messages on TradeMatch only" })).toBeVisible();
  const phone = form.getByRole("textbox", { name: "Phone" });
  await phone.fill("555");
  await contact.getByRole("radio", { name: "Text message" }).check();
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80302");
  await form.getByRole("combobox", { name: "What do you need?" }).selectOption("roof-repair");
  await form.getByRole("textbox", { name: "Project details" }).fill("A leak above the porch.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Add project" }).click();
  await expect(phone).toHaveAccessibleDescription(/Please enter a US or Canadian phone number/);
  await expect(contact.getByRole("radio", { name: "Text message" })).toBeChecked();
  await expect(contact.getByRole("radio", { name: "Phone call" })).not.toBeChecked();
  await phone.fill("(303) 555-0133");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Add project" }).click();
  const pros = homeowner.getByRole("group", { name: "Pros who serve your area" });
  await pros.getByRole("checkbox", { name: declining }).check();
  await pros.getByRole("checkbox", { name: quoting }).check();
  await homeowner.getByRole("button", { name: "Continue" }).click();
  await homeowner.getByRole("checkbox", { name: /I agree that TradeMatch, .+ and .+ may/ }).check();
  await homeowner.getByRole("button", { name: "Send my request" }).click();
  await expect(homeowner.getByText("Your request was sent to the pros you chose.")).toBeVisible();
  const projectUrl = homeowner.url().replace(/\?.*$/, "");

  // Declining with no reason chosen is refused, said beside the reason.
  await openNewRequest(proB, "Roof Repair");
  const reason = proB.getByRole("combobox", { name: "Reason for declining" });
  await expect(reason).not.toHaveAttribute("aria-invalid");
  await proB.getByRole("button", { name: "Decline" }).click();
  await expect(proB.getByText("Choose why you are declining.")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAccessibleDescription("Choose why you are declining.");
  await expect(proB.getByText("Not answered yet")).toBeVisible();
  await reason.selectOption("Outside my area");
  await proB.getByRole("button", { name: "Decline" }).click();
  await expect(proB.getByText("Declined", { exact: true })).toBeVisible();
  await expect(proB.getByText("Choose why you are declining.")).toHaveCount(0);
  await expect(proB.getByRole("button", { name: "Accept request" })).toHaveCount(0);

  // Accepting shows the homeowner's contact; then a fixed price.
  // (The homeowner chose text messages: the phone is what the pro gets, not the email.)
  await openNewRequest(proA, "Roof Repair");
  await expect(proA.getByText("Text message", { exact: true })).toBeVisible();
  const phoneLink = proA.getByRole("link", { name: /5550133/ });
  const email = proA.getByRole("link", { name: /^demo\+.+@trade-match\.example$/ });
  await expect(phoneLink).toHaveCount(0);
  await proA.getByRole("button", { name: "Accept request" }).click();
  await expect(proA.getByText("Shown once you accept the request.")).toHaveCount(0);
  await expect(phoneLink).toBeVisible();
  await expect(email).toHaveCount(0);
  const included = proA.getByRole("textbox", { name: "What the price includes" });
  const validDays = proA.getByRole("spinbutton", { name: "Valid for (days)" });
  await expect(validDays).toHaveValue("30");
  await proA.getByRole("textbox", { name: "Price, or the lowest of the range" }).fill("4,500");
  await included.fill("Short");
  await validDays.fill("45");
  await proA.getByRole("button", { name: "Send quote" }).click();
  await expect(included).toHaveAccessibleDescription(
    "Say what the price includes (at least 10 characters).",
  );
  await expect(included).toHaveValue("Short");
  await expect(validDays).toHaveValue("45");
  await expect(proA.getByRole("status")).toHaveCount(0);
  await included.fill("Replace the flashing and damaged shingles; haul away debris.");
  await proA.getByRole("button", { name: "Send quote" }).click();
  await expect(proA.getByRole("button", { name: "Update quote" })).toBeVisible();
  // Saved: a confirmation, and the form shows the days the quote holds, as sent.
  await expect(proA.getByRole("status")).toHaveText("Your quote was sent to the homeowner.");
  await expect(validDays).toHaveValue("45");

  // The homeowner compares: the declining pro is not available, the other quoted.
  await homeowner.goto(projectUrl);
  const table = homeowner.getByRole("table");
  await expect(table.getByRole("columnheader", { name: declining })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: quoting })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Status/ })).toContainText("Not available");
  await expect(table.getByRole("row", { name: /^Status/ })).toContainText("Quoted");
  await expect(table.getByRole("row", { name: /^Price/ })).toContainText("$4,500");
  await expect(homeowner.getByRole("link", { name: `Hire ${declining}` })).toHaveCount(0);
  await homeowner.getByRole("link", { name: `Hire ${quoting}` }).click();
  await homeowner.getByRole("button", { name: `Yes, hire ${quoting}` }).click();
  await expect(homeowner.getByText(`Hired: ${quoting}`, { exact: true })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Status/ })).toContainText("Hired");

  await proA.goto("/pro?group=hired");
  await expect(proA.getByRole("link", { name: /Hired \(1\)/ })).toBeVisible();
  const hired = proA.getByRole("list", { name: "Hired requests" }).getByRole("link");
  await expect(hired).toContainText("Hired");
  await hired.click();
  await expect(proA.getByText("Hired: the homeowner chose you")).toBeVisible();

  // A percentage over 100 is refused by the form itself (min 0, max 100): nothing is posted.
  const progress = homeowner.getByRole("spinbutton", { name: "Progress (%)" });
  await progress.fill("150");
  await homeowner.getByRole("button", { name: "Mark In Progress" }).click();
  await expect(progress).toHaveJSProperty(
    "validationMessage",
    "Value must be less than or equal to 100.",
  );
  await expect(homeowner.getByText(`Hired: ${quoting}`, { exact: true })).toBeVisible();
  // Past the form's own limit, the server refuses it beside the field, with what was typed.
  await progress.evaluate((input) => input.removeAttribute("max"));
  await progress.fill("150");
  await homeowner.getByRole("button", { name: "Mark In Progress" }).click();
  await expect(progress).toHaveAccessibleDescription(
    "Enter the progress as a whole number from 0 to 100.",
  );
  await expect(progress).toHaveAttribute("aria-invalid", "true");
  await expect(progress).toHaveValue("150");
  // Said once, beside the field: not again at the top of the page.
  await expect(
    homeowner.getByText("Enter the progress as a whole number from 0 to 100."),
  ).toHaveCount(1);
  await expect(homeowner.getByText(`Hired: ${quoting}`, { exact: true })).toBeVisible();

  await progress.fill("40");
  await homeowner.getByRole("button", { name: "Mark In Progress" }).click();
  await expect(homeowner.getByText("In Progress", { exact: true })).toBeVisible();
  await expect(homeowner.getByRole("spinbutton", { name: "Progress (%)" })).toHaveValue("40");

  // A second tab still shows the In Progress forms.
  const stale = await homeowner.context().newPage();
  await stale.goto(projectUrl);
  await homeowner.getByRole("button", { name: "Mark Completed" }).click();
  await expect(homeowner.getByText("Completed", { exact: true })).toBeVisible();
  await expect(homeowner.getByRole("button", { name: "Mark Completed" })).toHaveCount(0);

  // The stale tab's progress form is refused by the server, with the reason.
  await stale.getByRole("button", { name: "Update progress" }).click();
  await expect(stale.getByRole("alert")).toHaveText(
    "This request is completed, so it can't be given a progress figure.",
  );
  await expect(stale.getByText("Completed", { exact: true })).toBeVisible();
  for (const page of [proA, proB, homeowner]) await page.context().close();
});

test("without JavaScript the header of a signed-in page says My Projects, not Sign in", async ({
  browser,
}) => {
  const homeowner = await person(browser, "/dashboard", { javaScript: false });
  await homeowner.goto("/dashboard");
  const header = homeowner.getByRole("banner");
  await expect(header.getByRole("link", { name: "My Projects" }).first()).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await homeowner.context().close();
});
