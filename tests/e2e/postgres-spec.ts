/**
 * A spec file's own site on PostgreSQL (TEST_DATABASE_URL): the file's tests are
 * skipped without it and run in order with it; the site starts before them and stops
 * after. The rows a test needs are written through `site.db` (the app's server modules
 * use Vite's import.meta.glob, which Playwright's loader does not have).
 */
import type { Browser } from "@playwright/test";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { test, type Page } from "./fixtures";
import { signedInOn } from "./people";

/** What these sites allow: a run's worth of people from one address, typing at once. */
const SITE_ENV = { FORM_MIN_FILL_MS: "0", RATE_LIMIT_MAX: "1000", DEMO_ACCOUNTS_PER_HOUR: "500" };

export interface Person {
  page: Page;
  userId: string;
}

export interface SpecSite {
  /** The test's own connection to the site's database. */
  readonly db: PostgresSite["db"];
  readonly url: string;
  readonly databaseUrl: string;
  /** The site's address for `path`. */
  at: (path: string) => string;
  /** A browser of its own signed into a new demo account, and that account's id. */
  signIn: (browser: Browser, javaScriptEnabled?: boolean) => Promise<Person>;
}

/** Registers the file's site; `who` names the tests in the skip message ("The console's"). */
export function siteForTheseTests(who: string): SpecSite {
  test.skip(
    !process.env.TEST_DATABASE_URL,
    `${who} browser tests run on PostgreSQL (TEST_DATABASE_URL).`,
  );
  test.describe.configure({ mode: "serial" });
  let started: PostgresSite | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startSiteOnPostgres(SITE_ENV);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  const running = (): PostgresSite => {
    if (!started) throw new Error("the site starts in beforeAll");
    return started;
  };
  return {
    get db() {
      return running().db;
    },
    get url() {
      return running().url;
    },
    get databaseUrl() {
      return running().databaseUrl;
    },
    at: (path) => `${running().url}${path}`,
    signIn: (browser, javaScriptEnabled = true) =>
      signedInOn(running(), browser, javaScriptEnabled),
  };
}
