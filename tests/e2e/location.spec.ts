import { expect, test, type Page } from "./fixtures";
import { signInWithoutThePage } from "./people";
import { visit } from "./hydration";

const POPULAR = [
  "Denver, CO",
  "Chicago, IL",
  "New York, NY",
  "Los Angeles, CA",
  "Miami, FL",
  "Houston, TX",
];

function picker(page: Page) {
  return page.getByRole("dialog", { name: "Select your location" });
}

async function openFromBreadcrumb(page: Page) {
  await page.getByRole("button", { name: /Choose your city|, [A-Z]{2}$/ }).click();
  await expect(picker(page)).toBeVisible();
}

test("the picker opens from the breadcrumb, and a popular city goes to its page", async ({
  page,
}) => {
  await visit(page, "/roofing");
  await openFromBreadcrumb(page);
  const dialog = picker(page);
  await expect(dialog.getByRole("combobox")).toHaveAttribute(
    "placeholder",
    "Search cities or regions in USA or Canada...",
  );
  for (const city of POPULAR)
    await expect(dialog.getByRole("button", { name: city })).toBeVisible();
  await dialog.getByRole("button", { name: "Denver, CO" }).click();
  await expect(page).toHaveURL("/denver-co");
  await expect(
    page.getByRole("heading", { level: 1, name: "Professional Services in Denver, CO" }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("selectedCity"))).toBe("denver-co");
  await expect(page.getByRole("button", { name: "Denver, CO" })).toBeVisible();
});

test("a typed city is chosen with the keyboard", async ({ page }) => {
  await visit(page, "/plumbing");
  await openFromBreadcrumb(page);
  const box = picker(page).getByRole("combobox");
  await box.pressSequentially("montr");
  const option = picker(page).getByRole("option").first();
  await expect(option).toContainText("Montréal");
  await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL("/montreal-qc");
  await expect(
    page.getByRole("heading", { level: 1, name: "Professional Services in Montréal, QC" }),
  ).toBeVisible();
});

test("suggestions wait for a 200 ms pause: one request per pause, none for an empty box", async ({
  page,
}) => {
  await visit(page, "/electrical");
  const requests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/places") requests.push(request.url());
  });
  await openFromBreadcrumb(page);
  // From here the page's timers run only when the test moves the clock.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  const box = picker(page).getByRole("combobox");
  for (const letter of "houston") {
    await box.press(letter);
    await page.clock.runFor(150);
  }
  expect(requests).toHaveLength(0);
  await page.clock.runFor(60);
  await expect(picker(page).getByRole("option").first()).toContainText("Houston");
  expect(requests).toHaveLength(1);
  expect(requests[0]).toContain("q=houston");
  await box.fill("");
  await page.clock.runFor(1000);
  expect(requests).toHaveLength(1);
});

test("the page can't scroll while the picker is open; Escape and the close button only close it", async ({
  page,
}) => {
  await visit(page, "/paint");
  await openFromBreadcrumb(page);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(picker(page)).toBeHidden();
  await expect(page).toHaveURL("/paint");
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  await openFromBreadcrumb(page);
  await picker(page).getByRole("button", { name: "Close" }).click();
  await expect(picker(page)).toBeHidden();
  await expect(page).toHaveURL("/paint");
});

test("text that is not a US or Canadian city gets the spec's messages, and nothing is saved", async ({
  page,
}) => {
  await visit(page, "/pools");
  await openFromBreadcrumb(page);
  const box = picker(page).getByRole("combobox");
  await box.fill("xyzzy");
  await box.press("Enter");
  await expect(picker(page).getByRole("alert")).toHaveText(
    "Por favor, selecciona una ciudad válida",
  );
  await box.fill("Paris, France");
  await box.press("Enter");
  await expect(picker(page).getByRole("alert")).toHaveText(
    "Por favor, selecciona una ciudad en Estados Unidos o Canadá",
  );
  await expect(page).toHaveURL("/pools");
  expect(await page.evaluate(() => localStorage.getItem("selectedCity"))).toBeNull();
});

test("Get Started without a stored city opens the picker, then goes to the city's listing", async ({
  page,
}) => {
  await visit(page, "/roofing");
  await page.getByRole("link", { name: "Get Started with Roof Repair" }).click();
  await picker(page).getByRole("button", { name: "Chicago, IL" }).click();
  await expect(page).toHaveURL("/chicago-il/roof-repair");
  await expect(
    page.getByRole("heading", { level: 1, name: "Roof Repair in Chicago, IL" }),
  ).toBeVisible();
});

