import { expect, test, type Page } from "./fixtures";
import { CATEGORIES } from "~/site";
import { phone } from "../support/phone";
import { visit } from "./hydration";

test("the header links to every category and the footer to the legal pages", async ({ page }) => {
  await page.goto("/");
  // The wide-screen list of categories (the phone menu has the same name; the footer's is longer).
  const nav = page.getByRole("navigation", { name: "Services", exact: true }).last();
  for (const category of CATEGORIES) {
    await expect(nav.getByRole("link", { name: category.title, exact: true })).toHaveAttribute(
      "href",
      category.path,
    );
  }
  await nav.getByRole("link", { name: "Plumbing", exact: true }).click();
  await expect(page).toHaveURL("/plumbing");
  await expect(nav.getByRole("link", { name: "Plumbing", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: "Roofing", exact: true })).not.toHaveAttribute(
    "aria-current",
  );
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(phone());

  test("the header menu lists every category, shows the one the page is in, and closes when a tap lands elsewhere", async ({
    page,
  }) => {
    await visit(page, "/roofing");
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Services" }).first();
    await expect(menu).toBeHidden();
    // Its code loads only when someone reaches for it, not for being on the first screen.
    const island = page.locator("tm-island[data-island='site-menu']");
    await expect(island).not.toHaveAttribute("data-hydrated");
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await expect(menu).toBeVisible();
    await expect(island).toHaveAttribute("data-hydrated", "true");
    for (const category of CATEGORIES) {
      await expect(menu.getByRole("link", { name: category.title, exact: true })).toBeVisible();
    }
    const current = menu.getByRole("link", { name: "Roofing", exact: true });
    const other = menu.getByRole("link", { name: "Plumbing", exact: true });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(other).not.toHaveAttribute("aria-current");
    const background = (link: typeof current) =>
      link.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(current)).not.toBe(await background(other));

    // A tap at the page's left edge, beside the menu's panel.
    const panel = await menu.boundingBox();
    expect(panel?.x).toBeGreaterThan(20);
    await page.mouse.click(10, (panel?.y ?? 0) + 200);
    await expect(menu).toBeHidden();
  });
});

test("an unknown path is a real 404 with a way home", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("a single segment shaped like a city slug is a city page; other shapes are 404", async ({
  page,
}) => {
  expect((await page.goto("/denver-co"))?.status()).toBe(200);
  // Another letter case is the same page: one permanent redirect to its own address.
  const upper = await page.goto("/Denver-CO");
  expect(upper?.request().redirectedFrom()?.url()).toMatch(/\/Denver-CO$/);
  expect(upper?.status()).toBe(200);
  await expect(page).toHaveURL("/denver-co");
  expect((await page.goto("/denver-colorado"))?.status()).toBe(404);
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("pages load without console errors or CSP violations", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const path of [
    "/",
    "/roofing",
    "/denver-co",
    "/denver-co/roofing",
    "/login",
    "/search?service=roofing&zip=80202",
    "/privacy",
  ]) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    await page.waitForSelector("html[data-hydrated]");
  }
  expect(problems).toEqual([]);
});

/**
 * Before hydration starts (it waits for the load event), tag the server's
 * elements and record every element that is removed until the page says it
 * is hydrated: hydration must keep what the server sent, not redo it.
 */
