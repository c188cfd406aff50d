/**
 * The message bus across app instances: every instance LISTENs on one
 * PostgreSQL channel, and a publish is a NOTIFY that reaches all of them,
 * this one included. An instance hears its own posts the same way as the
 * others' (never also delivered directly), so each subscriber gets each
 * event once, in the order PostgreSQL sends them.
 *
 * postgres.js listens again after its listening connection closes, but if
 * that reconnection fails (the database still down, or restarting) it gives
 * up without a word. So the bus checks now and then that it still hears
 * the channel: it NOTIFYs a ping to itself, and when the ping does not come
 * back it listens anew on a new connection. Whenever a LISTEN is back in
 * place after the first, events may have been missed meanwhile: every
 * subscriber is asked to catch up from the database (`onResync`).
 *
 * Stale pages (issue 35, decision 041) travel on the same channel, as
 * `{"kind":"purge",…}`: one LISTEN connection and one ping for both, and a
 * resync tells the page caches too (they drop everything).
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { NotificationChannels } from "./db.server";
import {
  checkEvent,
  createFanOut,
  createStaleFanOut,
  isStaleEvent,
  isThreadMessageEvent,
  staleEvents,
  type SiteBus,
} from "./message-bus-core.server";

/** The one channel all threads share; the payload names the thread. */
export const MESSAGE_CHANNEL = "thread_messages";

export interface PostgresBusOptions {
  /** How often the bus checks that it still hears the channel. */
  checkMs?: number;
  /** How long a ping may take to come back before the bus listens anew. */
  echoTimeoutMs?: number;
  /** How long publishStale waits to hear its own notification. */
  staleEchoMs?: number;
}

type Listening = Awaited<ReturnType<NotificationChannels["listen"]>>;

/** A ping's payload: `{"ping":"<uuid>"}` (other instances ignore it). */
function pingOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const ping = (value as Record<string, unknown>).ping;
  return typeof ping === "string" ? ping : null;
}

function parse(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}

export async function openPostgresMessageBus(
  channels: NotificationChannels,
  logger: Logger,
  { checkMs = 30_000, echoTimeoutMs = 10_000, staleEchoMs = 1_000 }: PostgresBusOptions = {},
): Promise<SiteBus> {
  const fanOut = createFanOut(logger);
  const staleFanOut = createStaleFanOut(logger);
  /** Pings, and this instance's own stale-pages notifications, waiting to be heard. */
  const pings = new Map<string, () => void>();
  let listening: Listening | null = null;
  /** A LISTEN was in place before: the next one comes back after a gap. */
  let listened = false;
  let checkTimer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;

  function onNotify(payload: string) {
    const value = parse(payload);
    if (isThreadMessageEvent(value)) {
      fanOut.deliver(checkEvent(value));
      return;
    }
    if (isStaleEvent(value)) {
      staleFanOut.deliver(value.keys);
      pings.get(value.echo)?.();
      return;
    }
    const ping = pingOf(value);
    if (ping !== null) pings.get(ping)?.();
  }

  function onListen() {
    if (listened) {
      logger.info("message bus: listening again; open threads catch up, kept pages go");
      fanOut.resync();
      staleFanOut.resync();
    }
    listened = true;
  }

  async function listen() {
    const started = await channels.listen(MESSAGE_CHANNEL, onNotify, onListen);
    if (fanOut.closed) await started.unlisten();
    else listening = started;
  }

  /** True when a ping NOTIFYed now comes back to this instance's LISTEN in time. */
  async function hearsItself(): Promise<boolean> {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<boolean>((resolve) => {
      pings.set(nonce, () => resolve(true));
      timer = setTimeout(() => resolve(false), echoTimeoutMs);
    });
    try {
      await channels.notify(MESSAGE_CHANNEL, JSON.stringify({ ping: nonce }));
      return await echoed;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      pings.delete(nonce);
    }
  }

  async function check() {
    if (listening && (await hearsItself())) return;
    if (fanOut.closed) return;
    logger.warn("message bus: not hearing PostgreSQL's notifications; listening anew");
    const lost = listening;
    listening = null;
    await lost?.unlisten().catch(() => {});
    try {
      await listen();
    } catch (error) {
      // Tried again at the next check.
      logger.warn({ err: error }, "message bus: could not listen; trying again later");
    }
  }

  function scheduleCheck() {
    if (fanOut.closed) return;
    checkTimer = setTimeout(() => {
      checking = check().finally(() => {
        checking = undefined;
        scheduleCheck();
      });
    }, checkMs);
    checkTimer.unref();
  }

  /** Resolves once this instance hears the notification it sends, or after `waitMs`. */
  async function notifyHeard(payload: string, echo: string, waitMs: number) {
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      pings.set(echo, resolve);
      timer = setTimeout(resolve, waitMs);
    });
    try {
      await channels.notify(MESSAGE_CHANNEL, payload);
      await heard;
    } finally {
      clearTimeout(timer);
      pings.delete(echo);
    }
  }

  await listen();
  scheduleCheck();

  return {
    async publish(event) {
      const payload = JSON.stringify(checkEvent(event));
      try {
        await channels.notify(MESSAGE_CHANNEL, payload);
      } catch (error) {
        logger.warn({ err: error, event }, "message bus: could not publish a new message");
      }
    },
    subscribe: (threadId, listener, options) => fanOut.subscribe(threadId, listener, options),
    async publishStale(keys) {
      const events = staleEvents(keys, randomUUID);
      try {
        await Promise.all(
          events.map((event) => notifyHeard(JSON.stringify(event), event.echo, staleEchoMs)),
        );
      } catch (error) {
        logger.warn({ err: error, keys }, "message bus: could not publish stale pages");
      }
    },
    subscribeStale: (listener, options) => staleFanOut.subscribe(listener, options),
    async close() {
      if (fanOut.closed) return;
      clearTimeout(checkTimer);
      fanOut.close();
      staleFanOut.close();
      for (const answer of pings.values()) answer();
      await checking;
      const last = listening;
      listening = null;
      await last?.unlisten().catch(() => {});
    },
  };
}
