/**
 * The message bus's parts both kinds share (message-bus.server.ts): what an
 * event is, and the fan-out of events to this instance's subscribers. Two
 * kinds of event travel: a thread's new message (conversations), and the
 * names of pages made stale (issue 35: every instance's page cache drops
 * them; decision 041).
 */
import type { Logger } from "pino";
import { isCacheKey } from "./cache-keys";

export interface ThreadMessageEvent {
  threadId: string;
  messageId: number;
}

export interface SubscribeOptions {
  /**
   * Events may have been missed (the instance's LISTEN connection was lost
   * and is back): read what is new from the database.
   */
  onResync?: () => void;
  /** The bus closed (the server is shutting down): end the stream. */
  onClose?: () => void;
}

export interface MessageBus {
  /**
   * Tells every subscriber of the thread, on every instance, once. Call it
   * after the message is committed. It never rejects for want of the
   * database: the message is stored already, and a reader who missed the
   * event finds it when their stream reconnects (the failure is logged).
   */
  publish(event: ThreadMessageEvent): Promise<void>;
  /** Listens to one thread's new messages; the function returned stops listening. */
  subscribe(
    threadId: string,
    listener: (event: ThreadMessageEvent) => void,
    options?: SubscribeOptions,
  ): () => void;
  /** Stops listening and closes every subscription (their `onClose` is called). */
  close(): Promise<void>;
}

/** Pages made stale, by their keys (app/lib/cache-keys.ts), on every instance. */
export interface StalePagesBus {
  /**
   * Tells every instance, this one too, that the pages carrying any of these
   * keys are stale; resolves once this instance has heard it (its own cache
   * is purged before the writer's next page), or after a short wait. Call it
   * after the write is committed. It never rejects: a lost notification
   * leaves the pages to their expiry (at most five minutes).
   */
  publishStale(keys: readonly string[]): Promise<void>;
  /**
   * Listens to stale keys (each publish once per instance); `onResync` when
   * notifications may have been missed (drop everything), `onClose` when the
   * bus closes. The function returned stops listening.
   */
  subscribeStale(
    listener: (keys: readonly string[]) => void,
    options?: SubscribeOptions,
  ): () => void;
}

/** The bus every instance opens: thread messages and stale pages on one channel. */
export interface SiteBus extends MessageBus, StalePagesBus {}

/** Whether a bus also carries stale pages (one made for threads alone, in a test, does not). */
export function carriesStalePages(bus: MessageBus): bus is SiteBus {
  return "publishStale" in bus && "subscribeStale" in bus;
}

/** A stale-pages notification: `{"kind":"purge","keys":[…],"echo":"<uuid>"}`. */
export interface StaleEvent {
  kind: "purge";
  keys: string[];
  /** Lets the publishing instance know it has heard its own notification. */
  echo: string;
}

export function isStaleEvent(value: unknown): value is StaleEvent {
  if (typeof value !== "object" || value === null) return false;
  const { kind, keys, echo } = value as Record<string, unknown>;
  return (
    kind === "purge" &&
    typeof echo === "string" &&
    Array.isArray(keys) &&
    keys.length > 0 &&
    keys.every(isCacheKey)
  );
}

/** Room for the keys in one notification, well under NOTIFY's 8,000 bytes. */
const STALE_PAYLOAD_BYTES = 7_000;

/**
 * The notifications that carry these keys: each payload under PostgreSQL's
 * 8,000 bytes for NOTIFY (a business in many cities names many listings).
 */
export function staleEvents(keys: readonly string[], newEcho: () => string): StaleEvent[] {
  const wanted = [...new Set(keys)].filter(isCacheKey);
  const events: StaleEvent[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const key of wanted) {
    if (bytes + key.length + 3 > STALE_PAYLOAD_BYTES && current.length > 0) {
      events.push({ kind: "purge", keys: current, echo: newEcho() });
      current = [];
      bytes = 0;
    }
    current.push(key);
    bytes += key.length + 3;
  }
  if (current.length > 0) events.push({ kind: "purge", keys: current, echo: newEcho() });
  return events;
}

