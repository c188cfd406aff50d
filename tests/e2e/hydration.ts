import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (buttons work from then on). */
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
