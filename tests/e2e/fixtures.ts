/**
 * The browser tests' `test`: Playwright's, with a page that keeps a log of
 * what happened in it (navigations, console errors and warnings, uncaught
 * errors, failed requests, error responses). A failing test prints that log
 * with its error, so a failure seen once, on a machine nobody can look at
 * afterwards (CI), still says what the page did.
 */
import { test as base, type Page, type TestInfo } from "@playwright/test";

export { expect } from "@playwright/test";
export type { Locator, Page } from "@playwright/test";

const PAGE_LOG = "what the page did";

/** The reporter cuts lines at the terminal's width: the log keeps its lines short. */
const WIDTH = 90;

/** The site's own addresses without their origin: the path is what tells. */
function short(url: string): string {
  const parsed = URL.parse(url);
  return parsed?.hostname === "127.0.0.1" ? `${parsed.pathname}${parsed.search}` : url;
}

function wrap(line: string): string[] {
  const parts: string[] = [];
  for (let rest = line; rest.length > 0; rest = rest.slice(WIDTH)) parts.push(rest.slice(0, WIDTH));
  return parts.map((part, index) => (index === 0 ? part : `           ${part}`));
}

/**
 * Starts recording what `page` does (for a page a test opens itself, too);
 * `attach` adds the record to the report of a test that failed.
 */
export function recordPage(page: Page) {
  const started = Date.now();
  const lines: string[] = [];
  const note = (text: string) => {
    const stamp = `${(Date.now() - started).toString().padStart(6)} ms  `;
    text.split("\n").forEach((line, index) => {
      lines.push(...wrap(`${index === 0 ? stamp : " ".repeat(stamp.length)}${line.trim()}`));
    });
  };

  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`at ${short(frame.url())}`);
  });
  page.on("console", (message) => {
    const type = message.type();
    if (type === "error" || type === "warning") note(`console.${type}: ${message.text()}`);
  });
  page.on("pageerror", (error) => note(`uncaught: ${error.stack ?? error.message}`));
  page.on("requestfailed", (request) =>
    note(
      `failed: ${request.method()} ${short(request.url())} (${request.failure()?.errorText ?? "?"})`,
    ),
  );
  page.on("response", (response) => {
    if (response.status() >= 400) {
      note(
        `HTTP ${response.status().toString()}: ${response.request().method()} ${short(response.url())}`,
      );
    }
  });

  return {
    async attach(testInfo: TestInfo) {
      if (testInfo.status === testInfo.expectedStatus) return;
      note(`last address: ${short(page.url())}`);
      await testInfo.attach(PAGE_LOG, { body: lines.join("\n"), contentType: "text/plain" });
    },
  };
}

export const test = base.extend({
  page: async ({ page }, providePage, testInfo) => {
    const record = recordPage(page);
    await providePage(page);
    await record.attach(testInfo);
  },
});
