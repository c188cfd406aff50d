/**
 * Finds a Chromium for the browser tests: CHROMIUM_PATH, then Debian's
 * /usr/bin/chromium, then Playwright's own download. Stops with a message
 * that says how to install one when none is found.
 */
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", safePlaywrightPath()];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error(
    [
      "No Chromium found for the browser tests.",
      "Install one, then run the tests again:",
      "  Debian/Ubuntu: sudo apt-get install -y chromium   (found at /usr/bin/chromium)",
      "  elsewhere: set CHROMIUM_PATH to a Chromium or Chrome binary,",
      "  or run: npx playwright install chromium",
    ].join("\n"),
  );
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
