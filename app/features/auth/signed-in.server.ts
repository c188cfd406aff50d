/**
 * The signed-in person as route middleware (issue 32): a layout declares
 * `signedIn` once, and every page below it reads the person from the
 * request's context instead of asking for the session again. Signed out, the
 * middleware sends the person to /login, remembering the page they wanted.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requireUser } from "./require-user.server";
import type { SessionUser } from "./session.server";

/** Set by `signedIn`; reading it where no layout set it throws (a route outside its area). */
const userContext = createContext<SessionUser>();

export const signedIn: MiddlewareFunction<Response> = async ({ request, context, url }) => {
  context.set(userContext, await requireUser(request, context, url.pathname + url.search));
};

/** The person `signedIn` found for this request. */
export function signedInUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(userContext);
}
