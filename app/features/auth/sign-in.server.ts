/**
 * Signing in and out: the server side of /login, the callback and Sign Out.
 * What signing in does besides the session belongs to the features above
 * auth (the demo accounts' sample data, adopting the browser's request, the
 * operator role): the routes that sign in pass it as SignInHooks, so auth
 * imports none of those features (decision 032).
 */
import { redirect } from "react-router";
import type { AppServices } from "~/lib/app-context.server";
import { localeOfPath, localizePath, unlocalizedPath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { clientKey, hitRateLimit } from "~/lib/rate-limit.server";
import { announceBusinessesOn } from "~/features/fresh-pages/index.server";
import {
  createDemoAccount,
  demoAccountCookie,
  returningDemoAccount,
  type DemoRole,
} from "./demo-account.server";
import {
  clearFlowCookie,
  finishOidcSignIn,
  startOidcSignIn,
  type VerifiedIdentity,
} from "./oidc.server";
import { safeReturnPath } from "./return-path";
import { SignInError, type SignInErrorCode } from "./sign-in-errors";
import { createSession, currentSessionToken, destroySession } from "./session.server";
import { findOrCreateUser, rememberLocale } from "./users.server";

/**
 * Where the browser goes once signed in: it sets the local flag there. In the
 * language of the return path (the callback is one path for every language:
 * the return path is what remembers the language).
 */
export function completePath(returnTo?: string): string {
  const locale = returnTo === undefined ? DEFAULT_LOCALE : localeOfPath(returnTo);
  const to = returnTo ?? "/dashboard";
  return `${localizePath("/auth/complete", locale)}?${new URLSearchParams({ to }).toString()}`;
}

/**
 * Where signing in from a page in `locale` leads: the return path (or
 * `otherwise`) in that language, so the person goes on reading in it.
 */
export function destinationIn(locale: Locale, returnTo: string | undefined, otherwise: string) {
  return localizePath(unlocalizedPath(returnTo ?? otherwise), locale);
}

export function checkedReturnPath(services: AppServices, value: unknown): string | undefined {
  const safe = safeReturnPath(value);
  if (value && !safe) {
    const length = typeof value === "string" ? value.length : 0;
    services.logger.warn({ returnToLength: length }, "ignored an unsafe return path");
  }
  return safe;
}

/** The login page again (in `locale`), saying why, and keeping where the person was going. */
function loginWithError(code: SignInErrorCode, locale: Locale, returnTo?: string): Response {
  const query = new URLSearchParams({ error: code });
  if (returnTo) query.set("returnTo", returnTo);
  return redirect(`${localizePath("/login", locale)}?${query.toString()}`);
}

/** Who local mode's demo signs in as: a homeowner, or a contractor with a business of its own. */
export type DemoChoice = "homeowner" | "contractor";

/** What the features above auth do at sign-in (app/routes/auth/sign-in-hooks.server.ts). */
export interface SignInHooks {
  /** The demo account each of local mode's choices creates, with its sample data. */
  demoRoles: Readonly<Record<DemoChoice, DemoRole>>;
  /** Google's verified identity, before its session is made (the operator role). */
  onIdentityVerified: readonly ((
    services: AppServices,
    identity: VerifiedIdentity,
  ) => Promise<void>)[];
  /**
   * Signed in either way, the session made: each may answer a Set-Cookie to
   * send along (adopting the request this browser sent before).
   */
  onSignIn: readonly ((
    services: AppServices,
    request: Request,
    userId: string,
  ) => Promise<string | null>)[];
}

/** Runs the onSignIn hooks in order, adding their cookies to `headers`. */
async function signedIn(
  hooks: SignInHooks,
  services: AppServices,
  request: Request,
  userId: string,
  headers: Headers,
): Promise<void> {
  for (const hook of hooks.onSignIn) {
    const cookie = await hook(services, request, userId);
    if (cookie) headers.append("Set-Cookie", cookie);
  }
}

/**
 * The sign-in button (/login's form, in `locale`): Google's sign-in, or local
 * mode's demo account. Either way the person comes back in `locale`.
 */
export async function beginSignIn(
  services: AppServices,
  hooks: SignInHooks,
  request: Request,
  clientAddress: string,
  returnTo?: string,
  demo: DemoChoice = "homeowner",
  locale: Locale = DEFAULT_LOCALE,
): Promise<Response> {
  if (services.env.authMode === "google") {
    try {
      return await startOidcSignIn(services, destinationIn(locale, returnTo, "/dashboard"));
    } catch (error) {
      services.logger.error({ err: error }, "OpenID discovery failed");
      return redirect(`${localizePath("/login", locale)}?error=unavailable`);
    }
  }
  return signInToDemoAccount(services, hooks, request, clientAddress, returnTo, demo, locale);
}

/**
 * Local mode: this browser's own demo account (found again by its cookie),
 * or a new one; new ones are limited per client so a loop of sign-ins cannot
 * fill the database. One browser, one account: signing in as a contractor
 * gives the account a demo business if it has none (one person can be both
 * homeowner and pro), and goes on to the pro's inbox.
 */
async function signInToDemoAccount(
  services: AppServices,
  hooks: SignInHooks,
  request: Request,
  clientAddress: string,
  returnTo: string | undefined,
  demo: DemoChoice,
  locale: Locale,
): Promise<Response> {
  const { db } = services.database;
  const { env, logger, secret } = services;
  let userId = await returningDemoAccount(db, env, secret, request);
  const returning = userId !== null;
  if (userId === null) {
    const limit = await hitRateLimit(db, `demo:${clientKey(secret, clientAddress)}`, {
      max: env.DEMO_ACCOUNTS_PER_HOUR,
      windowS: 3600,
    });
    if (!limit.allowed) {
      logger.warn({ retryAfterS: limit.retryAfterS }, "demo account refused: creation limit");
      return loginWithError("demo-limit", locale, returnTo);
    }
    userId = await createDemoAccount(db, hooks.demoRoles[demo], new Date(), locale);
  } else {
    await hooks.demoRoles[demo].addTo?.(db, userId, locale);
  }
  await rememberLocale(db, userId, locale);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await createSession(db, env, userId, currentSessionToken(request), resumedOn(services)),
  );
  headers.append("Set-Cookie", await demoAccountCookie(env, secret, userId));
  await signedIn(hooks, services, request, userId, headers);
  logger.info({ userId, mode: "local", returning }, "signed in");
  const otherwise = demo === "contractor" ? "/pro" : "/dashboard";
  return redirect(completePath(destinationIn(locale, returnTo, otherwise)), { headers });
}

