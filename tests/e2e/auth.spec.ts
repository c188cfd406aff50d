import { expect, recordPage, test, type Page } from "./fixtures";
import { accessibilityViolations, visit } from "./hydration";

const DEMO_PROJECTS = [
  "Kitchen Remodel",
  "Roof Replacement",
  "Bathroom Renovation",
  "Backyard Landscaping",
  "Interior Painting",
  "Electrical Panel Upgrade",
];

async function signIn(page: Page) {
  await visit(page, "/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
}

const flag = (page: Page) => page.evaluate(() => localStorage.getItem("isAuthenticated"));

test("a visitor who opens /dashboard is sent to /login", async ({ page }) => {
  await visit(page, "/dashboard");
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
});

test("signing in shows My Projects with the demo projects, their statuses and progress", async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL("/dashboard");
  expect(await flag(page)).toBe("true");
  await expect(page.getByRole("heading", { level: 1, name: "My Projects" })).toBeVisible();
  for (const title of DEMO_PROJECTS) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  const card = (title: string) => page.getByRole("article", { name: title });
  const expected: [string, string, RegExp][] = [
    ["Roof Replacement", "Completed", /green/],
    ["Kitchen Remodel", "In Progress", /blue/],
    ["Backyard Landscaping", "Pending", /yellow/],
    ["Bathroom Renovation", "Scheduled", /purple/],
    ["Electrical Panel Upgrade", "Cancelled", /gray/],
  ];
  for (const [title, label, colour] of expected) {
    const badge = card(title).getByText(label, { exact: true });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveClass(colour);
  }
  // Progress bars only where progress is above 0.
  await expect(card("Kitchen Remodel").getByRole("progressbar")).toHaveAttribute(
    "aria-valuenow",
    "65",
  );
  await expect(card("Interior Painting").getByRole("progressbar")).toHaveAttribute(
    "aria-valuenow",
    "30",
  );
  await expect(card("Roof Replacement").getByRole("progressbar")).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await expect(card("Backyard Landscaping").getByRole("progressbar")).toHaveCount(0);
  await expect(card("Bathroom Renovation").getByRole("progressbar")).toHaveCount(0);

  await page.getByRole("link", { name: "Schedule" }).first().click();
  // The demo homeowner's booked site visit (issue 34), in the job's zone.
  await expect(page.getByRole("link", { name: /^Open visit with .+: Bathroom/ })).toBeVisible();
  await expect(page.getByText(/\d{1,2}:\d{2} [AP]M M[SD]T/).first()).toBeVisible();
});

