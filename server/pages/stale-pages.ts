/**
 * Pages made stale on any instance leave this one's cache at once (issue 35,
 * decision 041): the page cache listens to the message bus's stale keys, and
 * drops every page it keeps from the database when the bus may have missed
 * some (its LISTEN was lost and is back). The pages' expiry stays the safety
 * net for a notification lost otherwise.
 */
import type { Logger } from "pino";
import type { StalePagesBus } from "../../app/lib/message-bus-core.server";
import type { PageCache } from "./page-cache";

/** Subscribes the cache to the bus's stale pages; the function returned stops it. */
export function purgeOnStale(bus: StalePagesBus, cache: PageCache, logger: Logger): () => void {
  return bus.subscribeStale(
    (keys) => {
      const dropped = cache.purge(keys);
      logger.debug({ keys, dropped }, "page cache: stale pages purged");
    },
    {
      onResync: () => {
        const dropped = cache.purgeAll();
        logger.info({ dropped }, "page cache: notifications may have been missed; pages dropped");
      },
    },
  );
}
