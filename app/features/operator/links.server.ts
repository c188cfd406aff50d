/**
 * One-time sign-in links for the console, printed by `npm run operator --
 * link` (there is no operator sign-in button, in any mode). A link works
 * once, within 15 minutes, and only for an account that is still an
 * operator. Only the token's hash is kept.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { operatorLinks, users } from "../../../database/schema";
import { COMMAND_LINE, writeAudit } from "./audit.server";
import { LINK_MINUTES } from "./limits";

export { LINK_MINUTES };

/** The account `link` signs in when no email is given: the installation's own operator. */
export const LOCAL_OPERATOR = {
  email: "operator@trade-match.invalid",
  name: "Site operator",
  provider: "operator-link",
  subject: "local-operator",
} as const;

export class NotAnOperator extends Error {
  override name = "NotAnOperator";
  constructor(email: string) {
    super(`${email} is not an operator. Grant the role first: npm run operator -- grant ${email}`);
  }
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The installation's own operator account, created (and granted, with its audit row) once. */
async function localOperator(db: Database): Promise<string> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, LOCAL_OPERATOR.email));
    if (found?.role === "operator") return found.id;
    if (found) throw new NotAnOperator(LOCAL_OPERATOR.email);
    const [created] = await tx
      .insert(users)
      .values({ ...LOCAL_OPERATOR, role: "operator" })
      .returning({ id: users.id });
    if (!created) throw new Error("operator insert returned nothing");
    await writeAudit(tx, COMMAND_LINE, {
      action: "operator.grant",
      subjectType: "person",
      subjectId: created.id,
      after: { role: "operator", email: LOCAL_OPERATOR.email },
    });
    return created.id;
  });
}

/**
 * A new sign-in link's token for the operator with this email (the
 * installation's own operator when none is given).
 */
export async function createOperatorLink(
  db: Database,
  email?: string,
): Promise<{ token: string; email: string; expiresAt: Date }> {
  let userId: string;
  const address = (email ?? LOCAL_OPERATOR.email).trim().toLowerCase();
  if (email === undefined) {
    userId = await localOperator(db);
  } else {
    const [person] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, address));
    if (person?.role !== "operator") throw new NotAnOperator(address);
    userId = person.id;
  }
  const token = randomBytes(32).toString("base64url");
  const [link] = await db
    .insert(operatorLinks)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: sql`now() + make_interval(mins => ${LINK_MINUTES})`,
    })
    .returning({ expiresAt: operatorLinks.expiresAt });
  if (!link) throw new Error("link insert returned nothing");
  return { token, email: address, expiresAt: link.expiresAt };
}

/**
 * Uses a link: the operator's id when the token is known, unused, unexpired
 * and its account still an operator; else null. A used link never works again.
 */
export async function redeemOperatorLink(db: Database, token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [used] = await db
    .update(operatorLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(operatorLinks.tokenHash, hashToken(token)),
        isNull(operatorLinks.usedAt),
        gt(operatorLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: operatorLinks.userId });
  if (!used) return null;
  const [person] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, used.userId));
  return person?.role === "operator" ? used.userId : null;
}

/** Whether a link would sign someone in now (the page before the button); it is not used up. */
export async function operatorLinkIsLive(db: Database, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [live] = await db
    .select({ userId: operatorLinks.userId })
    .from(operatorLinks)
    .innerJoin(users, eq(users.id, operatorLinks.userId))
    .where(
      and(
        eq(operatorLinks.tokenHash, hashToken(token)),
        isNull(operatorLinks.usedAt),
        gt(operatorLinks.expiresAt, sql`now()`),
        eq(users.role, "operator"),
      ),
    );
  return Boolean(live);
}