test("Sign Out removes the flag, ends the session and goes to /login", async ({
  page,
  context,
}) => {
  await signIn(page);
  await expect(page).toHaveURL("/dashboard");
  const cookieBefore = (await context.cookies()).find((c) => c.name === "tm_session");
  if (!cookieBefore) throw new Error("no session cookie after signing in");
  expect(cookieBefore.httpOnly).toBe(true);
  await page.getByRole("button", { name: "Sign Out" }).last().click();
  await expect(page).toHaveURL("/login");
  expect(await flag(page)).toBeNull();
  expect((await context.cookies()).find((c) => c.name === "tm_session")).toBeUndefined();
  // The old session is gone on the server too.
  await context.addCookies([{ ...cookieBefore, expires: -1 }]);
  const response = await page.request.get("/dashboard", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
});

test("the stored return path is honoured once, then cleared", async ({ page }) => {
  await visit(page, "/login");
  await page.evaluate(() => localStorage.setItem("postLoginRedirect", "/dashboard/schedule"));
  await visit(page, "/login");
  await expect(page.getByRole("link", { name: "Back to /dashboard/schedule" })).toBeVisible();
  await expect(
    page.getByText("After signing in you'll continue to /dashboard/schedule."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL("/dashboard/schedule");
  expect(await page.evaluate(() => localStorage.getItem("postLoginRedirect"))).toBeNull();

  await page.getByRole("button", { name: "Sign Out" }).last().click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("link", { name: /^Back to/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL("/dashboard");
});

for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
  test(`an unsafe return path (${evil}) is ignored`, async ({ page }) => {
    await visit(page, "/login");
    await page.evaluate((path) => localStorage.setItem("postLoginRedirect", path), evil);
    await page.goto(`/login?returnTo=${encodeURIComponent(evil)}`);
    await expect(page.getByRole("link", { name: /^Back to/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
}

test("a forged isAuthenticated flag without a session shows no projects", async ({ page }) => {
  await visit(page, "/login");
  await page.evaluate(() => localStorage.setItem("isAuthenticated", "true"));
  await visit(page, "/dashboard");
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { name: "My Projects" })).toHaveCount(0);
  await expect.poll(() => flag(page)).toBeNull();
});

test("New Project asks which pros get it, and a draft reaches no one until then", async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole("link", { name: "New Project" }).click();
  const form = page.getByRole("form", { name: "New Project" });
  await expect(form.getByRole("textbox", { name: "Your name" })).toHaveValue("Jordan Rivera");
  // The browser's own demo account: a reserved address, unique to the account.
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue(
    /^demo\+[0-9a-f-]{36}@trade-match\.example$/,
  );
  await form.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0133");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80203");
  await form
    .getByRole("combobox", { name: "What do you need?" })
    .selectOption("gutter-installation");
  await form
    .getByRole("textbox", { name: "Project details" })
    .fill("Seamless gutters on a two-story house.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Add project" }).click();

  await expect(page.getByRole("heading", { name: "Choose who gets your request" })).toBeVisible();
  const pros = page.getByRole("group", { name: "Pros who serve your area" });
  // None is ticked for the homeowner.
  await expect(pros.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Not now: keep it as a draft" }).click();
  const card = page.getByRole("article", { name: "Gutter Installation" }).first();
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();

  await card.getByRole("link", { name: "Choose pros" }).click();
  const first = pros.getByRole("checkbox").first();
  const chosen =
    (await page.locator(`#${(await first.getAttribute("aria-labelledby")) ?? ""}`).textContent()) ??
    "";
  await first.check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Send your request" })).toBeVisible();
  const consent = page.getByRole("checkbox", { name: /I agree that TradeMatch and / });
  await expect(consent).not.toBeChecked();
  // Sending without the tick is refused, beside the box.
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByText("Please tick this box to agree")).toBeVisible();
  await consent.check();
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByText("Your request was sent to the pros you chose.")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: chosen })).toBeVisible();
  await page.getByRole("link", { name: "Back to My Projects" }).click();
  await expect(
    page
      .getByRole("article", { name: "Gutter Installation" })
      .first()
      .getByText("Pending", { exact: true }),
  ).toBeVisible();
});

test("the sign-in page says that local mode is a demonstration", async ({ page }) => {
  await visit(page, "/login");
  await expect(
    page.getByText(
      "Demo mode: this signs you into a private demo account for this browser, with sample projects. It is deleted after 24 hours without use.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
});

test("two browsers signed in through local mode see two different accounts", async ({
  browser,
  baseURL,
}, testInfo) => {
  const [mine, theirs] = [
    await browser.newContext({ baseURL }),
    await browser.newContext({ baseURL }),
  ];
  const [me, them] = [await mine.newPage(), await theirs.newPage()];
  const records = [recordPage(me), recordPage(them)];
  try {
    await signIn(me);
    await signIn(them);
    await expect(me).toHaveURL("/dashboard");
    await expect(them).toHaveURL("/dashboard");
    for (const page of [me, them]) {
      await expect(page.getByRole("heading", { level: 2, name: "Kitchen Remodel" })).toBeVisible();
    }

    await me.getByRole("link", { name: "New Project" }).click();
    const form = me.getByRole("form", { name: "New Project" });
    const myEmail = await form.getByRole("textbox", { name: "Email" }).inputValue();
    await form.getByRole("textbox", { name: "Phone" }).fill("(303) 555-0177");
    await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("80205");
    await form.getByRole("combobox", { name: "What do you need?" }).selectOption("hardscaping");
    await form
      .getByRole("textbox", { name: "Project details" })
      .fill("A flagstone path from the deck to the gate.");
    await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
    await form.getByRole("button", { name: "Add project" }).click();
    // On to choosing pros; kept as a draft for now.
    await me.getByRole("link", { name: "Not now: keep it as a draft" }).click();
    await expect(me).toHaveURL("/dashboard");
    await expect(me.getByRole("article", { name: "Hardscaping" })).toBeVisible();

    await visit(them, "/dashboard");
    await expect(them.getByRole("heading", { level: 2, name: "Kitchen Remodel" })).toBeVisible();
    await expect(them.getByRole("article", { name: "Hardscaping" })).toHaveCount(0);
    await them.getByRole("link", { name: "New Project" }).click();
    await expect(
      them.getByRole("form", { name: "New Project" }).getByRole("textbox", { name: "Email" }),
    ).not.toHaveValue(myEmail);
  } finally {
    for (const record of records) await record.attach(testInfo);
    await mine.close();
    await theirs.close();
  }
});

test("/login and /dashboard have no accessibility violations", async ({ page }) => {
  await visit(page, "/login");
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "My Projects" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});
