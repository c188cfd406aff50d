import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Opens a page and waits until it is interactive (its islands, or the whole page, hydrated). */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForSelector("html[data-hydrated]");
  return response;
}

/** Waits until entrance animations have finished (axe measures colours as they are painted). */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Lays out and draws the parts below the first screen now, at their real sizes (decision 015). */
export async function drawBelowFold(page: Page) {
  await page.addStyleTag({ content: ".below-fold { content-visibility: visible !important; }" });
}

/**
 * What axe (WCAG 2.0–2.2, A and AA) finds on the page, one line per rule and
 * element. Parts below the first screen are drawn first: the browser skips
 * their layout until they near the viewport (`below-fold`), and axe needs
 * real boxes to tell which background is behind a text.
 */
export async function accessibilityViolations(
  page: Page,
  include?: string,
  { asLoaded = false }: { asLoaded?: boolean } = {},
): Promise<string[]> {
  // As loaded, the parts not drawn yet keep their estimated heights (decision 015): that is
  // the page Lighthouse audits.
  if (!asLoaded) await drawBelowFold(page);
  await animationsSettled(page);
  // Legacy mode runs axe in the page itself: our pages have no frames to merge results from,
  // and the default (axe.runPartial, then a blank page to combine the parts) costs about
  // 1.3 s more on every call, measured here on /es/ and /es/login alike.
  let builder = new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
