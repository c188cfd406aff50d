/**
 * A visit's emails are written by its notice task once the visit has been
 * still for a quiet moment (visit-notices.server.ts): `told` runs the
 * outbox's due jobs as a worker whose clock is that moment after `now`.
 */
import type { Database } from "~/lib/db.server";
import { NOTICE_QUIET_MS } from "~/features/visits/visit-notices.server";
import { recordingOutboxWorker } from "./factories";
import { delivery } from "./marketplace-factories";

/**
 * Runs the notices (and anything else) due a quiet period after `now`, pass
 * after pass (a worker not started takes one batch a pass) until none is
 * left; returns what was sent.
 */
export async function told(db: Database, now: Date) {
  const { worker, sent } = recordingOutboxWorker(db, {
    now: () => new Date(now.getTime() + NOTICE_QUIET_MS),
    mail: delivery.mail,
  });
  for (let pass = 0; pass < 50 && (await worker.runOnce()) > 0; pass++);
  return sent;
}
