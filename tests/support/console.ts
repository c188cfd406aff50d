/**
 * The operator's console over HTTP: sign a cookie jar in as the
 * installation's operator through a fresh one-time link, and post the
 * console's forms as a browser would (same-origin, url-encoded).
 */
import { createOperatorLink } from "~/features/operator/links.server";
import type { Database } from "~/lib/db.server";
import type { CookieJar } from "./cookie-jar";

/** Signs the jar in through a new link (as `npm run operator -- link` would print). */
export async function signInWithLink(
  jar: CookieJar,
  serverUrl: string,
  db: Database,
  email?: string,
): Promise<Response> {
  const link = await createOperatorLink(db, email);
  const path = `${serverUrl}/admin/sign-in/${link.token}`;
  const page = await jar.fetch(path);
  const text = await page.text();
  if (page.status !== 200 || !text.includes("Sign in to the console"))
    throw new Error(`the link page answered ${page.status.toString()} without its button`);
  return jar.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: serverUrl },
    body: "",
    redirect: "manual",
  });
}

/** A form post from the console's own pages (the server checks the origin). */
export function postForm(
  jar: CookieJar,
  serverUrl: string,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  return jar.fetch(`${serverUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: serverUrl },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}
