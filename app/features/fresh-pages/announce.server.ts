/**
 * A business's pages are stale (issue 35, decisions 041 and 047): the
 * route's action, once its write has committed, names the businesses, and
 * the pages that show them are announced on the message bus, which every
 * instance's page cache hears. Per business, announcements within
 * COALESCE_MS of one that went are held and go as one (coalesce.ts); the
 * keys are read when an announcement goes, so the last state counts.
 */
import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import { getServices } from "~/lib/app-context.server";
import { uniqueKeys, type BusinessChange } from "~/lib/cache-keys";
import type { Database } from "~/lib/db.server";
import { carriesStalePages, type MessageBus, type SiteBus } from "~/lib/message-bus.server";
import { businessIdsOf, keysOfBusinesses } from "./business-pages.server";
import { createCoalescer, systemTimers, type Coalescer } from "./coalesce";

/**
 * How long a business's announcement holds the next ones: short enough that
 * a held change reaches every instance well within a second.
 */
export const COALESCE_MS = 500;

interface Held {
  before: readonly string[];
  change: BusinessChange;
}

const merged = (held: Held, next: Held): Held => ({
  before: uniqueKeys([...held.before, ...next.before]),
  change: held.change === "everything" || next.change === "everything" ? "everything" : "pause",
});

async function publish(
  db: Database,
  bus: SiteBus,
  logger: Logger,
  businessIds: readonly string[],
  { before, change }: Held,
): Promise<void> {
  try {
    const keys = uniqueKeys([...before, ...(await keysOfBusinesses(db, businessIds, change))]);
    if (keys.length > 0) await bus.publishStale(keys);
  } catch (error) {
    logger.warn({ err: error, businessIds }, "could not announce a business's stale pages");
  }
}

/** One coalescer per bus: per instance (a test process may run several sites in turn). */
const coalescers = new WeakMap<SiteBus, Coalescer<Held>>();

function coalescerOf(db: Database, bus: SiteBus, logger: Logger): Coalescer<Held> {
  let coalescer = coalescers.get(bus);
  if (!coalescer) {
    coalescer = createCoalescer<Held>({
      windowMs: COALESCE_MS,
      timers: systemTimers,
      merge: merged,
      flush: (id, held) => void publish(db, bus, logger, [id], held),
    });
    coalescers.set(bus, coalescer);
  }
  return coalescer;
}

/**
 * Announces the pages of these businesses on `bus` (work outside a request
 * too: the outbox's jobs, housekeeping, a command), logging instead of
 * throwing. `before`: keys read before the write (a city or category it
 * left); `change`: what the write makes visible ("pause": its pause line
 * only). Resolves once what goes now is heard; what is held goes later.
 */
export async function announceBusinessesOn(
  db: Database,
  bus: MessageBus,
  logger: Logger,
  businessIds: readonly (string | null | undefined)[],
  before: readonly string[] = [],
  change: BusinessChange = "everything",
): Promise<void> {
  if (!carriesStalePages(bus)) return;
  const ids = businessIdsOf(businessIds);
  const held = { before, change };
  const now = coalescerOf(db, bus, logger).take(ids, held);
  // Keys read before the write go now unless every business's announcement is held.
  if (now.length > 0 || (ids.length === 0 && before.length > 0)) {
    await publish(db, bus, logger, now, held);
  }
}

/** The same in a route's action, with the request's services. */
export function announceBusinesses(
  context: Readonly<RouterContextProvider>,
  businessIds: readonly (string | null | undefined)[],
  before: readonly string[] = [],
  change: BusinessChange = "everything",
): Promise<void> {
  const { database, messageBus, logger } = getServices(context);
  return announceBusinessesOn(database.db, messageBus, logger, businessIds, before, change);
}
