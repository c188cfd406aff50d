import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { safeReturnPath } from "~/features/auth/return-path";
import { signInErrorMessage } from "~/features/auth/sign-in-errors";
import { beginSignIn, checkedReturnPath } from "~/features/auth/sign-in.server";
import { SignInPanelIsland } from "~/features/auth/sign-in-panel";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath } from "~/lib/locale-path";
import { pageMeta } from "~/lib/meta";
import { BRAND } from "~/site";
import type { Route } from "./+types/login";
import { SIGN_IN_HOOKS } from "./sign-in-hooks.server";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { env } = getServices(context);
  const locale = localeOf(context);
  const user = await getUser(request, context);
  const error = signInErrorMessage(url.searchParams.get("error"));
  const brand = BRAND.name;
  return data(
    {
      signedIn: user !== null,
      demoIdleHours: env.authMode === "local" ? env.DEMO_ACCOUNT_IDLE_HOURS : undefined,
      returnTo: safeReturnPath(url.searchParams.get("returnTo")),
      error: error ? translate(locale, error) : undefined,
      siteUrl: env.SITE_URL,
      title: translate(locale, msg`Sign in | ${brand}`),
      description: translate(
        locale,
        msg`Sign in to ${brand} to follow your quote requests and projects.`,
      ),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  return beginSignIn(
    services,
    SIGN_IN_HOOKS,
    request,
    getRequestInfo(context).clientAddress,
    checkedReturnPath(services, form.get("returnTo")),
    form.get("demo") === "contractor" ? "contractor" : "homeowner",
    // The page's language: the person comes back in it, and it becomes their emails'.
    localeOf(context),
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

// Indexable: people search for "TradeMatch sign in". One canonical URL, whatever the query.
export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    siteUrl: loaderData.siteUrl,
    path: "/login",
    locale: localeOfPath(location.pathname),
  });

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <SignInPanelIsland
      returnTo={loaderData.returnTo}
      error={loaderData.error}
      demoIdleHours={loaderData.demoIdleHours}
      signedIn={loaderData.signedIn}
    />
  );
}
