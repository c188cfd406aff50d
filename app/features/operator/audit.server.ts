/**
 * The audit log: every operator action, who, when, what, and the values
 * before and after. The app only inserts (the database refuses UPDATE,
 * DELETE and TRUNCATE, migration 0007); an action and its row are written in
 * the same transaction.
 */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { auditLog } from "../../../database/schema";

/** Who acted: an operator's account, or the command line / configuration (no account). */
export interface AuditActor {
  id: string | null;
  email: string;
}

/** The command line (`npm run operator`), run by whoever administers the server. */
export const COMMAND_LINE: AuditActor = { id: null, email: "command line" };
/** OPERATOR_EMAILS, applied when a listed person signs in. */
export const CONFIGURATION: AuditActor = { id: null, email: "OPERATOR_EMAILS" };

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/** A database or a transaction: anything that can insert. */
type Writer = Pick<Database, "insert">;

export async function writeAudit(db: Writer, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  action?: string;
  subjectType?: string;
  subjectId?: string;
  actorEmail?: string;
  /** Rows older than this id (the next page). */
  beforeId?: number;
}

export async function auditEntries(db: Database, filter: AuditFilter = {}) {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.subjectType) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.actorEmail) where.push(eq(auditLog.actorEmail, filter.actorEmail));
  if (filter.beforeId) where.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  return {
    rows: rows.slice(0, AUDIT_PAGE_SIZE),
    nextBeforeId: rows.length > AUDIT_PAGE_SIZE ? rows[AUDIT_PAGE_SIZE - 1]?.id : undefined,
  };
}
