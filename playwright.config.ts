import { rmSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/support/browser";
import { E2E_DATA_DIR, E2E_ORIGIN, E2E_PORT } from "./tests/support/operator";

const port = E2E_PORT;
const baseURL = E2E_ORIGIN;
// The config is loaded by the runner and again by every worker: only the
// runner (which starts the server) empties the folder, so each run starts
// from an empty embedded database.
const dataDir = E2E_DATA_DIR;
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A limit for a test that hangs, not a speed check (these machines are shared and noisy:
  // the longest journeys took 30 s on a busy one). Speed is measured by the benchmarks.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Off unless asked for (E2E_TRACE=1): recording a trace of every test took a quarter
    // of the run's CPU. A failing test prints what its page did (fixtures.ts) either way.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      SKIP_BUILD_CHECK: "1",
      LOG_LEVEL: "warn",
      // Playwright types faster than a person; the fill-time check has its own tests.
      FORM_MIN_FILL_MS: "0",
      // A visit's emails wait for it to be still (two minutes by default); the tests read
      // them at the outbox's next pass, every half second.
      VISIT_EMAIL_QUIET_S: "0",
      OUTBOX_POLL_MS: "500",
      RATE_LIMIT_MAX: "1000",
      // Every test signs in from 127.0.0.1: room for a whole run's demo accounts.
      DEMO_ACCOUNTS_PER_HOUR: "500",
      NODE_ENV: "production",
      // Start-up's background page work (rendering the popular cities ahead of visitors,
      // the best brotli of every prerendered page) competes with the tests for the CPU.
      // The byte budgets hold with the quick brotli a page gets first, too.
      PAGE_WARMING: "0",
    },
  },
});
