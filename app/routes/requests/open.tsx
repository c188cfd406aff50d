/**
 * GET /requests/:id/open/:token: the link in a homeowner's emails (issue
 * 43, decision 049). A token we signed for this request, not expired, makes
 * this browser the request's own (the tm_request cookie, as sending it did)
 * and goes on to the request's page, or its choice of pros (`?next=pros`),
 * without the token in the address. A request an account has goes to the
 * account's page, which asks for a sign-in: a link never opens an account.
 * An expired link says so and how to come back; anything else is the 404.
 */
import { msg } from "@lingui/core/macro";
import { data, Link, redirect } from "react-router";
import { NO_STORE } from "~/features/auth/require-user.server";
import { readRequestLinkToken, requestLinkSecret } from "~/features/leads/index.server";
import { notFound } from "~/features/marketplace/answers.server";
import { rememberRequest } from "~/features/marketplace/browser-request.server";
import { checkIds, NotFound } from "~/features/marketplace/requests.server";
import { getDb, getServices } from "~/lib/app-context.server";
import type { EdgeHandle } from "~/lib/edge";
import { loadCatalogs } from "~/lib/i18n-browser";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { BRAND } from "~/site";
import { eq } from "drizzle-orm";
import { leads } from "../../../database/schema";
import type { Route } from "./+types/open";

/** Nothing of this answer is kept or sent on: the token is a key. */
const PRIVATE = { ...NO_STORE, "Referrer-Policy": "no-referrer" };

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  try {
    checkIds(params.id);
  } catch (error) {
    if (error instanceof NotFound) notFound(locale);
    throw error;
  }
  const db = getDb(context);
  const opened = readRequestLinkToken(
    await requestLinkSecret(db),
    params.id,
    params.token,
    new Date(),
  );
  const [lead] = opened
    ? await db.select({ userId: leads.userId }).from(leads).where(eq(leads.id, params.id))
    : [];
  if (!opened || !lead) notFound(locale);
  const pros = url.searchParams.get("next") === "pros";
  if (lead.userId) {
    const path = `/dashboard/projects/${params.id}${pros ? "/pros" : ""}`;
    throw redirect(localizePath(path, locale), { headers: PRIVATE });
  }
  if (opened === "expired") {
    const brand = BRAND.name;
    const support = BRAND.supportEmail;
    return data(
      {
        title: translate(locale, msg`This link has expired`),
        text: translate(
          locale,
          msg`For your privacy, the links in our emails open a request for a limited time. Your request is kept: write to us at ${support} and we'll help you back to it.`,
        ),
        home: translate(locale, msg`Go to ${brand}`),
        homePath: localizePath("/", locale),
      },
      { status: 410, headers: PRIVATE },
    );
  }
  const cookie = await rememberRequest(getServices(context), params.id);
  const path = `/requests/${params.id}${pros ? "/pros" : ""}`;
  throw redirect(localizePath(path, locale), { headers: { ...PRIVATE, "Set-Cookie": cookie } });
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("requests")]);
  return data;
}

// The token opens a request: every log line shows it as [redacted] (server/http/secret-paths.ts).
export const handle = {
  edge: { secretParams: ["token"] },
} satisfies EdgeHandle<keyof Route.LoaderArgs["params"]>;

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.title} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ExpiredLink({ loaderData }: Route.ComponentProps) {
  return (
    <section
      aria-labelledby="expired-title"
      className="mx-auto grid max-w-2xl gap-4 px-4 py-16 sm:px-6"
    >
      <h1 id="expired-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        {loaderData.title}
      </h1>
      <p className="text-muted">{loaderData.text}</p>
      <Link to={loaderData.homePath} className="font-medium text-navy-700 underline">
        {loaderData.home}
      </Link>
    </section>
  );
}
