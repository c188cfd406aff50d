/**
 * GET /threads/:id/events: a thread's new messages as they are posted, as
 * Server-Sent Events. Each event is small, `event: message` with the new
 * message's id (`id:` too, so a browser that reconnects says where it was
 * with Last-Event-ID); the page reads the message itself the usual way.
 *
 * On connect the stream first sends the messages after Last-Event-ID, so a
 * reconnect misses nothing, then what the message bus announces. When the
 * instance may have missed announcements (its LISTEN came back) it reads
 * the thread's newer messages again. A comment every 25 s keeps proxies
 * from closing the idle connection. The stream ends when the browser goes
 * or the server shuts down (the browser then reconnects after 3 s).
 */
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import { getUser } from "~/features/auth/index.server";
import { browserRequestId } from "~/features/marketplace/index.server";
import { getServices } from "~/lib/app-context.server";
import type { Database } from "~/lib/db.server";
import type { MessageBus } from "~/lib/message-bus.server";
import { messages } from "../../../database/schema";
import { threadAccess, type ThreadAccess } from "./access.server";
import { EVENT_STREAM_TYPE } from "./live-paths";

export const HEARTBEAT_MS = 25_000;
export const RETRY_MS = 3_000;
/** The most messages one catch-up sends (a thread is read from its page beyond that). */
const CATCH_UP_LIMIT = 500;
/** How many sent ids a stream remembers, so that none is sent twice. */
const REMEMBERED_IDS = 1_000;

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Last-Event-ID as a message id, or null (absent, or not one of ours). */
export function lastEventIdOf(request: Request): number | null {
  const value = request.headers.get("Last-Event-ID")?.trim() ?? "";
  if (!/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** The thread as this visitor may read it: signed in, or the browser that sent its request. */
async function access(
  request: Request,
  context: Readonly<RouterContextProvider>,
  threadId: string,
): Promise<ThreadAccess | null> {
  const services = getServices(context);
  const db = services.database.db;
  const user = await getUser(request, context);
  const asUser = user ? await threadAccess(db, user.id, threadId) : null;
  if (asUser) return asUser;
  const browserLeadId = await browserRequestId(services, request);
  return browserLeadId ? threadAccess(db, { browserLeadId }, threadId) : null;
}

export async function threadEvents(
  request: Request,
  context: Readonly<RouterContextProvider>,
  threadId: string,
): Promise<Response> {
  const thread = await access(request, context, threadId);
  if (!thread) return notFound();
  const headers = {
    "Content-Type": `${EVENT_STREAM_TYPE}; charset=utf-8`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // A proxy in front (nginx) passes each event on at once.
    "X-Accel-Buffering": "no",
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  const { database, messageBus, logger } = getServices(context);
  const stream = threadStream({
    db: database.db,
    bus: messageBus,
    logger,
    threadId: thread.threadId,
    lastEventId: lastEventIdOf(request),
    signal: request.signal,
  });
  return new Response(stream, { headers });
}

/** The thread's message ids after `after`, oldest first. */
async function idsAfter(db: Database, threadId: string, after: number): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.threadId, threadId), gt(messages.id, after)))
    .orderBy(asc(messages.id))
    .limit(CATCH_UP_LIMIT);
  return rows.map((row) => row.id);
}

async function latestId(db: Database, threadId: string): Promise<number> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.threadId, threadId))
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.id ?? 0;
}

export interface ThreadStreamOptions {
  db: Database;
  bus: MessageBus;
  logger: Logger;
  threadId: string;
  /** The last message the browser had (Last-Event-ID), or null on a first connect. */
  lastEventId: number | null;
  signal: AbortSignal;
  heartbeatMs?: number;
}

export function threadStream(options: ThreadStreamOptions): ReadableStream<Uint8Array> {
  const { db, bus, logger, threadId, signal } = options;
  const encoder = new TextEncoder();
  let end = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const sent = new Set<number>();
      /** The newest message sent, or known when the stream opened: catch-ups start after it. */
      let cursor = options.lastEventId ?? 0;
      /** Catch-ups and announcements go out one after another, in order. */
      let queue = Promise.resolve();

      const write = (text: string) => {
        if (!ended) controller.enqueue(encoder.encode(text));
      };
      const send = (messageId: number) => {
        if (ended || sent.has(messageId)) return;
        sent.add(messageId);
        if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value ?? messageId);
        cursor = Math.max(cursor, messageId);
        const id = messageId.toString();
        write(`id: ${id}\nevent: message\ndata: {"messageId":${id}}\n\n`);
      };
      const inOrder = (step: () => Promise<void> | void) => {
        queue = queue.then(step).catch((error: unknown) => {
          // Ended: the browser reconnects with its Last-Event-ID and catches up then.
          logger.warn({ err: error, threadId }, "thread events: could not read new messages");
          end();
        });
      };
      const catchUp = () =>
        inOrder(async () => {
          for (const id of await idsAfter(db, threadId, cursor)) send(id);
        });

      // Listening first: a message posted while the stream opens is not missed.
      const unsubscribe = bus.subscribe(threadId, (event) => inOrder(() => send(event.messageId)), {
        onResync: catchUp,
        onClose: () => end(),
      });
      const heartbeat = setInterval(
        () => write(": heartbeat\n\n"),
        options.heartbeatMs ?? HEARTBEAT_MS,
      );
      heartbeat.unref();
      end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(heartbeat);
        signal.removeEventListener("abort", end);
        try {
          controller.close();
        } catch {
          // Cancelled by the reader: already closed.
        }
      };
      signal.addEventListener("abort", end);

      write(`retry: ${RETRY_MS.toString()}\n\n`);
      if (options.lastEventId !== null) catchUp();
      else
        inOrder(async () => {
          cursor = Math.max(cursor, await latestId(db, threadId));
        });
      if (signal.aborted) end();
    },
    cancel() {
      end();
    },
  });
}
