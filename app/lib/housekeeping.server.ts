/**
 * Housekeeping of the kernel's tables (decision 037): delivered outbox jobs
 * past their retention, expired one-time codes and links, the audit log's
 * rows past AUDIT_LOG_KEPT_MONTHS (decision 038). Each pruner takes
 * the clock (`now`) from its caller, never reads it, and returns how many rows
 * it deleted; with `dryRun` it counts the rows the same predicate would delete
 * and deletes nothing.
 *
 * Deletes are idempotent: two instances on one PostgreSQL may both run them;
 * the second finds nothing left.
 */
import { and, count, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { auditLog, businessClaims, operatorLinks, outboxJobs } from "../../database/schema";
import type { Database } from "./db.server";
import { AUDIT_LOG_KEPT_MONTHS, DAY_MS, DELIVERED_JOBS_KEPT_DAYS } from "./retention";

export interface PruneOptions {
  now: Date;
  dryRun?: boolean;
}

/** Rows deleted (or, in a dry run, that would be) by kind. */
export type PruneCounts = Record<string, number>;

/** Counts (dry run) or deletes the rows of `table` matching `where`. */
export async function pruneRows(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  dryRun: boolean | undefined,
): Promise<number> {
  if (dryRun) {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  }
  const deleted = await db.delete(table).where(where).returning();
  return deleted.length;
}

/** Outbox statuses whose job is done: kept DELIVERED_JOBS_KEPT_DAYS, then deleted. */
export const DONE_JOB_STATUSES = ["sent", "resolved"] as const;

/**
 * Delivered jobs (and failed ones an operator resolved) whose status last
 * changed more than DELIVERED_JOBS_KEPT_DAYS ago. Pending, processing,
 * failed and held jobs stay, however old.
 */
export function pruneDeliveredJobs(db: Database, options: PruneOptions): Promise<number> {
  const cutoff = new Date(options.now.getTime() - DELIVERED_JOBS_KEPT_DAYS * DAY_MS);
  return pruneRows(
    db,
    outboxJobs,
    and(inArray(outboxJobs.status, [...DONE_JOB_STATUSES]), lt(outboxJobs.updatedAt, cutoff)),
    options.dryRun,
  );
}

/** Business claim codes past their expiry (used ones are deleted when used). */
export function pruneExpiredClaimCodes(db: Database, options: PruneOptions): Promise<number> {
  return pruneRows(db, businessClaims, lt(businessClaims.expiresAt, options.now), options.dryRun);
}

/** Operator sign-in links past their expiry, used or not (a used one cannot be used again). */
export function pruneExpiredOperatorLinks(db: Database, options: PruneOptions): Promise<number> {
  return pruneRows(db, operatorLinks, lt(operatorLinks.expiresAt, options.now), options.dryRun);
}

/** `now` less AUDIT_LOG_KEPT_MONTHS calendar months (UTC). */
export function auditLogCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_LOG_KEPT_MONTHS);
  return cutoff;
}

/**
 * The audit log's rows older than AUDIT_LOG_KEPT_MONTHS, through
 * purge_audit_log(), the one way they may leave (database/sql/audit-log-purge.sql,
 * decision 038): it writes its own audit row, and the database refuses any
 * other delete. The database's clock has the last word: a caller's clock
 * ahead of it purges no more than the database's retention allows (the
 * function would refuse the whole purge).
 */
export async function purgeAuditLog(db: Database, options: PruneOptions): Promise<number> {
  const olderThan = sql`least(${auditLogCutoff(options.now).toISOString()}::timestamptz, now() - make_interval(months => ${AUDIT_LOG_KEPT_MONTHS}))`;
  if (options.dryRun) {
    const [row] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.at} < ${olderThan}`);
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: sql<string>`purge_audit_log(${olderThan})` })
    .from(sql`(select 1) as one`);
  return Number(row?.n ?? 0);
}

/** The kernel's pruners, in order. */
export async function pruneKernelData(db: Database, options: PruneOptions): Promise<PruneCounts> {
  return {
    deliveredOutboxJobs: await pruneDeliveredJobs(db, options),
    expiredClaimCodes: await pruneExpiredClaimCodes(db, options),
    expiredOperatorLinks: await pruneExpiredOperatorLinks(db, options),
    auditLogRows: await purgeAuditLog(db, options),
  };
}
