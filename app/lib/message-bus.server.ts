/**
 * Tells the open threads that a message was posted (issue 22, live
 * messages). On PGlite there is one app instance and the bus stays in the
 * process; on PostgreSQL every instance LISTENs on one channel and a post on
 * any of them is NOTIFYed to all (message-bus-postgres.server.ts). Each
 * instance fans the events out to its own subscribers: the open event
 * streams of that thread.
 *
 * An event says only which message is new; whoever receives it reads the
 * message through the usual, authorized ways. The same bus carries the keys
 * of pages made stale to every instance's page cache (issue 35).
 */
import type { Logger } from "pino";
import type { DatabaseHandle } from "./db.server";
import {
  checkEvent,
  createFanOut,
  createStaleFanOut,
  staleEvents,
  type SiteBus,
} from "./message-bus-core.server";
import { openPostgresMessageBus, type PostgresBusOptions } from "./message-bus-postgres.server";

export type {
  MessageBus,
  SiteBus,
  StalePagesBus,
  SubscribeOptions,
  ThreadMessageEvent,
} from "./message-bus-core.server";
export { carriesStalePages } from "./message-bus-core.server";

/** One process: publishing delivers straight to this process's subscribers. */
export function createLocalMessageBus(logger: Logger): SiteBus {
  const fanOut = createFanOut(logger);
  const staleFanOut = createStaleFanOut(logger);
  return {
    async publish(event) {
      // Delivered after the publisher's turn, as on PostgreSQL.
      await Promise.resolve();
      fanOut.deliver(checkEvent(event));
    },
    subscribe: (threadId, listener, options) => fanOut.subscribe(threadId, listener, options),
    async publishStale(keys) {
      await Promise.resolve();
      for (const event of staleEvents(keys, () => "")) staleFanOut.deliver(event.keys);
    },
    subscribeStale: (listener, options) => staleFanOut.subscribe(listener, options),
    close() {
      fanOut.close();
      staleFanOut.close();
      return Promise.resolve();
    },
  };
}

/**
 * The bus for this database: LISTEN/NOTIFY on PostgreSQL (resolves once the
 * instance listens), in process on PGlite.
 */
export async function openMessageBus(
  database: DatabaseHandle,
  logger: Logger,
  options: PostgresBusOptions = {},
): Promise<SiteBus> {
  if (!database.notifications) return createLocalMessageBus(logger);
  return openPostgresMessageBus(database.notifications, logger, options);
}
