/**
 * The console's gate. Anyone who is not an operator gets the site's plain 404
 * on every /admin route (no hint that it exists). An operator's actions need
 * a sign-in less than 12 hours old: an older one is sent to sign in again and
 * comes back to the same page.
 */
import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { getUser } from "~/features/auth/index.server";
import type { SessionUser } from "~/features/auth/index.server";
import { notFound } from "~/features/marketplace/index.server";
import { RECENT_SIGN_IN_HOURS } from "./limits";

/** The signed-in operator (any sign-in age), or the 404 page. */
export async function operatorOr404(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user?.role !== "operator") notFound();
  return user;
}

export function signedInRecently(user: SessionUser, now = Date.now()): boolean {
  return now - user.signedInAt.getTime() < RECENT_SIGN_IN_HOURS * 3600 * 1000;
}

/** The operator, signed in within 12 hours; else to "sign in again", back here after. */
export async function requireOperator(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser> {
  const user = await operatorOr404(request, context);
  if (!signedInRecently(user)) {
    const url = new URL(request.url);
    throw redirect(
      `/admin/sign-in?${new URLSearchParams({ returnTo: url.pathname + url.search }).toString()}`,
    );
  }
  return user;
}

/** Set by `recentOperator`: the console's pages read it with `consoleOperator`. */
const operatorContext = createContext<SessionUser>();

/**
 * The console's layout middleware: anyone who is not an operator gets the
 * plain 404, an operator whose sign-in is old signs in again, and the pages
 * below read the operator from the request's context.
 */
export const recentOperator: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(operatorContext, await requireOperator(request, context));
};

/** The operator `recentOperator` let in for this request. */
export function consoleOperator(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(operatorContext);
}
