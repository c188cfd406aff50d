import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (buttons work from then on). */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForSelector("html[data-hydrated]");
  return response;
}
