/**
 * The console's people section: find a person by name or email, see what
 * they have (requests, businesses), download their data (the same copy as
 * their own download) and delete them (the same deletion as self-service),
 * each with its audit row. An operator cannot delete themselves or another
 * operator from here: the role is revoked on the command line first.
 */
import { asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { deleteAccount, exportPersonalData, type Transaction } from "~/features/auth/index.server";
import type { Database } from "~/lib/db.server";
import { contractors, leads, users } from "../../../database/schema";
import { writeAudit, type AuditActor } from "./audit.server";

export const PEOPLE_PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path's id can name a person at all (anything else is the 404, never a 500). */
export function isPersonId(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** How a sign-in provider reads: Google, a demo account, the console's link, or the issuer's host. */
export function providerLabel(provider: string): string {
  if (provider === "local") return "Demo sign-in";
  if (provider === "operator-link") return "Console link";
  if (provider === "https://accounts.google.com") return "Google";
  try {
    return new URL(provider).host;
  } catch {
    return provider;
  }
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Written out: inside a select's sql, drizzle leaves columns unqualified.
const requestCount = sql<number>`(select count(*)::int from leads l where l.user_id = users.id)`;
const businessCount = sql<number>`(select count(*)::int from contractors c where c.owner_id = users.id)`;

const facts = {
  id: users.id,
  name: users.name,
  email: users.email,
  provider: users.provider,
  role: users.role,
  demo: users.demo,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  requests: requestCount,
  businesses: businessCount,
};

/** People whose name or email contains `q` (any case), newest first; page 1 first. */
export async function findPeople(db: Database, q: string, page = 1) {
  const where: SQL | undefined = q
    ? or(ilike(users.name, containing(q)), ilike(users.email, containing(q)))
    : undefined;
  const rows = await db
    .select(facts)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(PEOPLE_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * PEOPLE_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return {
    people: rows
      .slice(0, PEOPLE_PAGE_SIZE)
      .map((row) => ({ ...row, providerLabel: providerLabel(row.provider) })),
    more: rows.length > PEOPLE_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

/** One person's facts, requests and businesses; null when no one has this id. */
export async function personDetail(db: Database, id: string) {
  if (!isPersonId(id)) return null;
  const [person] = await db.select(facts).from(users).where(eq(users.id, id));
  if (!person) return null;
  const [requests, businesses] = await Promise.all([
    db
      .select({
        id: leads.id,
        title: leads.title,
        service: leads.service,
        status: leads.status,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(eq(leads.userId, id))
      .orderBy(desc(leads.createdAt)),
    db
      .select({ id: contractors.id, name: contractors.name, suspendedAt: contractors.suspendedAt })
      .from(contractors)
      .where(eq(contractors.ownerId, id))
      .orderBy(asc(contractors.name)),
  ]);
  return {
    ...person,
    providerLabel: providerLabel(person.provider),
    requestList: requests,
    businessList: businesses,
  };
}

/**
 * The person's data, as their own download makes it, with its audit row;
 * null when no one has this id.
 */
export async function exportPerson(db: Database, actor: AuditActor, id: string) {
  if (!isPersonId(id)) return null;
  return db.transaction(async (tx) => {
    const copy = await exportPersonalData(tx, id);
    if (!copy.account) return null;
    await writeAudit(tx, actor, {
      action: "person.export",
      subjectType: "person",
      subjectId: id,
      after: {
        email: copy.account.email,
        requests: copy.requests.length,
        businesses: copy.businesses.length,
      },
    });
    return copy;
  });
}

export type DeleteOutcome =
  | { ok: true; requests: number }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "email"; message: string }
  | { ok: false; reason: "refused"; message: string };

class Refusal extends Error {
  constructor(readonly outcome: Exclude<DeleteOutcome, { ok: true }>) {
    super(outcome.reason);
  }
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Deletes the person (the same deletion as self-service) once the operator
 * has typed their email, with the audit row in the same transaction; the
 * person's row is locked and checked there, so a role granted meanwhile
 * still refuses it.
 */
export async function deletePerson(
  db: Database,
  actor: AuditActor,
  id: string,
  typedEmail: string,
): Promise<DeleteOutcome> {
  if (!isPersonId(id)) return { ok: false, reason: "unknown" };
  const checkAndAudit = async (tx: Transaction, found: { requests: number }) => {
    const [person] = await tx
      .select({ email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!person) throw new Refusal({ ok: false, reason: "unknown" });
    const refusal = deletionRefusal({ id, ...person }, actor.id);
    if (refusal) throw new Refusal({ ok: false, reason: "refused", message: refusal });
    if (!typedEmail.trim()) {
      throw new Refusal({
        ok: false,
        reason: "email",
        message: "Type the person's email address to confirm.",
      });
    }
    if (!sameEmail(typedEmail, person.email)) {
      throw new Refusal({
        ok: false,
        reason: "email",
        message: "That is not this person's email address. Type it exactly as shown above.",
      });
    }
    await writeAudit(tx, actor, {
      action: "person.delete",
      subjectType: "person",
      subjectId: id,
      before: { email: person.email, name: person.name, requests: found.requests },
    });
  };
  try {
    const { requests } = await deleteAccount(db, id, checkAndAudit);
    return { ok: true, requests };
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}

/**
 * Why the console will not delete this person, or null: an operator cannot
 * delete their own account, nor another operator's while the role is held.
 */
export function deletionRefusal(
  person: { id: string; role: string; email: string },
  operatorId: string | null,
): string | null {
  if (person.id === operatorId) return "You cannot delete your own account from the console.";
  if (person.role === "operator")
    return `${person.email} is an operator. Revoke the role first with npm run operator -- revoke ${person.email}, then delete the account.`;
  return null;
}
