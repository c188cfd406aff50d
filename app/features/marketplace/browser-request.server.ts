/**
 * A request sent without signing in (the home and city forms) belongs to the
 * browser that sent it: a signed, httpOnly cookie names it, so that browser,
 * and only it, may choose the pros who receive it. Signing in later hands the
 * request to the account (adoptBrowserRequest), where the homeowner compares
 * quotes and hires. A signed-in person's request is their account's from the
 * first form (My Projects shows it at once); the cookie names it too, so
 * that the page the home form ends on (/search) can offer its choice. Pages that show such a request are rendered for their
 * visitor: the root route declares this cookie personal (app/root.tsx), so
 * the server never answers a request carrying it from the shared page cache.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getUser, secureCookies } from "~/features/auth/index.server";
import { getDb, getServices, type AppServices } from "~/lib/app-context.server";
import { signedCookie } from "~/lib/cookies.server";
import { localeOfRequest } from "~/lib/locale-path";
import { BROWSER_REQUEST_COOKIE_DAYS, DRAFT_KEPT_DAYS } from "~/lib/retention";
import type { Database } from "~/lib/db.server";
import { leads } from "../../../database/schema";
import { BROWSER_REQUEST_COOKIE } from "./browser-request-cookie";
import { notFound } from "./answers.server";
import { choiceColumns, type ChoiceLead } from "./choice.server";
import { ownedBy, type Owner } from "./requests.server";

/**
 * Long enough to choose pros after a pause; a signed-in person keeps the
 * request for good. Never longer than a draft lives (DRAFT_KEPT_DAYS): the
 * cookie must not outlive what it names.
 */
const MAX_AGE_S = Math.min(BROWSER_REQUEST_COOKIE_DAYS, DRAFT_KEPT_DAYS) * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function cookie(services: AppServices) {
  return signedCookie(BROWSER_REQUEST_COOKIE, {
    secret: services.secret,
    secure: secureCookies(services.env),
    maxAgeS: MAX_AGE_S,
  });
}

/** The Set-Cookie that makes `leadId` this browser's request. */
export function rememberRequest(services: AppServices, leadId: string): Promise<string> {
  return cookie(services).serialize(leadId);
}

/** The Set-Cookie that forgets it (once an account has it). */
export function forgetRequest(services: AppServices): Promise<string> {
  return cookie(services).serialize("", { maxAge: 0 });
}

/** The request this browser sent without signing in, if its cookie is one we signed. */
export async function browserRequestId(
  services: AppServices,
  request: Request,
): Promise<string | null> {
  const value: unknown = await cookie(services).parse(request.headers.get("Cookie"));
  return typeof value === "string" && UUID.test(value) ? value : null;
}

/**
 * Hands the browser's request to the person who just signed in, if no
 * account has it yet. Returns its id when it is now theirs.
 */
export async function adoptBrowserRequest(
  db: Database,
  userId: string,
  leadId: string,
): Promise<string | null> {
  const [row] = await db
    .update(leads)
    .set({ userId })
    .where(and(eq(leads.id, leadId), isNull(leads.userId)))
    .returning({ id: leads.id });
  return row?.id ?? null;
}

/**
 * The owner of request `leadId` when this browser's cookie names it; else
 * the 404 every foreign id answers (no hint that it exists).
 */
export async function browserOwner(
  context: Readonly<RouterContextProvider>,
  request: Request,
  leadId: string,
): Promise<Owner> {
  const id = await browserRequestId(getServices(context), request);
  if (id !== leadId) notFound(localeOfRequest(request));
  return { browserLeadId: id };
}

/**
 * This browser's request, while it is a draft waiting for its pros; else
 * null. Held by no account, or by the one signed in here (sent signed in):
 * never another account's, whatever the cookie says.
 */
export async function waitingRequest(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ChoiceLead | null> {
  const id = await browserRequestId(getServices(context), request);
  if (!id) return null;
  const user = await getUser(request, context);
  const browsers = ownedBy(id, { browserLeadId: id });
  const [lead] = await getDb(context)
    .select(choiceColumns)
    .from(leads)
    .where(user ? or(browsers, ownedBy(id, { userId: user.id })) : browsers);
  return lead?.status === "draft" ? lead : null;
}

/**
 * Signed in, with a request this browser sent before: the account takes it
 * (if no account has it yet) and the browser forgets it. Returns the
 * Set-Cookie that forgets it, or null when the browser names no request.
 */
export async function adoptOnSignIn(
  services: AppServices,
  request: Request,
  userId: string,
): Promise<string | null> {
  const leadId = await browserRequestId(services, request);
  if (!leadId) return null;
  await adoptBrowserRequest(services.database.db, userId, leadId);
  return forgetRequest(services);
}
