/**
 * What one pro can purge (issue 42, item 3; decision 047), over HTTP on
 * PostgreSQL: a pro with all nine trades and a 500-mile radius around Denver
 * pauses and resumes sixty times on /pro/break. The pages that show its pause
 * line go (a listing in reach); pages far outside its reach (Phoenix, Chicago)
 * and its city's page (which shows no pause line) stay in the cache. Past a
 * few changes a minute the form says so beside the field, 429. The purges
 * published are counted on the bus's own channel, as every instance hears
 * them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "~/features/marketplace/pause";
import { BREAK_CHANGES } from "~/features/marketplace/break-limit.server";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { isStaleEvent, type StaleEvent } from "~/lib/message-bus-core.server";
import { MESSAGE_CHANNEL } from "~/lib/message-bus-postgres.server";
import { DAY_MS } from "~/lib/retention";
import { CATEGORY_SLUGS } from "~/site";
import { contractors } from "../../database/schema";
import { postForm, joinWithRadius } from "../support/console";
import { createBusiness } from "../support/marketplace-factories";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

const baseUrl = process.env.TEST_DATABASE_URL;

/** Far outside a 500-mile radius around Denver (942 km and 1,480 km away). */
const PHOENIX = "/phoenix-az/plumbing";
const CHICAGO = "/chicago-il/paint";
/** 100 km from Denver: a listing the travelling pro is on by its radius alone. */
const IN_REACH = "/colorado-springs-co/plumbing";
/** The pro's base city: its page lists the business, but shows no pause line. */
const ITS_CITY = "/denver-co";
const TOGGLES = 60;

const ENTITIES = { "<!-- -->": "", "&#x27;": "'", "&quot;": '"', "&amp;": "&" };
const decoded = (html: string) =>
  Object.entries(ENTITIES).reduce((text, [from, to]) => text.replaceAll(from, to), html);

async function read(site: { url: string }, path: string) {
  const answer = await fetch(`${site.url}${path}`, { redirect: "manual" });
  return { status: answer.status, cache: answer.headers.get("x-cache"), html: await answer.text() };
}

/**
 * The page once the server answers it from its cache: kept from its second
 * request, unless its keys were purged a moment ago (PURGE_SETTLE_MS).
 */
const kept = (site: { url: string }, path: string) =>
  readUntil(site, path, (page) => page.cache === "HIT", 10_000);

/** The purges the bus has carried, and a wait for a condition on them, checked as each arrives. */
function purgesHeard() {
  const events: StaleEvent[] = [];
  const checks = new Set<() => void>();
  return {
    events,
    add(event: StaleEvent) {
      events.push(event);
      for (const check of [...checks]) check();
    },
    until(done: () => boolean, limitMs = 5_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const limit = setTimeout(() => {
          checks.delete(check);
          reject(new Error("not heard on the bus"));
        }, limitMs);
        const check = () => {
          if (!done()) return;
          clearTimeout(limit);
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      });
    },
  };
}