/** This instance's stale-pages listeners. */
export interface StaleFanOut {
  subscribe: StalePagesBus["subscribeStale"];
  deliver(keys: readonly string[]): void;
  resync(): void;
  close(): void;
}

export function createStaleFanOut(logger: Logger): StaleFanOut {
  const subscribers = new Set<Subscriber<readonly string[]>>();
  let closed = false;
  const call = caller(logger);
  return {
    subscribe(listener, options = {}) {
      if (closed) {
        queueMicrotask(() => options.onClose && call("close", options.onClose));
        return () => {};
      }
      const subscriber = { listener, options };
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    deliver(keys) {
      if (closed) return;
      for (const { listener } of [...subscribers]) call("listener", () => listener(keys));
    },
    resync() {
      if (closed) return;
      for (const { options } of [...subscribers]) {
        if (options.onResync) call("resync", options.onResync);
      }
    },
    close() {
      if (closed) return;
      closed = true;
      const all = [...subscribers];
      subscribers.clear();
      for (const { options } of all) if (options.onClose) call("close", options.onClose);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isThreadMessageEvent(value: unknown): value is ThreadMessageEvent {
  if (typeof value !== "object" || value === null) return false;
  const { threadId, messageId } = value as Record<string, unknown>;
  return (
    typeof threadId === "string" &&
    UUID.test(threadId) &&
    typeof messageId === "number" &&
    Number.isSafeInteger(messageId) &&
    messageId > 0
  );
}

/** Refuses what no caller should publish (a programming error, not a runtime condition). */
export function checkEvent(event: ThreadMessageEvent): ThreadMessageEvent {
  if (!isThreadMessageEvent(event)) throw new TypeError("not a thread message event");
  // Only the two fields travel, whatever else the object carries.
  return { threadId: event.threadId.toLowerCase(), messageId: event.messageId };
}

interface Subscriber<Event = ThreadMessageEvent> {
  listener: (event: Event) => void;
  options: SubscribeOptions;
}

/** One subscriber's mistake never keeps the event from the others. */
function caller(logger: Logger) {
  return (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      logger.error({ err: error }, `message bus: a subscriber's ${what} failed`);
    }
  };
}

/** This instance's subscribers, by thread. */
export interface FanOut {
  readonly closed: boolean;
  subscribe: MessageBus["subscribe"];
  deliver(event: ThreadMessageEvent): void;
  /** Asks every subscriber to catch up from the database. */
  resync(): void;
  close(): void;
}

export function createFanOut(logger: Logger): FanOut {
  const threads = new Map<string, Set<Subscriber>>();
  let closed = false;
  const call = caller(logger);

  const everyone = () => [...threads.values()].flatMap((set) => [...set]);

  return {
    get closed() {
      return closed;
    },
    subscribe(threadId, listener, options = {}) {
      const key = threadId.toLowerCase();
      if (closed) {
        // Too late to listen: told at once, as every other subscriber was.
        queueMicrotask(() => options.onClose && call("close", options.onClose));
        return () => {};
      }
      const subscriber: Subscriber = { listener, options };
      let set = threads.get(key);
      if (!set) threads.set(key, (set = new Set()));
      set.add(subscriber);
      return () => {
        const current = threads.get(key);
        if (!current?.delete(subscriber)) return;
        if (current.size === 0) threads.delete(key);
      };
    },
    deliver(event) {
      if (closed) return;
      for (const subscriber of [...(threads.get(event.threadId.toLowerCase()) ?? [])]) {
        call("listener", () => subscriber.listener(event));
      }
    },
    resync() {
      if (closed) return;
      for (const { options } of everyone()) if (options.onResync) call("resync", options.onResync);
    },
    close() {
      if (closed) return;
      closed = true;
      const subscribers = everyone();
      threads.clear();
      for (const { options } of subscribers) if (options.onClose) call("close", options.onClose);
    },
  };
}
