/**
 * "Needs sign-in" on the server: the signed-in user, or a redirect to /login
 * that remembers where the person was going, both in the page's language.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { getServices } from "~/lib/app-context.server";
import { localeOfRequest, localizePath, unlocalizedPath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { safeReturnPath } from "./return-path";
import { getSessionUser, type SessionUser } from "./session.server";

/**
 * One look-up per request: a layout's loader and its page's run side by side
 * with the same context, and both ask who is signed in. Keyed by the cookie
 * too, so a request whose cookie changed is asked again.
 */
const lookups = new WeakMap<object, { cookie: string; user: Promise<SessionUser | null> }>();

export function getUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser | null> {
  const cookie = request.headers.get("Cookie") ?? "";
  const known = lookups.get(context);
  if (known?.cookie === cookie) return known.user;
  const { database, env } = getServices(context);
  const user = getSessionUser(database.db, env, request);
  lookups.set(context, { cookie, user });
  return user;
}

/** The dashboard is where signing in leads anyway: no need to say so. */
const DEFAULT_DESTINATION = "/dashboard";

/** /login in `locale`, keeping `returnTo` (a path in that language, or an English one made so). */
export function loginRedirect(returnTo?: string, locale: Locale = DEFAULT_LOCALE): Response {
  const login = localizePath("/login", locale);
  const wanted = returnTo === undefined ? undefined : localizePath(returnTo, locale);
  const safe =
    wanted === undefined || unlocalizedPath(wanted) === DEFAULT_DESTINATION
      ? undefined
      : safeReturnPath(wanted);
  return redirect(safe ? `${login}?${new URLSearchParams({ returnTo: safe }).toString()}` : login);
}

export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
  returnTo?: string,
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) throw loginRedirect(returnTo, localeOfRequest(request));
  return user;
}

/** Personal pages are never stored by browsers or shared caches. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
