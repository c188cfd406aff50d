/**
 * Sign-in with Google: OpenID Connect authorization code flow with PKCE,
 * state and nonce (openid-client). The issuer is discovered from OIDC_ISSUER,
 * so tests run the real flow against a local OpenID provider.
 */
import * as client from "openid-client";
import { redirect } from "react-router";
import type { AppServices } from "~/lib/app-context.server";
import { signedCookie } from "~/lib/cookies.server";
import { secureCookies } from "./session.server";
import { SignInError } from "./sign-in-errors";

export const CALLBACK_PATH = "/auth/callback";
const FLOW_COOKIE = "tm_oidc";
const FLOW_MAX_AGE_S = 600;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  returnTo?: string;
}

/** Plain HTTP, allowed only for a provider on this machine (the tests' own). */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- deliberate, and local-only (see isLocalIssuer)
const insecureForLocalIssuer = client.allowInsecureRequests;

let configuration: Promise<client.Configuration> | undefined;
let configuredFor: string | undefined;

function isLocalIssuer(issuer: URL): boolean {
  return ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
}

/** Discovers the issuer once per process (again after a failure). */
export function oidcConfiguration(services: AppServices): Promise<client.Configuration> {
  const { env } = services;
  const key = `${env.OIDC_ISSUER}|${env.GOOGLE_CLIENT_ID ?? ""}`;
  if (!configuration || configuredFor !== key) {
    const issuer = new URL(env.OIDC_ISSUER);
    configuredFor = key;
    configuration = client
      .discovery(issuer, env.GOOGLE_CLIENT_ID ?? "", env.GOOGLE_CLIENT_SECRET, undefined, {
        execute:
          isLocalIssuer(issuer) && issuer.protocol === "http:" ? [insecureForLocalIssuer] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
  }
  return configuration;
}

function callbackUrl(services: AppServices): string {
  return `${services.env.SITE_URL}${CALLBACK_PATH}`;
}

/**
 * Sends the browser to the provider, remembering state, nonce and verifier in
 * a signed cookie, and where to go afterwards (a path in the language the
 * person signed in from: the callback is one path for every language).
 */
export async function startOidcSignIn(services: AppServices, returnTo?: string): Promise<Response> {
  const config = await oidcConfiguration(services);
  const flow: Flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    returnTo,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(services),
    scope: "openid email profile",
    response_type: "code",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    prompt: "select_account",
  });
  return redirect(url.toString(), {
    headers: { "Set-Cookie": await flowCookie(services).serialize(flow) },
  });
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  returnTo?: string;
}

/** The sign-in in progress (state, nonce, PKCE verifier), for the callback only, signed. */
function flowCookie(services: AppServices) {
  return signedCookie(FLOW_COOKIE, {
    secret: services.secret,
    secure: secureCookies(services.env),
    maxAgeS: FLOW_MAX_AGE_S,
    path: CALLBACK_PATH,
  });
}

export function clearFlowCookie(services: AppServices): Promise<string> {
  return flowCookie(services).serialize("", { maxAge: 0 });
}

function isFlow(value: unknown): value is Flow {
  if (!value || typeof value !== "object") return false;
  const flow = value as Record<string, unknown>;
  return (
    typeof flow.state === "string" &&
    typeof flow.nonce === "string" &&
    typeof flow.verifier === "string" &&
    (flow.returnTo === undefined || typeof flow.returnTo === "string")
  );
}

/**
 * Completes the flow on the callback: exchanges the code (with the PKCE
 * verifier) and validates the ID token's signature, issuer, audience,
 * expiry and nonce, and the state.
 */
export async function finishOidcSignIn(
  services: AppServices,
  request: Request,
): Promise<VerifiedIdentity> {
  const flow: unknown = await flowCookie(services).parse(request.headers.get("Cookie"));
  if (!isFlow(flow)) throw new SignInError("expired");
  const config = await oidcConfiguration(services);
  const incoming = new URL(request.url);
  const currentUrl = new URL(`${callbackUrl(services)}${incoming.search}`);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    services.logger.warn({ err: error }, "sign-in rejected by the OpenID checks");
    throw new SignInError("failed", flow.returnTo);
  }
  const claims = tokens.claims();
  if (!claims?.sub) throw new SignInError("failed", flow.returnTo);
  const email = typeof claims.email === "string" ? claims.email.toLowerCase() : "";
  if (!email) throw new SignInError("email", flow.returnTo);
  const name =
    typeof claims.name === "string" && claims.name.trim()
      ? claims.name.trim()
      : (email.split("@")[0] ?? email);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    name: name.slice(0, 100),
    returnTo: flow.returnTo,
  };
}
