/**
 * Who is an operator. The role is granted by OPERATOR_EMAILS when a listed
 * person signs in with a verified address, or by `npm run operator -- grant`;
 * never by the person. Each change writes its audit row in its transaction.
 */
import { eq } from "drizzle-orm";
import type { AppServices } from "~/lib/app-context.server";
import type { Database } from "~/lib/db.server";
import { users } from "../../../database/schema";
import { CONFIGURATION, writeAudit, type AuditActor } from "./audit.server";

export class UnknownPerson extends Error {
  override name = "UnknownPerson";
  constructor(email: string) {
    super(`No account uses ${email}. The person signs in once, then can be made an operator.`);
  }
}

/** OPERATOR_EMAILS as a set of lower-case addresses. */
export function operatorEmails(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

async function setRole(
  db: Database,
  email: string,
  role: "member" | "operator",
  actor: AuditActor,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, address))
      .for("update");
    if (!person) throw new UnknownPerson(address);
    if (person.role === role) return false;
    await tx.update(users).set({ role }).where(eq(users.id, person.id));
    await writeAudit(tx, actor, {
      action: role === "operator" ? "operator.grant" : "operator.revoke",
      subjectType: "person",
      subjectId: person.id,
      before: { role: person.role, email: address },
      after: { role, email: address },
    });
    return true;
  });
}

/** Makes the account with this email an operator; false when it already was. */
export function grantOperator(db: Database, email: string, actor: AuditActor): Promise<boolean> {
  return setRole(db, email, "operator", actor);
}

/** Makes the operator with this email a member again; false when they were not one. */
export function revokeOperator(db: Database, email: string, actor: AuditActor): Promise<boolean> {
  return setRole(db, email, "member", actor);
}

/**
 * At sign-in: a person whose verified address is in OPERATOR_EMAILS becomes
 * an operator. Removing an address from the list does not revoke: that is
 * `npm run operator -- revoke`, which leaves its audit row.
 */
export async function applyOperatorEmails(
  db: Database,
  listed: Set<string>,
  identity: { email: string; emailVerified: boolean },
): Promise<void> {
  if (!identity.emailVerified || !listed.has(identity.email.toLowerCase())) return;
  await grantOperator(db, identity.email, CONFIGURATION);
}

/** The sign-in hook (decision 032): applyOperatorEmails with this installation's OPERATOR_EMAILS. */
export function applyConfiguredOperators(
  services: AppServices,
  identity: { email: string; emailVerified: boolean },
): Promise<void> {
  return applyOperatorEmails(
    services.database.db,
    operatorEmails(services.env.OPERATOR_EMAILS),
    identity,
  );
}
