/**
 * The way back to a request from its emails (issue 43, decision 049). A
 * request sent without signing in belongs to the browser that sent it (its
 * tm_request cookie); a homeowner who loses that tab, or opens the email on
 * a phone, had no way back. Every email to such a homeowner now links to
 * `/requests/{id}/open/{token}`: the token is the link's expiry and an HMAC
 * of the request's id and that expiry with the installation secret, so the
 * link opens that one request, for REQUEST_LINK_DAYS, and nothing else. The
 * page it opens makes the browser the request's own (the same cookie) and
 * goes on to the request, without the token in its address. A request an
 * account has is never opened by a link: it goes to the account's page,
 * which asks for a sign-in.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { installationSecret } from "~/features/notifications/index.server";
import type { Database } from "~/lib/db.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import type { MailSettings } from "~/lib/mail/email";
import { DAY_MS } from "~/lib/retention";

/**
 * How long a link in an email opens its request: long enough to follow the
 * answers and quotes of a request sent today (the answer window is 48 hours,
 * a quote holds 30 days by default), short enough that an old forwarded
 * email stops opening it. Each email carries a fresh link.
 */
export const REQUEST_LINK_DAYS = 30;

const SIGNATURE_CHARS = 32;
/** The expiry's 4 bytes in base64url (6) and the signature. */
const TOKEN = /^[A-Za-z0-9_-]{38}$/;

function sign(secret: string, leadId: string, expiresS: number): string {
  return createHmac("sha256", secret)
    .update(`request-link:${leadId}:${expiresS.toString()}`)
    .digest("base64url")
    .slice(0, SIGNATURE_CHARS);
}

/** The token of a link to `leadId` that works until `now` + REQUEST_LINK_DAYS. */
export function requestLinkToken(secret: string, leadId: string, now: Date): string {
  const expiresS = Math.floor((now.getTime() + REQUEST_LINK_DAYS * DAY_MS) / 1000);
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(expiresS);
  return `${bytes.toString("base64url")}${sign(secret, leadId, expiresS)}`;
}

/**
 * What a token says of request `leadId` at `now`: "open" when we signed it
 * for that request and it has not expired, "expired" when we signed it but
 * its time is over, null for anything else (another request's, altered,
 * made up).
 */
export function readRequestLinkToken(
  secret: string,
  leadId: string,
  token: unknown,
  now: Date,
): "open" | "expired" | null {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const encoded = token.slice(0, -SIGNATURE_CHARS);
  const bytes = Buffer.from(encoded, "base64url");
  // One spelling per token: what we would have written for these bytes.
  if (bytes.length !== 4 || bytes.toString("base64url") !== encoded) return null;
  const expiresS = bytes.readUInt32BE();
  const expected = Buffer.from(sign(secret, leadId.toLowerCase(), expiresS));
  const actual = Buffer.from(token.slice(-SIGNATURE_CHARS));
  if (!timingSafeEqual(expected, actual)) return null;
  return expiresS * 1000 > now.getTime() ? "open" : "expired";
}

/** Where a link goes once it has opened the request: its page, or its choice of pros. */
export type RequestLinkTarget = "request" | "pros";

/** The path of a link that opens `leadId` (the caller puts it in the reader's language). */
export function requestLinkPath(
  secret: string,
  leadId: string,
  now: Date,
  target: RequestLinkTarget = "request",
): string {
  const path = `/requests/${leadId}/open/${requestLinkToken(secret, leadId, now)}`;
  return target === "pros" ? `${path}?next=pros` : path;
}

/**
 * The key the links are signed with: the installation secret, the same on
 * every instance and for the outbox worker as for the pages.
 */
export const requestLinkSecret = (db: Database): Promise<string> => installationSecret(db);

/** What a homeowner's link is signed with: the key, and the time the email is written. */
export interface LinkSigning {
  secret: string;
  now: Date;
}

/**
 * Where a homeowner's email sends them back to their request, as a full
 * address in their language: the account's page once an account has the
 * request (it asks for a sign-in), else a link that opens it in whichever
 * browser follows it.
 */
export function homeownerRequestLink(
  request: { id: string; userId: string | null },
  locale: Locale,
  mail: MailSettings,
  signing: LinkSigning,
  target: RequestLinkTarget = "request",
): string {
  const path = request.userId
    ? `/dashboard/projects/${request.id}${target === "pros" ? "/pros" : ""}`
    : requestLinkPath(signing.secret, request.id, signing.now, target);
  return new URL(localizePath(path, locale), mail.siteUrl).toString();
}
