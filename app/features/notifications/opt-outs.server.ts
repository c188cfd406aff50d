/**
 * Which notification emails a person turned off (email_opt_outs: a row per
 * person and kind). Every sender of a notification kind checks it when it
 * composes the email (message-email.server.ts does for message_email).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import { emailOptOuts, users } from "../../../database/schema";
import { NOTIFICATION_KINDS, type NotificationKind } from "./kinds";

/** The kinds the person turned off (only kinds still listed). */
export async function optedOutKinds(db: Database, userId: string): Promise<NotificationKind[]> {
  const rows = await db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(
      and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.kind, [...NOTIFICATION_KINDS])),
    );
  return NOTIFICATION_KINDS.filter((kind) => rows.some((row) => row.kind === kind));
}

export async function isOptedOut(
  db: Database,
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  const [row] = await db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind)));
  return row !== undefined;
}

/** Whether the account still exists (an unsubscribe link outlives a deleted one). */
export async function personExists(db: Database, userId: string): Promise<boolean> {
  return (await personLocale(db, userId)) !== null;
}

/**
 * The language the person's emails are written in (users.locale), or null
 * when the account no longer exists.
 */
export async function personLocale(db: Database, userId: string): Promise<Locale | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

/**
 * Turns `kind` off for the person; idempotent (a second time changes
 * nothing). False when the account no longer exists.
 */
export async function optOut(
  db: Database,
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  await db
    .insert(emailOptOuts)
    .select(
      db
        .select({
          userId: users.id,
          kind: sql<string>`${kind}`.as("kind"),
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .onConflictDoNothing();
  return isOptedOut(db, userId, kind);
}

/**
 * The settings page's form: exactly the kinds in `on` are sent, the others
 * turned off, in one transaction. Values that are not kinds are ignored.
 */
export async function saveEmailChoices(
  db: Database,
  userId: string,
  on: readonly unknown[],
): Promise<NotificationKind[]> {
  const wanted = NOTIFICATION_KINDS.filter((kind) => on.includes(kind));
  const off = NOTIFICATION_KINDS.filter((kind) => !wanted.includes(kind));
  await db.transaction(async (tx) => {
    const kept = wanted.length > 0 ? inArray(emailOptOuts.kind, wanted) : undefined;
    if (kept) await tx.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), kept));
    if (off.length > 0) {
      await tx
        .insert(emailOptOuts)
        .values(off.map((kind) => ({ userId, kind })))
        .onConflictDoNothing();
    }
  });
  return off;
}
