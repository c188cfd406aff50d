/**
 * "Needs sign-in" on the server: the signed-in user, or a redirect to /login
 * that remembers where the person was going.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { getServices } from "~/lib/app-context.server";
import { safeReturnPath } from "./return-path";
import { getSessionUser, type SessionUser } from "./session.server";

export async function getUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser | null> {
  const { database, env } = getServices(context);
  return getSessionUser(database.db, env, request);
}

/** The dashboard is where signing in leads anyway: no need to say so. */
const DEFAULT_DESTINATION = "/dashboard";

export function loginRedirect(returnTo?: string): Response {
  const safe = returnTo === DEFAULT_DESTINATION ? undefined : safeReturnPath(returnTo);
  return redirect(safe ? `/login?${new URLSearchParams({ returnTo: safe }).toString()}` : "/login");
}

export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
  returnTo?: string,
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) throw loginRedirect(returnTo);
  return user;
}

/** Personal pages are never stored by browsers or shared caches. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
