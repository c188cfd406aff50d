import { expect, test, type Page } from "./fixtures";
import { visit } from "./hydration";

/**
 * Everything that moves on the site, for a visitor who asked for less motion
 * (WCAG 2.3.3): entrance animations, transitions, smooth scrolling. Each
 * element's computed animation and transition longer than a millisecond; the
 * site turns every transition off for such a visitor, colour fades included.
 */
async function moving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (durations: string) =>
      Math.max(
        ...durations
          .split(",")
          .map((d) => (d.trim().endsWith("ms") ? parseFloat(d) / 1000 : parseFloat(d))),
      );
    const found: string[] = [];
    for (const element of document.querySelectorAll("*")) {
      for (const pseudo of [null, "::before", "::after"]) {
        const style = getComputedStyle(element, pseudo);
        const animated = style.animationName !== "none" && seconds(style.animationDuration) > 0.001;
        const transition =
          style.transitionProperty !== "none" && seconds(style.transitionDuration) > 0.001;
        if (animated || transition) {
          const what = animated
            ? `animation ${style.animationName} ${style.animationDuration}`
            : `transition ${style.transitionProperty} ${style.transitionDuration}`;
          found.push(
            `${element.tagName.toLowerCase()}${pseudo ?? ""}.${String(element.getAttribute("class")).slice(0, 40)}: ${what}`,
          );
        }
      }
    }
    if (getComputedStyle(document.documentElement).scrollBehavior === "smooth")
      found.push("html: smooth scrolling");
    return found;
  });
}

/** Every part of the page drawn (parts below the first screen are skipped until near). */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
}

const PAGES = [
  "/",
  "/roofing",
  "/home-renovation",
  "/denver-co",
  "/denver-co/roofing",
  "/search?service=roofing&zip=80202",
  "/login",
  "/privacy",
];

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("nothing on any page type animates, moves or scrolls smoothly", async ({ page }) => {
    for (const path of PAGES) {
      await visit(page, path);
      await scrollThrough(page);
      // A focused element turns smooth scrolling on (html:focus-within).
      await page.keyboard.press("Tab");
      expect(await moving(page), path).toEqual([]);
    }
  });

  test("the location picker opens and closes without motion", async ({ page }) => {
    await visit(page, "/roofing");
    await page.getByRole("button", { name: /Choose your city/ }).click();
    const dialog = page.getByRole("dialog", { name: "Select your location" });
    await dialog.getByRole("combobox").fill("den");
    await expect(dialog.getByRole("option").first()).toBeVisible();
    expect(await moving(page)).toEqual([]);
  });
});

test("without the preference, the same check sees the site's motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await visit(page, "/roofing");
  await scrollThrough(page);
  await page.keyboard.press("Tab");
  const found = await moving(page);
  expect(found.some((line) => line.includes("animation card-enter"))).toBe(true);
  expect(found.some((line) => line.includes("transition"))).toBe(true);
  expect(found).toContain("html: smooth scrolling");
});