/** Reads the page until `done` holds for it (polls; fails past `limitMs`). */
async function readUntil(
  site: { url: string },
  path: string,
  done: (page: Awaited<ReturnType<typeof read>>) => boolean,
  limitMs = 2_000,
) {
  const started = performance.now();
  for (;;) {
    const page = await read(site, path);
    if (done(page)) return page;
    if (performance.now() - started > limitMs) throw new Error(`${path}: ${page.cache ?? ""}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(baseUrl)("a pro toggling its break sixty times", () => {
  let site: PostgresSite;
  let listener: DatabaseHandle;
  let stopListening: () => Promise<void>;
  const heard = purgesHeard();
  const purges = heard.events;

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    listener = await openDatabase({ url: site.databaseUrl, maxConnections: 1 });
    const channels = listener.notifications;
    if (!channels) throw new Error("PostgreSQL has notifications");
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const listen = await channels.listen(
      MESSAGE_CHANNEL,
      (payload) => {
        const event: unknown = JSON.parse(payload);
        if (isStaleEvent(event)) heard.add(event);
      },
      () => listening(),
    );
    await ready;
    stopListening = () => listen.unlisten();
  }, 120_000);
  afterAll(async () => {
    await stopListening();
    await listener.close();
    await site.stop();
  });

  const slugOf = async (id: string) => {
    const [row] = await site.db
      .select({ slug: contractors.slug })
      .from(contractors)
      .where(eq(contractors.id, id));
    return row?.slug ?? "";
  };

  it("leaves other cities' pages cached, purging only what shows its pause", async () => {
    const pro = await signedInOn(site);
    const name = "Far Reach Home Services";
    const joined = await joinWithRadius(pro.jar, site.url, {
      name,
      categories: CATEGORY_SLUGS,
      basePlace: "Denver, CO",
      radius: 500,
    });
    expect(joined.status).toBe(302);
    const [business] = await site.db
      .select({ id: contractors.id })
      .from(contractors)
      .where(eq(contractors.name, name));
    if (!business) throw new Error("the business was not created");
    const path = `/pro/break?business=${business.id}`;

    for (const page of [PHOENIX, CHICAGO, ITS_CITY]) await kept(site, page);
    expect((await kept(site, IN_REACH)).html).toContain(name);
    const before = purges.length;

    const until = dayOf(new Date(Date.now() + 7 * DAY_MS));
    const answers: { status: number; html: string; retryAfter: string | null }[] = [];
    for (let toggle = 0; toggle < TOGGLES; toggle++) {
      const fields: Record<string, string> =
        toggle % 2 === 0 ? { intent: "pause", until } : { intent: "resume" };
      const answer = await postForm(pro.jar, site.url, path, fields);
      answers.push({
        status: answer.status,
        html: decoded(await answer.text()),
        retryAfter: answer.headers.get("retry-after"),
      });
      if (toggle === 0) {
        // The listing in reach shows the pause within a moment (at once, or when the
        // window its joining opened ends).
        await readUntil(site, IN_REACH, (page) => decoded(page.html).includes("Not taking new"));
      }
    }

    const accepted = answers.filter((answer) => answer.status === 302).length;
    expect(accepted).toBe(BREAK_CHANGES.minute.max);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(TOGGLES - accepted);
    // A refused pause says so beside its day, which is kept; a refused resume, in its form.
    const pause = refused.find((answer) => answer.html.includes('id="pause-until"'));
    expect(pause?.html).toMatch(new RegExp(`id="pause-until"[^>]*value="${until}"`));
    expect(pause?.html).toContain(
      `You've changed your break ${BREAK_CHANGES.minute.max.toString()} times in a minute. Please wait`,
    );
    expect(Number(pause?.retryAfter)).toBeGreaterThan(0);

    // Far outside its reach, and its own city's page (no pause line there): still kept.
    for (const page of [PHOENIX, CHICAGO, ITS_CITY]) {
      expect((await read(site, page)).cache, page).toBe("HIT");
    }
    // Every purge named its profile, and none a category site-wide or a city page.
    await heard.until(() => purges.length > before);
    const storm = purges.slice(before);
    const keys = new Set(storm.flatMap((event) => event.keys));
    expect(keys).toContain(`profile:${await slugOf(business.id)}`);
    expect([...keys].filter((key) => /^(category|city):/.test(key))).toEqual([]);
    expect([...keys].some((key) => key.includes("phoenix") || key.includes("chicago"))).toBe(false);
    // At most one announcement per accepted change, each in a few notifications.
    const perAnnouncement = Math.ceil(JSON.stringify([...keys]).length / 7_000) + 1;
    expect(storm.length).toBeLessThanOrEqual(accepted * perAnnouncement);
  });

  it("announces nothing for a change no public page shows", async () => {
    const [pro, other] = await Promise.all([signedInOn(site), signedInOn(site)]);
    const actor = (userId: string) => ({ userId, clientAddress: "203.0.113.9", userAgent: "t" });
    const quiet = await createBusiness(site.db, actor(pro.userId), "Quiet Ridge Roofing");
    const marker = await createBusiness(site.db, actor(other.userId), "Marker Ridge Roofing");
    const quietPath = `/pro/break?business=${quiet.id}`;
    const changes: Record<string, string>[] = [
      { intent: "resume" }, // not paused: nothing changes
      { intent: "limit", weeklyLimit: "10" }, // none sent this week: still taking requests
      { intent: "limit", weeklyLimit: "10" }, // the same limit again
    ];
    for (const fields of changes) {
      expect((await postForm(pro.jar, site.url, quietPath, fields)).status).toBe(302);
    }
    // Another business's pause, after them: on one channel, in commit order.
    const since = purges.length;
    const until = dayOf(new Date(Date.now() + 7 * DAY_MS));
    const markerPath = `/pro/break?business=${marker.id}`;
    expect(
      (await postForm(other.jar, site.url, markerPath, { intent: "pause", until })).status,
    ).toBe(302);
    const markerKey = `profile:${await slugOf(marker.id)}`;
    await heard.until(() => purges.slice(since).some((event) => event.keys.includes(markerKey)));
    const quietKey = `profile:${await slugOf(quiet.id)}`;
    expect(purges.some((event) => event.keys.includes(quietKey))).toBe(false);
  });
});