/** Businesses that signing in took off their inactivity pause: their pages are stale everywhere. */
function resumedOn(services: AppServices) {
  return (businessIds: readonly string[]) =>
    announceBusinessesOn(services.database.db, services.messageBus, services.logger, businessIds);
}

export async function completeOidcSignIn(
  services: AppServices,
  hooks: SignInHooks,
  request: Request,
): Promise<Response> {
  const headers = new Headers({ "Set-Cookie": await clearFlowCookie(services) });
  let returnTo: string | undefined;
  try {
    const identity = await finishOidcSignIn(services, request);
    returnTo = checkedReturnPath(services, identity.returnTo);
    const userId = await findOrCreateUser(services.database.db, identity);
    // The language of the page signed in from: emails to the person are written in it.
    await rememberLocale(services.database.db, userId, localeOfPath(returnTo ?? "/"));
    for (const hook of hooks.onIdentityVerified) await hook(services, identity);
    headers.append(
      "Set-Cookie",
      await createSession(
        services.database.db,
        services.env,
        userId,
        currentSessionToken(request),
        resumedOn(services),
      ),
    );
    await signedIn(hooks, services, request, userId, headers);
    services.logger.info({ userId, mode: "google" }, "signed in");
    return redirect(completePath(returnTo), { headers });
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    const locale = localeOfPath(checkedReturnPath(services, error.returnTo) ?? returnTo ?? "/");
    return redirect(`${localizePath("/login", locale)}?error=${error.code}`, { headers });
  }
}

/** Sign Out: ends the session, then the login page in the language the person was reading. */
export async function signOut(
  services: AppServices,
  request: Request,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Response> {
  const cookie = await destroySession(services.database.db, services.env, request);
  return redirect(localizePath("/login", locale), { headers: { "Set-Cookie": cookie } });
}