test.describe("when the picker's code fails to download", () => {
  const PICKER_CODE = /\/assets\/location-picker-dialog-[^/]+\.js$/;

  test("once, it is asked for again and the picker opens", async ({ page }) => {
    let asked = 0;
    await page.route(PICKER_CODE, async (route) => {
      asked += 1;
      if (asked === 1) await route.abort("connectionreset");
      else await route.continue();
    });
    await visit(page, "/plumbing");
    await openFromBreadcrumb(page);
    expect(asked).toBe(2);
  });

  test("every time, Get Started goes to the search page for its service", async ({ page }) => {
    await page.route(PICKER_CODE, (route) => route.abort("connectionreset"));
    await visit(page, "/roofing");
    await page.getByRole("link", { name: "Get Started with Roof Repair" }).click();
    await expect(page).toHaveURL("/search?service=roof-repair");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("every time, Choose your city goes to the search by ZIP", async ({ page }) => {
    await page.route(PICKER_CODE, (route) => route.abort("connectionreset"));
    await visit(page, "/plumbing");
    await page.getByRole("button", { name: "Choose your city" }).click();
    await expect(page).toHaveURL("/search");
    await expect(page.getByRole("textbox", { name: "ZIP or postal code" })).toBeVisible();
  });
});

test("Get Started with a stored city goes straight to the listing", async ({ page }) => {
  await visit(page, "/roofing");
  await page.evaluate(() => localStorage.setItem("selectedCity", "denver-co"));
  await page.getByRole("link", { name: "Get Started with Gutter Installation" }).click();
  await expect(page).toHaveURL("/denver-co/gutter-installation");
});

test("a well-formed but unknown city slug is a 404", async ({ page }) => {
  const response = await visit(page, "/atlantis-zz");
  expect(response?.status()).toBe(404);
});

test("the listing shows the service and city, and contractor cards with the sample contractor", async ({
  page,
}) => {
  await visit(page, "/denver-co/roofing");
  await expect(
    page.getByRole("heading", { level: 1, name: "Roofing in Denver, CO" }),
  ).toBeVisible();
  const card = page.getByRole("article", { name: "Summit Ridge Construction" });
  await expect(
    card.getByRole("img", { name: "Rated 4.8 out of 5 from 127 reviews" }),
  ).toBeVisible();
  await expect(card.getByText("Sample listing", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "(303) 555-0142" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Get Free Quote" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Contact" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Schedule Consultation" })).toBeVisible();
  expect(await page.getByRole("article").count()).toBeGreaterThan(1);
});

for (const path of ["/denver-co/haunted-houses", "/atlantis-zz/roofing"]) {
  test(`${path} is Page Not Found`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(
      page.getByText("The requested service or location could not be found."),
    ).toBeVisible();
  });
}

test("a visitor's Get Free Quote goes to sign in, then back to the listing", async ({ page }) => {
  await visit(page, "/denver-co/roofing");
  // A sample listing, below the real businesses: its buttons start as it comes into view.
  const card = page.getByRole("article", { name: "Summit Ridge Construction" });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('tm-island[data-island="listing-actions"][data-hydrated]')).toHaveCount(
    1,
  );
  await card.getByRole("button", { name: "Get Free Quote" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("link", { name: "Back to /denver-co/roofing" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL("/denver-co/roofing");
});

test("a signed-in Get Free Quote: that pro comes ticked, the consent names it, then Pending", async ({
  page,
}) => {
  await signInWithoutThePage(page);
  await visit(page, "/miami-fl/pool-maintenance");
  const card = page.getByRole("article").first();
  const contractor = (await card.getByRole("heading").first().textContent()) ?? "";
  await card.getByRole("button", { name: "Get Free Quote" }).click();
  // The request page asks what the job is before anything is stored.
  await expect(
    page.getByRole("heading", { level: 1, name: `Ask ${contractor} for a free quote` }),
  ).toBeVisible();
  const request = page.getByRole("form", { name: `Ask ${contractor} for a free quote` });
  await expect(request.getByRole("combobox", { name: "Service" })).toHaveValue("pool-maintenance");
  await request.getByRole("textbox", { name: "ZIP or postal code" }).fill("33131");
  await request
    .getByRole("textbox", { name: "Project details" })
    .fill("Weekly cleaning and a check of the pump.");
  await request.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await request.getByRole("button", { name: "Get Free Quote" }).click();
  // On the dashboard: the pro it was pressed on is ticked; nothing is sent before the consent.
  await expect(page).toHaveURL(/^.*\/dashboard\/projects\/[0-9a-f-]{36}\/pros$/);
  await expect(page.getByRole("checkbox", { name: contractor })).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  const consent = page.getByRole("checkbox", {
    name: new RegExp(`I agree that TradeMatch and ${contractor}`),
  });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await page.getByRole("button", { name: "Send my request" }).click();
  await page.getByRole("link", { name: "Back to My Projects" }).click();
  await expect(page).toHaveURL("/dashboard");
  const project = page.getByRole("article", { name: "Pool Maintenance" }).first();
  await expect(project.getByText("Pending", { exact: true })).toBeVisible();
  await expect(project.getByText(contractor)).toBeVisible();
});

test("the breadcrumb bar is fixed after 400 px of scrolling", async ({ page }) => {
  await visit(page, "/general-contractors");
  const bar = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(bar.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(bar.getByText("General Contractors")).toBeVisible();
  const fixed = () =>
    bar.evaluate((el) => getComputedStyle(el.closest("[class*='h-14']") as Element).position);
  expect(await fixed()).toBe("relative");
  await page.mouse.wheel(0, 300);
  await page.waitForTimeout(200);
  expect(await fixed()).toBe("relative");
  await page.mouse.wheel(0, 300);
  await expect.poll(fixed).toBe("fixed");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(fixed).toBe("relative");
});

test("/search?service=roofing&zip=80202 shows Denver, CO and its roofers", async ({ page }) => {
  await visit(page, "/search?service=roofing&zip=80202");
  await expect(
    page.getByRole("heading", { level: 1, name: "Roofing near Denver, CO" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "See every service in Denver, CO" })).toHaveAttribute(
    "href",
    "/denver-co",
  );
  await expect(page.getByRole("article", { name: "Summit Ridge Construction" })).toBeVisible();
});

test("/search with an unknown ZIP says so and offers a place search", async ({ page }) => {
  await visit(page, "/search?service=roofing&zip=00000");
  await expect(page.getByRole("alert")).toContainText("We couldn't find that ZIP or postal code");
  await expect(page.getByRole("textbox", { name: "ZIP or postal code" })).toHaveValue("00000");
  await page.getByRole("button", { name: "Search by city" }).click();
  await expect(picker(page)).toBeVisible();
});
