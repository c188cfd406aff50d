/**
 * Live messages with two app instances on one PostgreSQL: a reader's event
 * stream is open on instance B, and a message announced elsewhere (a third
 * bus, as instance A's post will) reaches it through LISTEN/NOTIFY.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/features/auth/session.server";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { openMessageBus, type MessageBus } from "~/lib/message-bus.server";
import { messages, threads } from "../../database/schema";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { memoryLogger } from "../support/factories";
import { createBusiness, createRequest } from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const baseUrl = process.env.TEST_DATABASE_URL;

/** An open event stream: its text so far, read on until it holds what a test waits for. */
function eventStream(response: Response) {
  if (!response.body) throw new Error("no body");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const ids = () =>
    [...text.matchAll(/^id: (\d+)\nevent: message\ndata: \{"messageId":\1\}\n\n/gm)].map((m) =>
      Number(m[1]),
    );
  return {
    ids,
    text: () => text,
    /** Reads until `done` holds; throws if the stream ends first. */
    async until(done: () => boolean) {
      while (!done()) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended after:\n${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** Reads to the end (resolves once the server has ended the stream). */
    async end() {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}

describe.runIf(baseUrl)("live messages across two app instances", () => {
  const dataB = freshDataDir();
  const owner = new CookieJar();
  const stranger = new CookieJar();
  const streams = new AbortController();
  let site: PostgresSite;
  let b: TestServer;
  let busDatabase: DatabaseHandle;
  let bus: MessageBus;
  let threadId: string;
  let authorId: string;

  const eventsUrl = (server: { url: string }, id = threadId) =>
    `${server.url}/threads/${id}/events`;
  const open = (server: { url: string }, headers: Record<string, string> = {}) =>
    owner.fetch(eventsUrl(server), { headers, signal: streams.signal });
  async function post(): Promise<number> {
    const [row] = await site.db
      .insert(messages)
      .values({ threadId, side: "homeowner", authorId, body: "Is Tuesday good?" })
      .returning({ id: messages.id });
    if (!row) throw new Error("no message");
    return row.id;
  }

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    b = await startServer({
      DATA_DIR: dataB.dir,
      DATABASE_URL: site.databaseUrl,
      DEMO_ACCOUNTS_PER_HOUR: "1000",
    });
    for (const jar of [owner, stranger])
      expect((await signInLocally(jar, site.url)).status).toBe(302);
    const request = new Request(site.url, { headers: { cookie: owner.header() } });
    const user = await getSessionUser(site.db, parseEnv({ NODE_ENV: "test" }), request);
    if (!user) throw new Error("the owner is not signed in");
    authorId = user.id;
    const homeowner = { userId: user.id, clientAddress: "203.0.113.9", userAgent: "test" };
    const leadId = await createRequest(site.db, homeowner);
    const business = await createBusiness(site.db, null);
    const [thread] = await site.db
      .insert(threads)
      .values({ leadId, contractorId: business.id })
      .returning();
    if (!thread) throw new Error("no thread");
    threadId = thread.id;
    busDatabase = await openDatabase({ url: site.databaseUrl, maxConnections: 2 });
    bus = await openMessageBus(busDatabase, memoryLogger().logger);
  });
  afterAll(async () => {
    streams.abort();
    await bus.close();
    await busDatabase.close();
    await b.stop();
    await site.stop();
    dataB.remove();
  });

  it("answers 404 to anyone who does not take part, and for an id that is no thread", async () => {
    expect((await stranger.fetch(eventsUrl(b))).status).toBe(404);
    expect((await fetch(eventsUrl(b))).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await owner.fetch(eventsUrl(b, unknown))).status).toBe(404);
    expect((await owner.fetch(eventsUrl(b, "not-a-thread"))).status).toBe(404);
  });

  it("a message announced elsewhere reaches the reader connected to the other instance", async () => {
    const response = await open(b);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // fetch asks for compression; an event stream is never compressed (nor given a form key).
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
    const stream = eventStream(response);
    await stream.until(() => stream.text().startsWith("retry: 3000\n\n"));
    const id = await post();
    await bus.publish({ threadId, messageId: id });
    await stream.until(() => stream.ids().length > 0);
    expect(stream.ids()).toEqual([id]);
  });

  it("sends what a reconnecting reader missed after its Last-Event-ID", async () => {
    const seen = await post();
    const missed = [await post(), await post()];
    const stream = eventStream(await open(site, { "Last-Event-ID": seen.toString() }));
    await stream.until(() => stream.ids().length >= 2);
    expect(stream.ids()).toEqual(missed);
  });

  it("open streams take no turn from the pages rendered at once", async () => {
    // More streams than the server renders pages at once (RENDERS_AT_ONCE), all open.
    const open5 = await Promise.all(Array.from({ length: 5 }, () => open(b)));
    for (const response of open5) {
      const stream = eventStream(response);
      await stream.until(() => stream.text().includes("retry:"));
    }
    const page = await owner.fetch(`${b.url}/dashboard`);
    expect(page.status).toBe(200);
  });

  it("ends open streams when the server is told to stop, and stops without being forced", async () => {
    const stream = eventStream(await open(b));
    await stream.until(() => stream.text().includes("retry:"));
    const stopping = b.stop();
    await stream.end();
    expect(await stopping).toBe(0);
    expect(b.logs.join("\n")).toContain("shutdown complete");
    expect(b.logs.join("\n")).not.toContain("shutdown timeout");
  });
});
