/**
 * No secret reaches the log (issue 42, item 5). The operator's one-time
 * sign-in link, a person's private calendar feed and an unsubscribe link each
 * carry their key in the path: whoever reads the log could use it first. The
 * site is asked for each, in every language it has and every form a client
 * may send (a query, the data URL, a trailing slash, another case, the post
 * that uses the link, the same link once used), and the whole log is searched.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "~/features/notifications/tokens.server";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { TEST_SECRET } from "../support/factories";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

describe("secret paths in the log", () => {
  const data = freshDataDir();
  let site: SiteServer;
  const homeowner = new CookieJar();
  let signInToken = "";
  let feedToken = "";
  let unsubscribe = "";

  beforeAll(async () => {
    site = await startSite({ DATA_DIR: data.dir, SESSION_SECRET: TEST_SECRET });
    const { token } = JSON.parse(readFileSync(path.join(data.dir, "server.json"), "utf8")) as {
      token: string;
    };
    // The operator's link, as `npm run operator -- link` asks for it.
    const link = await fetch(`${site.url}/_operator/operators`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ command: "link" }),
    });
    signInToken =
      new URL(((await link.json()) as { url: string }).url).pathname.split("/").at(-1) ?? "";
    // A homeowner's calendar feed, turned on from their schedule.
    expect((await signInLocally(homeowner, site.url)).status).toBe(302);
    const form = { intent: "create_feed" };
    const created = await homeowner.fetch(`${site.url}/dashboard/schedule`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams(form).toString(),
    });
    expect(created.status).toBe(302);
    const schedule = await (await homeowner.fetch(`${site.url}/dashboard/schedule`)).text();
    feedToken = /\/calendar\/([A-Za-z0-9_-]+)\.ics/.exec(schedule)?.[1] ?? "";
    // Their unsubscribe link, as a notification email carries it.
    const exported = await homeowner.fetch(`${site.url}/dashboard/data/export`);
    const { account } = (await exported.json()) as { account: { id: string } };
    unsubscribe = unsubscribeToken(TEST_SECRET, account.id, "message_email");
  });
  afterAll(async () => {
    await site.stop();
    data.remove();
  });

  const get = (target: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${target}`, { redirect: "manual", headers });
  const post = (target: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${target}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body,
    });

  it("logs every secret path with its key as [redacted], and the key nowhere", async () => {
    expect([signInToken.length, feedToken.length, unsubscribe.length].every((n) => n > 20)).toBe(
      true,
    );
    const signIn = `/admin/sign-in/${signInToken}`;
    const answers = {
      page: await get(signIn),
      withQuery: await get(`${signIn}?from=email`),
      data: await get(`${signIn}.data`),
      trailingSlash: await get(`${signIn}/`),
      otherCase: await get(`/ADMIN/Sign-In/${signInToken}`),
      used: await post(signIn, "", { origin: site.url }),
      usedAgain: await get(signIn),
      feed: await get(`/calendar/${feedToken}.ics`),
      feedWithQuery: await get(`/calendar/${feedToken}.ics?refresh=1`),
      unsubscribe: await get(`/unsubscribe/${unsubscribe}`),
      spanish: await get(`/es/unsubscribe/${unsubscribe}`),
      french: await get(`/fr/unsubscribe/${unsubscribe}?utm_source=email`),
      oneClick: await post(`/unsubscribe/${unsubscribe}`, "List-Unsubscribe=One-Click"),
      referred: await get("/privacy", { referer: `${site.url}${signIn}` }),
    };
    const statuses = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [name, answer.status]),
    );
    expect(statuses).toMatchObject({
      page: 200,
      withQuery: 200,
      trailingSlash: 301,
      used: 302,
      usedAgain: 404,
      feed: 200,
      unsubscribe: 200,
      spanish: 200,
      french: 200,
      oneClick: 200,
    });
    await Promise.all(Object.values(answers).map((answer) => answer.arrayBuffer()));

    const log = site.logs.join("\n");
    for (const secret of [signInToken, feedToken, unsubscribe]) expect(log).not.toContain(secret);
    const requestLines = site.logs.filter((line) => line.includes('"msg":"request"'));
    const paths = requestLines.map((line) => (JSON.parse(line) as { path: string }).path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/admin/sign-in/[redacted]",
        "/admin/sign-in/[redacted]/",
        "/ADMIN/Sign-In/[redacted]",
        "/calendar/[redacted]",
        "/unsubscribe/[redacted]",
        "/es/unsubscribe/[redacted]",
        "/fr/unsubscribe/[redacted]",
      ]),
    );
  });
});
