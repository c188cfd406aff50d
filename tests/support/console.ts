/**
 * The operator's console over HTTP: sign a cookie jar in as the
 * installation's operator through a fresh one-time link, post the console's
 * forms as a browser would (same-origin, url-encoded), and sign in the
 * people who try its doors (a visitor, a homeowner, a pro, the operator).
 */
import { createOperatorLink } from "~/features/operator/links.server";
import type { Database } from "~/lib/db.server";
import { CookieJar, signInLocally } from "./cookie-jar";

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

/** A form post from the site's own pages (the server checks the origin); `headers` add to it. */
export function postForm(
  jar: CookieJar,
  serverUrl: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return jar.fetch(`${serverUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: serverUrl,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** A pro joins over HTTP with a roofing business serving Denver, as the join form posts it. */
export function joinAsDenverRoofer(
  jar: CookieJar,
  serverUrl: string,
  name: string,
): Promise<Response> {
  return postForm(jar, serverUrl, "/pro/join", {
    name,
    categories: "roofing",
    places: "Denver, CO",
    yearsInBusiness: "7",
    email: "office@roofer.example",
  });
}

/**
 * A pro joins over HTTP with the trades ticked (each box sent as the form
 * sends it, one `categories` field apiece) and a radius around a base city.
 */
export function joinWithRadius(
  jar: CookieJar,
  serverUrl: string,
  business: { name: string; categories: readonly string[]; basePlace: string; radius: number },
): Promise<Response> {
  const body = new URLSearchParams([
    ["name", business.name],
    ...business.categories.map((category) => ["categories", category]),
    ["basePlace", business.basePlace],
    ["radius", business.radius.toString()],
    ["yearsInBusiness", "7"],
    ["email", "office@travelling.example"],
  ]);
  return jar.fetch(`${serverUrl}/pro/join`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: serverUrl },
    body: body.toString(),
    redirect: "manual",
  });
}

/** Who tries the console's doors, each in a browser (a cookie jar) of their own. */
export type Person = "visitor" | "homeowner" | "pro" | "operator";

/** A fresh cookie jar for each person named, not signed in yet. */
export function cookieJars<P extends Person>(...people: P[]): Record<P, CookieJar> {
  return Object.fromEntries(people.map((person) => [person, new CookieJar()])) as Record<
    P,
    CookieJar
  >;
}

/**
 * Signs each jar in as its person on the site: the visitor stays signed
 * out; the homeowner with the sign-in page's button (a demo account of
 * their own); the pro as the demo contractor; the operator through a
 * one-time link. Each sign-in must answer with its redirect onwards.
 */
export async function signInPeople(
  site: { url: string; db: Database },
  jars: Partial<Record<Person, CookieJar>>,
): Promise<void> {
  const signIn: Record<Person, (jar: CookieJar) => Promise<Response | null>> = {
    visitor: () => Promise.resolve(null),
    homeowner: (jar) => signInLocally(jar, site.url),
    pro: (jar) => postForm(jar, site.url, "/login", { demo: "contractor" }),
    operator: (jar) => signInWithLink(jar, site.url, site.db),
  };
  for (const [person, jar] of Object.entries(jars) as [Person, CookieJar][]) {
    const answer = await signIn[person](jar);
    if (answer && answer.status !== 302)
      throw new Error(`the ${person}'s sign-in answered ${answer.status.toString()}, not 302`);
  }
}
