/**
 * Housekeeping (decision 037): what is deleted, composed from the kernel's
 * pruners and the features' own. The server runs it every hour
 * (HOUSEKEEPING_INTERVAL_HOURS); `npm run housekeeping [-- --dry-run]` runs it
 * once (server/operator/housekeeping-cli.ts).
 *
 * Every delete is idempotent: several instances on one PostgreSQL may run it
 * at the same time; what one deleted, the other no longer finds.
 */
import type { Logger } from "pino";
import type { Database } from "../app/lib/db.server";
import type { Env } from "../app/lib/env.server";
import {
  pruneKernelData,
  type PruneCounts,
  type PruneOptions,
} from "../app/lib/housekeeping.server";
import { mailSettingsOf } from "../app/lib/mail/settings.server";
import { HOUSEKEEPING_INTERVAL_HOURS } from "../app/lib/retention";
import { pruneDemoAccounts, pruneSessions } from "~/features/auth/index.server";
import {
  expireDrafts,
  pauseInactiveBusinesses,
  warnExpiringDrafts,
} from "~/features/marketplace/index.server";

/** What housekeeping reads of the configuration: the periods, and how its emails go. */
export type HousekeepingEnv = Pick<
  Env,
  | "SESSION_IDLE_HOURS"
  | "DEMO_ACCOUNT_IDLE_HOURS"
  | "SITE_URL"
  | "MAIL_FROM"
  | "LEADS_EMAIL_TO"
  | "SMTP_URL"
>;

/**
 * Everything past its retention as of `now`, by kind. A dry run counts and
 * deletes nothing; idle demo accounts are left out of it (which would go is
 * decided under their rows' lock, batch by batch). `announce` is given the
 * businesses whose public pages changed (paused for inactivity), once
 * committed, so that every instance drops those pages (decision 041).
 */
export async function runHousekeeping(
  db: Database,
  env: HousekeepingEnv,
  options: PruneOptions,
  announce?: (businessIds: readonly string[]) => Promise<void>,
): Promise<PruneCounts> {
  // How the emails it queues go: composed now, "held" without SMTP.
  const delivery = {
    mail: mailSettingsOf(env),
    emailStatus: env.SMTP_URL ? ("pending" as const) : ("held" as const),
  };
  const counts: PruneCounts = {
    expiredSessions: await pruneSessions(db, { ...options, idleHours: env.SESSION_IDLE_HOURS }),
    ...(await pruneKernelData(db, options)),
    // Drafts past their time go first; then the next ones due are announced (decision 038).
    expiredDrafts: await expireDrafts(db, options),
    draftExpiryEmails: await warnExpiringDrafts(db, delivery, options),
  };
  // Not a delete: a business nobody signed in to for 90 days is paused, and told once.
  counts.inactiveBusinessesPaused = await pauseInactiveBusinesses(db, delivery, options, announce);
  if (!options.dryRun)
    counts.idleDemoAccounts = await pruneDemoAccounts(db, {
      idleHours: env.DEMO_ACCOUNT_IDLE_HOURS,
      now: options.now,
    });
  return counts;
}

/** A server's housekeeping, as of the moment it runs (a dry run counts only). */
export type Housekeeper = (options: { dryRun: boolean }) => Promise<PruneCounts>;

/**
 * A server's housekeeping on its database, as of the moment it runs: every
 * hour, and when `npm run housekeeping` asks through the operator endpoint
 * (server/operator/housekeeping-api.ts). What a run deleted is logged.
 */
export function housekeeper(
  db: Database,
  env: HousekeepingEnv,
  logger: Logger,
  stale: (businessIds: readonly string[]) => Promise<void>,
): Housekeeper {
  return async ({ dryRun }) => {
    const counts = await runHousekeeping(db, env, { now: new Date(), dryRun }, stale);
    if (!dryRun && Object.values(counts).some((n) => n > 0))
      logger.info({ deleted: counts }, "housekeeping");
    return counts;
  };
}

/** Every hour: what is past its retention is deleted. Idempotent deletes: every instance may run it. */
export function startHousekeeping(housekeep: Housekeeper, logger: Logger) {
  const housekeeping = setInterval(
    () => {
      housekeep({ dryRun: false }).catch((error: unknown) =>
        logger.warn({ err: error }, "housekeeping failed"),
      );
    },
    HOUSEKEEPING_INTERVAL_HOURS * 60 * 60 * 1000,
  );
  housekeeping.unref();
  return housekeeping;
}
