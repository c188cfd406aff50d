import { expect, test, type Locator, type Page } from "./fixtures";
import { phone } from "../support/phone";
import { accessibilityViolations, drawBelowFold, visit } from "./hydration";

async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await accessibilityViolations(page, include)).toEqual([]);
}

/** The focused element shows a focus indicator: an outline or a ring (box-shadow). */
async function expectVisibleFocus(page: Page) {
  const indicator = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing focused";
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `${element.tagName} is not visible`;
    return outline || ring ? "ok" : `${element.outerHTML.slice(0, 120)} has no focus indicator`;
  });
  expect(indicator).toBe("ok");
}

/**
 * WCAG 2.2 SC 2.4.11 Focus Not Obscured (Minimum): once the browser has scrolled
 * the focused element into view (smoothly, here), some of it is inside the
 * viewport and on top there: at least one of nine points spread over its box,
 * clamped to the viewport, hits the element or something inside it rather than
 * a fixed bar, a banner or an open menu laid over it.
 */
async function expectFocusNotObscured(page: Page) {
  const verdict = await page.evaluate(async () => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing focused";
    // Waits until the element has stopped moving for three frames (the scroll has ended).
    let last = "";
    for (let still = 0, frame = 0; still < 3 && frame < 180; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const { x, y, width, height } = element.getBoundingClientRect();
      const now = `${x} ${y} ${width} ${height}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
    const name = `${element.outerHTML.slice(0, 120)}…`;
    const box = element.getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, document.documentElement.clientWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, document.documentElement.clientHeight);
    if (left >= right || top >= bottom) return `${name} is outside the viewport`;
    const xs = [left + 1, (left + right) / 2, right - 1];
    const ys = [top + 1, (top + bottom) / 2, bottom - 1];
    const hits = xs.flatMap((x) => ys.map((y) => document.elementFromPoint(x, y)));
    if (hits.some((hit) => hit && element.contains(hit))) return "ok";
    const cover = hits[4];
    return `${name} is hidden under ${cover ? cover.outerHTML.slice(0, 120) : "nothing"}…`;
  });
  expect(verdict).toBe("ok");
}

/**
 * Presses Tab until the target has focus, checking at every stop that the focus
 * indicator shows and that the focused element is not hidden.
 */
async function tabTo(page: Page, target: Locator, maxStops = 120) {
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page);
    await expectFocusNotObscured(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

function picker(page: Page) {
  return page.getByRole("dialog", { name: "Select your location" });
}

/** From home, the skip link, then Tab to a category and open it. */
async function homeToCategory(page: Page) {
  await visit(page, "/");

  // The first Tab reaches the skip link, which moves to the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expectFocusNotObscured(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  // Home → a category.
  await tabTo(
    page,
    page
      .getByRole("main")
      .getByRole("link", { name: /^Roofing/ })
      .first(),
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/roofing");
  await page.waitForSelector("html[data-hydrated]");
}

/**
 * From a category page: Get Started opens the picker, a city is chosen by
 * keyboard, the listing's Get Free Quote asks for sign-in, and after it the
 * request page asks what the job is and the request goes through to the dashboard.
 */
async function getStartedToDashboard(page: Page) {
  // Get Started with no city chosen opens the picker, focus inside it.
  const getStarted = page.getByRole("link", { name: "Get Started with Roof Repair" });
  await tabTo(page, getStarted);
  await page.keyboard.press("Enter");
  const dialog = picker(page);
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole("combobox");
  await expect(search).toBeFocused();

  // Focus stays in the dialog however far one tabs.
  for (let stop = 0; stop < 12; stop++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectVisibleFocus(page);
    await expectFocusNotObscured(page);
  }

  // Choose a city by typing and the arrow keys: on to the listing for the service.
  await search.focus();
  await page.keyboard.type("denver");
  await expect(dialog.getByRole("option").first()).toContainText("Denver");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const listing = "/denver-co/roof-repair";
  await expect(page).toHaveURL(listing);
  await expect(dialog).toBeHidden();

  // Listing → Get Free Quote needs sign-in.
  await page.waitForSelector("html[data-hydrated]");
  await tabTo(page, page.getByRole("button", { name: "Get Free Quote" }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/login");
  await page.waitForSelector("html[data-hydrated]");
  await expect(page.getByRole("link", { name: `Back to ${listing}` })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Sign in with Google" }));
  await page.keyboard.press("Enter");

  // Back on the listing, signed in: the request page asks what the job is.
  await expect(page).toHaveURL(listing);
  await page.waitForSelector("html[data-hydrated]");
  await tabTo(page, page.getByRole("button", { name: "Get Free Quote" }).first());
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("heading", { level: 1, name: /^Ask .+ for a free quote$/ }),
  ).toBeVisible();
  await page.waitForSelector("html[data-hydrated]");
  const request = page.getByRole("form", { name: /^Ask .+ for a free quote$/ });
  await tabTo(page, request.getByRole("textbox", { name: "ZIP or postal code" }));
  await page.keyboard.type("80205");
  await tabTo(page, request.getByRole("textbox", { name: "Project details" }));
  await page.keyboard.type("A leak around the chimney.");
  await tabTo(page, request.getByRole("checkbox", { name: /I agree that TradeMatch/ }));
  await page.keyboard.press("Space");
  await tabTo(page, request.getByRole("button", { name: "Get Free Quote" }));
  await page.keyboard.press("Enter");
  // On to the dashboard's choice, that pro ticked.
  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}\/pros$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose who gets your request" }),
  ).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Continue" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Send your request" })).toBeVisible();
  // The consent line names the pro; ticked from the keyboard, then sent.
  const consent = page.getByRole("checkbox", { name: /^I agree that TradeMatch and / });
  await tabTo(page, consent);
  await page.keyboard.press("Space");
  await expect(consent).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Send my request" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your request was sent to the pros you chose.")).toBeVisible();
  await expect(page.getByText("Pending", { exact: true }).first()).toBeVisible();
}

test("the whole funnel works from the keyboard alone, with focus visible and not hidden at every step", async ({
  page,
}) => {
  // Six pages and well over a hundred Tab stops, each checked.
  test.slow();
  await homeToCategory(page);
  await getStartedToDashboard(page);
});

/**
 * The same funnel on a phone, where the layout differs: the categories are in
 * the header's menu, which opens over the page.
 */
test.describe("on a phone, from the keyboard alone", () => {
  test.use(phone());

  test("the whole funnel works, with focus visible and not hidden at every step, the menu included", async ({
    page,
  }) => {
    test.slow();
    await homeToCategory(page);

    // The menu: Enter opens it with focus staying on its button, Tab goes into
    // it, Escape closes it and gives focus back to the button.
    const menuButton = page.getByRole("banner").getByLabel("Menu", { exact: true });
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Services" });
    await tabTo(page, menuButton);
    // The menu's island starts when focus reaches it (INTENT_ISLANDS).
    await expect(page.locator("tm-island[data-island='site-menu']")).toHaveAttribute(
      "data-hydrated",
      "true",
    );
    await expect(menu).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(menuButton).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link").first()).toBeFocused();
    await expectVisibleFocus(page);
    await expectFocusNotObscured(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Tabbing on through the open menu and out of it: the menu closes rather
    // than cover what focus reaches next (the breadcrumb bar's city button
    // sits right under it).
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "Choose your city" }));
    await expect(menu).toBeHidden();

    await getStartedToDashboard(page);
  });

  test("everything that scrolls sideways on a phone can be reached by keyboard (WCAG 2.1.1)", async ({
    page,
  }) => {
    const pages = [
      "/",
      "/roofing",
      "/pools",
      "/home-renovation",
      "/denver-co",
      "/denver-co/roofing",
    ];
    const scrollers: string[] = [];
    for (const path of pages) {
      await visit(page, path);
      // Parts below the first screen are laid out, so their sizes are real.
      await drawBelowFold(page);
      const found = await page.evaluate(() => {
        const focusable =
          'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), summary, iframe, [contenteditable]:not([contenteditable="false"]), [tabindex]:not([tabindex="-1"])';
        const reachable = (element: Element) =>
          element.matches(focusable) ||
          [...element.querySelectorAll(focusable)].some((inner) => inner.checkVisibility());
        return [...document.body.querySelectorAll("*")]
          .filter((element) => {
            const { overflowX } = getComputedStyle(element);
            const scrolls = overflowX === "auto" || overflowX === "scroll";
            return scrolls && element.scrollWidth > element.clientWidth;
          })
          .map((element) => ({
            name: `${element.outerHTML.slice(0, 100)}…`,
            reachable: reachable(element),
          }));
      });
      scrollers.push(...found.map(({ name }) => `${path}: ${name}`));
      const unreachable = found.filter((scroller) => !scroller.reachable).map(({ name }) => name);
      expect(unreachable, `${path}: sideways scrollers no keyboard can reach`).toEqual([]);
    }
    // The check saw something (the pools guide's table scrolls on a phone).
    expect(scrollers.some((scroller) => scroller.startsWith("/pools: <table"))).toBe(true);
  });
});

test("closing the picker with Escape returns focus to the button that opened it", async ({
  page,
}) => {
  await visit(page, "/plumbing");
  const opener = page.getByRole("button", { name: /Choose your city/ });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  await expect(picker(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker(page)).toBeHidden();
  await expect(opener).toBeFocused();
});

test("axe finds nothing with the location picker open", async ({ page }) => {
  await visit(page, "/roofing");
  await page.getByRole("button", { name: /Choose your city/ }).click();
  const dialog = picker(page);
  await dialog.getByRole("combobox").fill("san");
  await expect(dialog.getByRole("option").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("axe finds nothing on the home form showing errors", async ({ page }) => {
  await visit(page, "/");
  const form = page.getByRole("form", { name: "Get Your Quote" });
  await form.getByRole("textbox", { name: "Your name" }).fill("A");
  await form.getByRole("textbox", { name: "Email" }).fill("someone@example");
  await form.getByRole("textbox", { name: "Phone" }).fill("555");
  await form.getByRole("textbox", { name: "ZIP or postal code" }).fill("ABCDE");
  await form.getByRole("combobox", { name: "Project type" }).selectOption("Roofing");
  await form.getByRole("textbox", { name: "Project details" }).fill("Leak.");
  await form.getByRole("checkbox", { name: /I agree that TradeMatch/ }).check();
  await form.getByRole("button", { name: "Get Your Quote" }).click();
  await expect(form.locator("[aria-invalid='true']").first()).toBeVisible();
  expect(await form.locator("[aria-invalid='true']").count()).toBeGreaterThanOrEqual(3);
  await expectNoAxeViolations(page);
});

test("axe finds nothing on the city page's consultation form showing errors", async ({ page }) => {
  await visit(page, "/denver-co");
  const form = page.getByRole("form", { name: "Request a Free Consultation" });
  await form.getByRole("textbox", { name: "Your name" }).fill("Sam Rivera");
  await form.getByRole("textbox", { name: "Your email" }).fill("sam@example");
  await form.getByRole("textbox", { name: "Phone number" }).fill("12");
  await form.getByRole("combobox", { name: "Service" }).selectOption({ index: 1 });
  // Ticked from the keyboard: a pointer's click here missed the box about once in
  // fifteen runs (it landed on the page's body just after scrolling the box into view).
  const consent = form.getByRole("checkbox", { name: /I agree that TradeMatch/ });
  await consent.focus();
  await consent.press("Space");
  await expect(consent).toBeChecked();
  await form.getByRole("button", { name: "Get Free Quote" }).click();
  await expect(form.locator("[aria-invalid='true']").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("axe finds nothing on the review policy and the ranking pages", async ({ page }) => {
  for (const path of ["/review-policy", "/how-we-rank-pros"]) {
    await visit(page, path);
    await drawBelowFold(page);
    expect(await accessibilityViolations(page), path).toEqual([]);
  }
});

test("every page type reflows at 320 CSS pixels (zoom 400 %) with no sideways scrolling", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const pages = ["/", "/roofing", "/home-renovation", "/denver-co", "/denver-co/roofing"];
  for (const path of [
    ...pages,
    "/login",
    "/privacy",
    "/review-policy",
    "/how-we-rank-pros",
    "/search?service=roofing&zip=80202",
  ]) {
    await visit(page, path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

/**
 * Lighthouse audits a page as it loads, with the parts below the first screen
 * not drawn yet; axe then reads their texts' positions from the estimated
 * heights, and a part estimated too short puts its text over the next part's
 * background (decision 015). On a phone, where the parts are tallest.
 */
test.describe("on a phone, as the page loads", () => {
  test.use(phone());

  for (const path of [
    "/",
    "/roofing",
    "/home-renovation",
    "/pools",
    "/denver-co",
    "/denver-co/roofing",
    "/search?service=roofing&zip=80202",
    "/review-policy",
    "/how-we-rank-pros",
  ]) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await visit(page, path);
      expect(await accessibilityViolations(page, undefined, { asLoaded: true })).toEqual([]);
    });
  }
});
