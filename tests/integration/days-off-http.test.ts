/**
 * A pro's days off over HTTP on the production build (issue 42), as a
 * browser without JavaScript posts them: a NUL in the note is the page
 * again with the message beside the note and the note kept (not a 500);
 * with the cap of 100 ranges full, the 101st is refused beside its first
 * day, and the visit-hours page stays within its byte budget; the schedule
 * of a far-off date is the page of the last day it shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/features/visits/zoned-time";
import { joinAsDenverRoofer, postForm } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

/**
 * The visit-hours page with the cap full, 100 ranges each with an 80-character
 * note: measured at 118,897 bytes of HTML (44,343 without any days off, then
 * about 745 bytes a range; some 10 KB brotli). 1,376 ranges made 1.3 MB.
 */
const PAGE_BUDGET_BYTES = 125_000;
const NOTE = "Family holidays at the lake, back on the Monday after; call the office for urgent";

describe("days off over HTTP", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const jar = new CookieJar();
  const post = (fields: Record<string, string>) =>
    postForm(jar, server.url, "/pro/visits", { intent: "add_day_off", ...fields });
  const page = async () => (await jar.fetch(`${server.url}/pro/visits`)).text();
  /** Today in the business's zone, as the form's first day allows it. */
  let today = "";

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir, FORM_MIN_FILL_MS: "0" });
    expect((await signInLocally(jar, server.url)).status).toBe(302);
    expect((await joinAsDenverRoofer(jar, server.url, "Days Off Roofing")).status).toBe(302);
    const input = /<input[^>]*name="startsOn"[^>]*>/.exec(await page())?.[0] ?? "";
    today = /min="(\d{4}-\d{2}-\d{2})"/.exec(input)?.[1] ?? "";
    expect(today).not.toBe("");
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("answers a NUL in the note with the message beside it and the note kept", async () => {
    const refused = await post({ startsOn: today, endsOn: today, note: "Holidays\u0000" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(
      /<p id="day-off-note-error"[^>]*>Please type this again: it holds characters we can&#x27;t store/,
    );
    expect(html).toMatch(/name="note"[^>]*value="Holidays/);
    expect(html).toContain('aria-describedby="day-off-note-hint day-off-note-error"');
  });

  it("keeps 100 ranges, refuses the 101st beside its first day, within the page's budget", async () => {
    for (let i = 0; i < 100; i++) {
      const date = addDays(today, 3 * i);
      const added = await post({ startsOn: date, endsOn: date, note: NOTE.slice(0, 80) });
      expect(added.status, date).toBe(302);
    }
    const date = addDays(today, 301);
    const refused = await post({ startsOn: date, endsOn: date, note: "One more" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/<p id="day-off-startsOn-error"[^>]*>You already have 100 dates off/);
    expect(html).toContain('value="One more"');
    const full = await page();
    expect(full.match(/<button[^>]*name="id"/g)).toHaveLength(100);
    expect(Buffer.byteLength(full)).toBeLessThan(PAGE_BUDGET_BYTES);
  }, 120_000);

  it("shows the last day it reaches for a date thousands of years ahead", async () => {
    const response = await jar.fetch(`${server.url}/pro/schedule?view=day&date=9999-12-31`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("The schedule goes two years back and two years ahead");
    expect(html).toContain("Previous day");
    expect(html).not.toContain("Next day");
  });
});
