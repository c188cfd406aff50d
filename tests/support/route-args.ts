/**
 * A route's loader or action called as React Router calls it, for a signed-in
 * person: a session cookie, the services in the context, the language and the
 * person set by the middleware the routes run behind. And what it answered,
 * read as the browser would get it: a redirect's place, or the data with
 * its status (a thrown 404 included).
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { createSession } from "~/features/auth/session.server";
import { signedIn } from "~/features/auth/signed-in.server";
import { appContext, type AppServices } from "~/lib/app-context.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { withLocale } from "~/lib/locale-context.server";

const env = parseEnv({});

/**
 * The arguments of a GET (no form) or a POST of `form` to `path`, as `userId`;
 * with `now`, the site's clock reads that time (loaders, actions, their steps).
 */
export async function signedInArgs(
  database: DatabaseHandle,
  userId: string,
  path: string,
  form?: Record<string, string>,
  now?: Date,
) {
  const setCookie = await createSession(database.db, env, userId);
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: setCookie.split(";")[0] ?? "" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  const services: Pick<AppServices, "env" | "logger" | "database" | "now"> = {
    env,
    logger: pino({ level: "silent" }),
    database,
    ...(now ? { now: () => now } : {}),
  };
  context.set(appContext, services as AppServices);
  const args = { request, url, params: {}, context, pattern: path };
  const next = () => Promise.resolve(new Response());
  await withLocale(args, next);
  await signedIn(args, next);
  return args;
}

/** What a loader or action answered: a redirect's place, or the data and its status. */
export async function answer(work: Promise<unknown>) {
  try {
    const result = await work;
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get("Location") };
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, data };
  } catch (error) {
    const thrown = error as { init?: ResponseInit | null; status?: number };
    return { status: thrown.init?.status ?? thrown.status ?? 500, data: error };
  }
}
