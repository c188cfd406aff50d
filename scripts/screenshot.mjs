// `npm run screenshot -- <url> <out.png> [width] [height]`: a full-page
// screenshot in the same Chromium the tests use, for looking at pages.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/browser.ts";

const [url, out, width = "1280", height = "900"] = process.argv.slice(2);
if (!url || !out) {
  console.error("Usage: npm run screenshot -- <url> <out.png> [width] [height]");
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on("console", (message) => {
  if (message.type() === "error") console.error(`console error: ${message.text()}`);
});
await page.goto(url, { waitUntil: "networkidle" });
// Scroll through once so lazy images load, as they would for a reader.
await page.evaluate(async () => {
  for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
    window.scrollTo(0, y);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  window.scrollTo(0, 0);
});
await page.waitForLoadState("networkidle");
// Sections below the first screen skip rendering until they near the viewport
// (content-visibility: auto), which a full-page capture never scrolls to.
await page.addStyleTag({ content: ".below-fold { content-visibility: visible !important; }" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(out);
