/** Accounts: found by the provider's subject, or by a verified email, else created. */
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import { users } from "../../../database/schema";
import type { VerifiedIdentity } from "./oidc.server";
import { SignInError } from "./sign-in-errors";

export async function findOrCreateUser(db: Database, identity: VerifiedIdentity): Promise<string> {
  const [bySubject] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.provider, identity.issuer), eq(users.subject, identity.subject)));
  if (bySubject) {
    await db
      .update(users)
      .set({ name: identity.name, email: identity.email })
      .where(eq(users.id, bySubject.id));
    return bySubject.id;
  }
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, identity.email));
  if (byEmail) {
    // Only a verified address may claim an account that already uses it.
    if (!identity.emailVerified) throw new SignInError("email");
    return byEmail.id;
  }
  const [created] = await db
    .insert(users)
    .values({
      email: identity.email,
      name: identity.name,
      provider: identity.issuer,
      subject: identity.subject,
    })
    .returning({ id: users.id });
  if (!created) throw new Error("user insert returned nothing");
  return created.id;
}

/**
 * The language the person last signed in or opened their dashboard in: the
 * emails to them are written in it. Writes only when it changed.
 */
export async function rememberLocale(db: Database, userId: string, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale)));
}
