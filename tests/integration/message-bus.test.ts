import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threadStream } from "~/features/conversations/live-route.server";
import {
  openDatabase,
  type Database,
  type DatabaseHandle,
  type NotificationChannels,
} from "~/lib/db.server";
import { createFanOut } from "~/lib/message-bus-core.server";
import { openPostgresMessageBus } from "~/lib/message-bus-postgres.server";
import { openMessageBus, type MessageBus, type ThreadMessageEvent } from "~/lib/message-bus.server";
import { messages, threads } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { memoryLogger } from "../support/factories";
import { createBusiness, createPerson, createRequest } from "../support/marketplace-factories";
import { startTcpProxy } from "../support/tcp-proxy";

const { logger } = memoryLogger();
/** Checks often, so a test sees the bus listen anew within its timeout. */
const QUICK_CHECKS = { checkMs: 100, echoTimeoutMs: 1_000 };
const WAIT = { timeout: 20_000 };
const A_THREAD = "00000000-0000-4000-8000-00000000000a";

function recorder() {
  const events: ThreadMessageEvent[] = [];
  return {
    events,
    ids: () => events.map((e) => e.messageId),
    listener: (e: ThreadMessageEvent) => void events.push(e),
  };
}

async function newThread(db: Database): Promise<{ threadId: string; authorId: string }> {
  const homeowner = await createPerson(db);
  const leadId = await createRequest(db, homeowner);
  const business = await createBusiness(db, null);
  const [row] = await db.insert(threads).values({ leadId, contractorId: business.id }).returning();
  if (!row) throw new Error("no thread");
  return { threadId: row.id, authorId: homeowner.userId };
}

async function addMessage(db: Database, thread: { threadId: string; authorId: string }) {
  const [row] = await db
    .insert(messages)
    .values({ threadId: thread.threadId, side: "homeowner", authorId: thread.authorId, body: "Hi" })
    .returning({ id: messages.id });
  if (!row) throw new Error("no message");
  return row.id;
}