async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { __removedDuringHydration: removed });
    document.addEventListener("DOMContentLoaded", () => {
      for (const element of document.querySelectorAll("head, body, main, h1")) {
        element.setAttribute("data-from-server", "");
      }
      const observer = new MutationObserver((records) => {
        if (document.documentElement.dataset.hydrated) {
          observer.disconnect();
          return;
        }
        for (const record of records) {
          for (const node of record.removedNodes) {
            // Scripts, module preloads and React's streaming placeholders
            // (<template id="B:0">, <div hidden id="S:0">) are the frameworks' own.
            const own =
              node instanceof Element &&
              (["SCRIPT", "LINK", "TEMPLATE"].includes(node.tagName) || /^S:\d+$/.test(node.id));
            if (node instanceof Element && !own) {
              removed.push(node.outerHTML.slice(0, 80));
            }
          }
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
  });
}

async function expectServerPageKept(page: Page, path: string) {
  await expect(page.locator("html > *")).toHaveCount(2);
  for (const selector of ["head", "body", "main", "h1"]) {
    await expect(page.locator(selector), `${path}: ${selector}`).toHaveCount(1);
    await expect(page.locator(selector), `${path}: ${selector}`).toHaveAttribute(
      "data-from-server",
    );
  }
  const removed = await page.evaluate(
    () => (window as unknown as { __removedDuringHydration: string[] }).__removedDuringHydration,
  );
  expect(removed, `${path}: elements removed while hydrating`).toEqual([]);
}

test("content pages hydrate only their islands, and keep the page the server sent", async ({
  page,
}) => {
  await watchHydration(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of [
    "/",
    "/roofing",
    "/denver-co",
    "/denver-co/roofing",
    "/search?service=roofing&zip=80202",
    "/login",
    "/privacy",
  ]) {
    scripts.length = 0;
    await visit(page, path);
    await expectServerPageKept(page, path);
    // No router in the browser: no route modules, no router state, no router code.
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
    expect(await page.evaluate(() => "__reactRouterVersion" in window), path).toBe(false);
    expect(
      scripts.filter((script) => /\/(root|entry\.client)-/.test(script)),
      path,
    ).toEqual([]);
    expect(await page.locator("tm-island").count(), path).toBeGreaterThan(0);
  }
});

test("the dashboard, hydrated whole by React Router, keeps the page the server sent", async ({
  page,
}) => {
  await visit(page, "/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "My Projects" })).toBeVisible();
  await watchHydration(page);
  await visit(page, "/dashboard/schedule");
  await expectServerPageKept(page, "/dashboard/schedule");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
});

test("a content page's scripts start only after it has loaded and painted its content", async ({
  page,
}) => {
  for (const path of ["/", "/roofing", "/login"]) {
    await visit(page, path);
    const order = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => entry.startTime);
      return {
        load: navigation?.loadEventStart ?? Number.NaN,
        paint: paint?.startTime ?? Number.NaN,
        firstScript: Math.min(...scripts),
      };
    });
    expect(order.firstScript, path).toBeGreaterThanOrEqual(order.load);
    expect(order.firstScript, path).toBeGreaterThanOrEqual(order.paint);
  }
});

test("an island further down the page starts only when the reader nears it", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
  await visit(page, "/");
  const island = (name: string) => page.locator(`tm-island[data-island="${name}"]`);
  await expect(island("hero")).toHaveAttribute("data-hydrated", "true");
  await expect(island("callback-form")).not.toHaveAttribute("data-hydrated");
  const loaded = (name: string) =>
    scripts.filter((script) => new RegExp(`^/assets/${name}-[^/]+\\.js$`).test(script));
  expect(loaded("hero")).toHaveLength(1);
  expect(loaded("callback-form")).toEqual([]);

  // The call-back form is in a closed "Schedule a Call" at the foot of the page.
  await page.getByText("Schedule a Call").click();
  await expect(island("callback-form")).toHaveAttribute("data-hydrated", "true");
  expect(loaded("callback-form")).toHaveLength(1);
});

test("a click before its island has started is kept, and done once it has", async ({ page }) => {
  // The island's code arrives only when the test lets it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/get-started-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/roofing");
  // The page's islands are starting (the header's comes first).
  await expect(page.locator('tm-island[data-island="account-link"]').first()).toHaveAttribute(
    "data-hydrated",
    "true",
  );
  await page.getByRole("link", { name: "Get Started with Roof Repair" }).click();
  release();
  // Without its island the link goes to the search page; with it, the picker opens.
  await expect(page.getByRole("dialog", { name: "Select your location" })).toBeVisible();
  await expect(page).toHaveURL("/roofing");
});

test("a click held for its island waits for that island alone", async ({ page }) => {
  // The breadcrumb bar's code is asked for before anyone reaches for Get Started,
  // and does not arrive until the end of the test.
  let breadcrumbAsked = () => {};
  const asked = new Promise<void>((resolve) => (breadcrumbAsked = resolve));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/breadcrumb-bar-[^/]+\.js$/, async (route) => {
    breadcrumbAsked();
    await held;
    await route.continue();
  });
  await page.goto("/roofing");
  await asked;
  await page.getByRole("link", { name: "Get Started with Roof Repair" }).click();
  await expect(page.getByRole("dialog", { name: "Select your location" })).toBeVisible();
  await expect(page.locator('tm-island[data-island="breadcrumb-bar"]')).not.toHaveAttribute(
    "data-hydrated",
  );
  release();
});

test("an island whose code fails to download once is asked for again, and starts", async ({
  page,
}) => {
  let asked = 0;
  await page.route(/\/assets\/breadcrumb-bar-[^/]+\.js$/, async (route) => {
    asked += 1;
    if (asked === 1) await route.abort("connectionreset");
    else await route.continue();
  });
  await visit(page, "/roofing");
  // The page has one breadcrumb bar: the island that failed is the one that starts.
  await expect(page.locator('tm-island[data-island="breadcrumb-bar"]')).toHaveAttribute(
    "data-hydrated",
    "true",
  );
  expect(asked).toBe(2);
  await page.getByRole("button", { name: "Choose your city" }).click();
  await expect(page.getByRole("dialog", { name: "Select your location" })).toBeVisible();
});
