/**
 * The message bus's parts both kinds share (message-bus.server.ts): what an
 * event is, and the fan-out of events to this instance's subscribers.
 */
import type { Logger } from "pino";

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

interface Subscriber {
  listener: (event: ThreadMessageEvent) => void;
  options: SubscribeOptions;
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

  /** One subscriber's mistake never keeps the event from the others. */
  function call(what: string, run: () => void) {
    try {
      run();
    } catch (error) {
      logger.error({ err: error }, `message bus: a subscriber's ${what} failed`);
    }
  }

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