/** Reads an event stream until `done` holds for the text so far; its message ids in order. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  seen: { text: string },
  done: (ids: number[]) => boolean,
): Promise<number[]> {
  const decoder = new TextDecoder();
  const ids = () =>
    [...seen.text.matchAll(/^id: (\d+)\nevent: message\ndata: \{"messageId":\1\}\n\n/gm)].map((m) =>
      Number(m[1]),
    );
  while (!done(ids())) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the stream ended after:\n${seen.text}`);
    seen.text += decoder.decode(chunk.value, { stream: true });
  }
  return ids();
}

describe.each(DATABASE_TARGETS)("the message bus on $name", (target) => {
  let database: TestDatabase;
  const buses: MessageBus[] = [];
  const openBus = async (handle: DatabaseHandle = database.handle) => {
    const bus = await openMessageBus(handle, logger, QUICK_CHECKS);
    buses.push(bus);
    return bus;
  };
  const A = A_THREAD;
  const B = "00000000-0000-4000-8000-00000000000b";

  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await database.dispose();
  });

  it("delivers a thread's event once, to that thread's subscribers only", async () => {
    const bus = await openBus();
    const [first, second, other] = [recorder(), recorder(), recorder()];
    bus.subscribe(A, first.listener);
    bus.subscribe(A.toUpperCase(), second.listener);
    bus.subscribe(B, other.listener);
    await bus.publish({ threadId: A, messageId: 1 });
    await bus.publish({ threadId: A, messageId: 2 });
    await bus.publish({ threadId: B, messageId: 3 });
    // Events come in order: once B's has arrived, nothing else of A's is on its way.
    await expect.poll(other.ids, WAIT).toEqual([3]);
    expect(first.ids()).toEqual([1, 2]);
    expect(second.ids()).toEqual([1, 2]);
    expect(first.events[0]).toEqual({ threadId: A, messageId: 1 });
    await expect(bus.publish({ threadId: "not-a-thread", messageId: 1 })).rejects.toThrow(
      TypeError,
    );
  });

  it("stops delivering to a subscriber that unsubscribed", async () => {
    const bus = await openBus();
    const [gone, stays] = [recorder(), recorder()];
    const unsubscribe = bus.subscribe(A, gone.listener);
    bus.subscribe(A, stays.listener);
    unsubscribe();
    await bus.publish({ threadId: A, messageId: 4 });
    await expect.poll(stays.ids, WAIT).toEqual([4]);
    expect(gone.events).toEqual([]);
  });

  it("close() ends every subscription and delivers no more", async () => {
    const bus = await openBus();
    const before = recorder();
    let closed = 0;
    bus.subscribe(A, before.listener, { onClose: () => closed++ });
    await bus.close();
    expect(closed).toBe(1);
    await bus.publish({ threadId: A, messageId: 5 });
    bus.subscribe(A, before.listener, { onClose: () => closed++ });
    await expect.poll(() => closed, WAIT).toBe(2);
    // Another bus on the same database hears the publish; the closed one delivered nothing.
    const witness = recorder();
    const other = await openBus();
    other.subscribe(A, witness.listener);
    await other.publish({ threadId: A, messageId: 6 });
    await expect.poll(witness.ids, WAIT).toEqual([6]);
    expect(before.events).toEqual([]);
  });

  it("streams a thread: the missed messages first, then each new one once, and ends with the bus", async () => {
    const db = database.handle.db;
    const bus = await openBus();
    const thread = await newThread(db);
    const m1 = await addMessage(db, thread);
    const m2 = await addMessage(db, thread);
    const abort = new AbortController();
    const stream = threadStream({
      db,
      bus,
      logger,
      threadId: thread.threadId,
      lastEventId: m1,
      signal: abort.signal,
    });
    const reader = stream.getReader();
    const seen = { text: "" };
    expect(await readUntil(reader, seen, (ids) => ids.length >= 1)).toEqual([m2]);
    expect(seen.text.startsWith("retry: 3000\n\n")).toBe(true);
    const m3 = await addMessage(db, thread);
    await bus.publish({ threadId: thread.threadId, messageId: m2 }); // already sent: not again
    await bus.publish({ threadId: thread.threadId, messageId: m3 });
    expect(await readUntil(reader, seen, (ids) => ids.includes(m3))).toEqual([m2, m3]);
    abort.abort();
    expect((await reader.read()).done).toBe(true);
  });

  it("catches a stream up when the bus may have missed events, and ends it when the bus closes", async () => {
    const db = database.handle.db;
    const fanOut = createFanOut(logger);
    const bus: MessageBus = {
      publish: () => Promise.resolve(),
      subscribe: fanOut.subscribe,
      close: () => {
        fanOut.close();
        return Promise.resolve();
      },
    };
    const thread = await newThread(db);
    await addMessage(db, thread);
    const signal = new AbortController().signal;
    const stream = threadStream({
      db,
      bus,
      logger,
      threadId: thread.threadId,
      lastEventId: null,
      signal,
    });
    const reader = stream.getReader();
    const seen = { text: "" };
    // A first connect sends nothing old; once an announced message is out, it has looked.
    const announced = await addMessage(db, thread);
    fanOut.deliver({ threadId: thread.threadId, messageId: announced });
    expect(await readUntil(reader, seen, (ids) => ids.length > 0)).toEqual([announced]);
    // Posted while this instance heard nothing: the stream reads it when told to catch up.
    const missed = await addMessage(db, thread);
    fanOut.resync();
    expect(await readUntil(reader, seen, (ids) => ids.length > 1)).toEqual([announced, missed]);
    await bus.close();
    await expect(readUntil(reader, seen, () => false)).rejects.toThrow("the stream ended");
  });
});

const postgresTarget = DATABASE_TARGETS.find((t) => t.name === "postgresql");

describe.runIf(postgresTarget)("the message bus across instances on PostgreSQL", () => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];
  const buses: MessageBus[] = [];
  const T = "00000000-0000-4000-8000-0000000000cc";
  const openBus = async (handle: DatabaseHandle) => {
    const bus = await openMessageBus(handle, logger, QUICK_CHECKS);
    buses.push(bus);
    return bus;
  };
  /** The database's connections whose last statement was a LISTEN (postgres.js: an array of rows). */
  const listening = async () => {
    const result: unknown = await database.handle.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and query like 'listen %'`,
    );
    return (result as { pid: number }[]).map((row) => row.pid);
  };

  beforeAll(async () => {
    if (!postgresTarget) throw new Error("needs TEST_DATABASE_URL");
    database = await postgresTarget.create();
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await database.dispose();
  });

  it("a publish on one instance reaches every instance's subscribers once, and close() stops listening", async () => {
    const second = await openDatabase({ url: database.url, maxConnections: 2 });
    handles.push(second);
    const before = (await listening()).length;
    const [one, two] = [await openBus(database.handle), await openBus(second)];
    const [here, there] = [recorder(), recorder()];
    one.subscribe(T, here.listener);
    two.subscribe(T, there.listener);
    await one.publish({ threadId: T, messageId: 7 });
    await two.publish({ threadId: T, messageId: 8 });
    await expect
      .poll(() => [here.ids(), there.ids()], WAIT)
      .toEqual([
        [7, 8],
        [7, 8],
      ]);
    expect((await listening()).length).toBe(before + 2);
    await two.close();
    await expect.poll(async () => (await listening()).length, WAIT).toBe(before + 1);
  });

  it("listens again when its connection is killed, and asks its subscribers to catch up", async () => {
    const bus = await openBus(database.handle);
    const got = recorder();
    let resyncs = 0;
    bus.subscribe(T, got.listener, { onResync: () => resyncs++ });
    await database.handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'listen %'`);
    await expect.poll(() => resyncs, WAIT).toBeGreaterThan(0);
    await bus.publish({ threadId: T, messageId: 9 });
    await expect.poll(got.ids, WAIT).toEqual([9]);
  });

  it("listens again when the database comes back after an outage", async () => {
    const target = new URL(database.url ?? "");
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(target);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = proxy.port.toString();
    const handle = await openDatabase({ url: viaProxy.toString(), maxConnections: 2 });
    const bus = await openMessageBus(handle, logger, QUICK_CHECKS);
    try {
      const got = recorder();
      let resyncs = 0;
      bus.subscribe(T, got.listener, { onResync: () => resyncs++ });
      await proxy.cut();
      // Long enough for postgres.js's own attempt to listen again to fail.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await proxy.restore();
      await expect.poll(() => resyncs, WAIT).toBeGreaterThan(0);
      const direct = await openBus(database.handle);
      await direct.publish({ threadId: T, messageId: 10 });
      await expect.poll(got.ids, WAIT).toEqual([10]);
    } finally {
      // The bus and its connections go first, so none of them reconnects to a closed proxy.
      await bus.close();
      await handle.close();
      await proxy.close();
    }
  });
});

