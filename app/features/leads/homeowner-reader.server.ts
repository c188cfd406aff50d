/**
 * Whom a homeowner's emails go to, and in which language: one rule for
 * every composer (issue 43), here in the lowest feature that writes to a
 * homeowner (the confirmation), so that every feature above reads the same.
 *
 * The language is the account's once an account has the request (the one
 * its holder last signed in or opened their dashboard in: users.locale),
 * else the request's own (leads.locale, the page it was sent from). A
 * composer never reads leads.locale on its own: a French reader who once
 * sent a form from an English page reads French.
 */
import { eq, sql, type Column } from "drizzle-orm";
import { qualified } from "~/lib/qualified-column.server";
import type { Database, Transaction } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import { leads, users } from "../../../database/schema";

const account = (column: Column) =>
  sql`(select ${qualified(users, column)} from ${users} where ${qualified(users, users.id)} = ${qualified(leads, leads.userId)})`;

/** The rule, as a column of a query on leads. */
export const homeownerLocale = sql<Locale>`coalesce(${account(users.locale)}, ${qualified(leads, leads.locale)})`;

/** Where a homeowner's emails go, as a column on leads: the request's address, else their account's. */
export const homeownerEmail = sql<
  string | null
>`coalesce(${qualified(leads, leads.email)}, ${account(users.email)})`;

/**
 * The rule for a request not stored yet (its confirmation is composed before
 * the write): the account's language when it has one, else the request's.
 */
export async function readerLocaleOf(
  db: Database | Transaction,
  request: { userId: string | null; locale: Locale },
): Promise<Locale> {
  if (!request.userId) return request.locale;
  const [account] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, request.userId));
  return account?.locale ?? request.locale;
}
