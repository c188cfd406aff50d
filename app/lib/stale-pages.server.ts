/**
 * Writes name the cached pages they make stale (issue 35, decision 041): a
 * route's action, once the write has committed, calls announceStale with
 * the pages' keys (app/lib/cache-keys.ts), and the message bus tells every
 * instance's page cache to drop them. The keys of the pages that show a
 * business need the gazetteer (the places it reaches by radius): they are
 * the fresh-pages feature's (decision 047), which announces them here too.
 */
import type { RouterContextProvider } from "react-router";
import { getServices } from "./app-context.server";
import { carriesStalePages } from "./message-bus.server";

/**
 * Tells every instance that the pages carrying these keys are stale. Call it
 * after the write commits; it never throws (the pages then expire on their
 * own, within five minutes).
 */
export async function announceStale(
  context: Readonly<RouterContextProvider>,
  keys: readonly string[],
): Promise<void> {
  const { messageBus, logger } = getServices(context);
  if (keys.length === 0 || !carriesStalePages(messageBus)) return;
  try {
    await messageBus.publishStale(keys);
  } catch (error) {
    logger.warn({ err: error, keys }, "could not announce stale pages");
  }
}