describe("the PostgreSQL bus's own check", () => {
  it("listens anew when its pings stop coming back, and its subscribers catch up", async () => {
    // PostgreSQL's channel as a fake, whose first LISTEN goes deaf without a word.
    const listeners: { hear: (payload: string) => void; deaf: boolean }[] = [];
    const channels: NotificationChannels = {
      listen(_channel, onNotify, onListen) {
        const listener = { hear: onNotify, deaf: false };
        listeners.push(listener);
        onListen();
        const unlisten = () => {
          listeners.splice(listeners.indexOf(listener), 1);
          return Promise.resolve();
        };
        return Promise.resolve({ unlisten });
      },
      notify(_channel, payload) {
        for (const l of listeners) if (!l.deaf) queueMicrotask(() => l.hear(payload));
        return Promise.resolve();
      },
    };
    const bus = await openPostgresMessageBus(channels, logger, { checkMs: 10, echoTimeoutMs: 50 });
    const got = recorder();
    let resyncs = 0;
    bus.subscribe(A_THREAD, got.listener, { onResync: () => resyncs++ });
    const first = listeners[0];
    if (first) first.deaf = true;
    await expect.poll(() => resyncs, WAIT).toBeGreaterThan(0);
    expect(listeners).toHaveLength(1);
    expect(listeners[0]).not.toBe(first);
    await bus.publish({ threadId: A_THREAD, messageId: 11 });
    await expect.poll(got.ids, WAIT).toEqual([11]);
    await bus.close();
    expect(listeners).toHaveLength(0);
  });
});
