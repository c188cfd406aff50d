/** Signing in and out: the server side of /login, the callback and Sign Out. */
import { redirect } from "react-router";
import type { AppServices } from "~/lib/app-context.server";
import { ensureDemoUser } from "./demo-account.server";
import { clearFlowCookie, finishOidcSignIn, startOidcSignIn } from "./oidc.server";
import { safeReturnPath } from "./return-path";
import { SignInError } from "./sign-in-errors";
import { createSession, currentSessionToken, destroySession } from "./session.server";
import { findOrCreateUser } from "./users.server";

/** Where the browser goes once signed in: it sets the local flag there. */
export function completePath(returnTo?: string): string {
  return `/auth/complete?${new URLSearchParams({ to: returnTo ?? "/dashboard" }).toString()}`;
}

export function checkedReturnPath(services: AppServices, value: unknown): string | undefined {
  const safe = safeReturnPath(value);
  if (value && !safe) {
    const length = typeof value === "string" ? value.length : 0;
    services.logger.warn({ returnToLength: length }, "ignored an unsafe return path");
  }
  return safe;
}

export async function beginSignIn(
  services: AppServices,
  request: Request,
  returnTo?: string,
): Promise<Response> {
  if (services.env.authMode === "google") {
    try {
      return await startOidcSignIn(services, returnTo);
    } catch (error) {
      services.logger.error({ err: error }, "OpenID discovery failed");
      return redirect("/login?error=unavailable");
    }
  }
  const userId = await ensureDemoUser(services.database.db);
  const cookie = await createSession(
    services.database.db,
    services.env,
    userId,
    currentSessionToken(request),
  );
  services.logger.info({ userId, mode: "local" }, "signed in");
  return redirect(completePath(returnTo), { headers: { "Set-Cookie": cookie } });
}

export async function completeOidcSignIn(
  services: AppServices,
  request: Request,
): Promise<Response> {
  const headers = new Headers({ "Set-Cookie": clearFlowCookie(services) });
  try {
    const identity = await finishOidcSignIn(services, request);
    const userId = await findOrCreateUser(services.database.db, identity);
    headers.append(
      "Set-Cookie",
      await createSession(services.database.db, services.env, userId, currentSessionToken(request)),
    );
    services.logger.info({ userId, mode: "google" }, "signed in");
    return redirect(completePath(checkedReturnPath(services, identity.returnTo)), { headers });
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    return redirect(`/login?error=${error.code}`, { headers });
  }
}

export async function signOut(services: AppServices, request: Request): Promise<Response> {
  const cookie = await destroySession(services.database.db, services.env, request);
  return redirect("/login", { headers: { "Set-Cookie": cookie } });
}
