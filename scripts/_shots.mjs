import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "/work/main/tests/support/browser.ts";
const [url, prefix, w = "390", h = "844", n = "4"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
page.on("console", (m) => { if (m.type() === "error") console.log("console error", m.text()); });
page.on("pageerror", (e) => console.log("pageerror", e.message));
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForSelector("html[data-hydrated]");
const total = await page.evaluate(() => document.body.scrollHeight);
const step = Math.max(1, Math.floor(total / +n));
for (let i = 0; i < +n; i++) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), i * step);
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${prefix}-${i}.png` });
}
console.log("height", total);
await browser.close();
