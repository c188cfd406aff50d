/**
 * A listing of several pros on a 390 px phone, as Lighthouse and axe see it
 * (issue 42 #13): as the page loads, and jumped to where the fixed breadcrumb
 * bar lies over a pro's buttons, with the cards not yet near the screen still
 * skipped (`below-fold`); and from the keyboard, Shift+Tab back up the list.
 * A card estimated shorter than it is laid its buttons over the next pro's
 * name: axe read that name (navy text) on the Contact button's navy, contrast
 * 1.2. And the browser scrolls a focused control into view only when it is
 * outside the window, so tabbing back up stopped on names and buttons under
 * the bar. (axe leaves fixed elements out of its 24 px target check, so the
 * bar alone never failed it: the jumps hold the cards' estimates.)
 */
import { phone } from "../support/phone";
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations } from "./hydration";
import { joinAsRoofer } from "./people";

/** A city no other spec's pros join: its listing is this spec's alone. */
const LISTING = "/los-angeles-ca/roofing";
/** The fixed breadcrumb bar's height (h-14). */
const BAR_PX = 56;

test.describe.configure({ mode: "serial" });

test.describe("a listing of five pros on a 390 px phone", () => {
  test.use(phone(390, 844, 3));

  test.beforeAll(async ({ browser }) => {
    // Two real businesses join the three sample listings; real ones are listed first,
    // so the tall sample cards come third to fifth, below the first screen.
    for (const name of ["Alpine Peak Roofing", "Blue Spruce Roofing"]) {
      const pro = await joinAsRoofer(browser, name, { city: "Los Angeles, CA" });
      await pro.context().close();
    }
  });

  const open = async (page: Page) => {
    await page.goto(LISTING);
    await page.waitForSelector("html[data-hydrated]");
    // The bar's island starts when the browser is idle after the load (IDLE_ISLANDS).
    await page.waitForSelector('tm-island[data-island="breadcrumb-bar"][data-hydrated]');
    await expect(page.getByRole("article")).toHaveCount(5, { timeout: 15_000 });
  };

  test("axe finds nothing as the page loads, the later cards not drawn yet", async ({ page }) => {
    await open(page);
    expect(await accessibilityViolations(page, undefined, { asLoaded: true })).toEqual([]);
  });

  test("axe finds nothing where the fixed bar covers a pro's buttons", async ({ page }) => {
    for (let card = 0; card < 5; card++) {
      // Straight there, as a link or a restored scroll position goes (no smooth scroll
      // drawing every card on the way), then the bar over the top half of its first button.
      await open(page);
      const button = page
        .getByRole("article")
        .nth(card)
        .getByRole("button", { name: "Get Free Quote" });
      for (let again = 0; again < 2; again++) {
        // Twice: the first jump draws the cards around it, which may move the button.
        await button.evaluate(async (element, bar) => {
          element.scrollIntoView({ block: "start", behavior: "instant" });
          const { height } = element.getBoundingClientRect();
          window.scrollBy({ top: height / 2 - bar, behavior: "instant" });
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }, BAR_PX);
      }
      await expect(button).toBeInViewport({ ratio: 0.5 });
      await expect(page.locator("[data-fixed]")).toBeVisible();
      expect(
        await accessibilityViolations(page, undefined, { asLoaded: true }),
        `scrolled to pro ${(card + 1).toString()}'s buttons`,
      ).toEqual([]);
    }
  });

  test("tabbing back up the listing never leaves the focus under the fixed bar", async ({
    page,
  }) => {
    await open(page);
    // From the footer back up through every pro's links and buttons, the bar fixed meanwhile.
    await page.getByRole("contentinfo").getByRole("link").first().focus();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    const under: string[] = [];
    for (let stop = 0; stop < 40; stop++) {
      await page.keyboard.press("Shift+Tab");
      const seen = await page.evaluate(async () => {
        const element = document.activeElement;
        if (!element || element === document.body) return "nothing focused";
        // Once the browser (smoothly) and the bar have scrolled it into view and it stands still.
        let last = "";
        for (let still = 0, frame = 0; still < 8 && frame < 240; frame++) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = String(element.getBoundingClientRect().top);
          still = now === last ? still + 1 : 0;
          last = now;
        }
        const bar = document.querySelector("[data-fixed]")?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return bar && box.top < bar.bottom && box.bottom > bar.top
          ? `${element.outerHTML.slice(0, 80)}… from ${box.top.toFixed(0)} px, the bar to ${bar.bottom.toFixed(0)} px`
          : "clear";
      });
      if (seen !== "clear") under.push(seen);
      if (await page.getByRole("main").getByRole("heading", { level: 1 }).isVisible()) {
        if ((await page.evaluate(() => window.scrollY)) < 400) break;
      }
    }
    expect(under).toEqual([]);
  });
});
