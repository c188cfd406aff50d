import { data } from "react-router";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { safeReturnPath } from "~/features/auth/return-path";
import { signInErrorMessage } from "~/features/auth/sign-in-errors";
import { beginSignIn, checkedReturnPath } from "~/features/auth/sign-in.server";
import { SignInPanelIsland } from "~/features/auth/sign-in-panel";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { ISLANDS_PAGE } from "~/lib/island";
import { pageMeta } from "~/lib/meta";
import { BRAND } from "~/site";
import type { Route } from "./+types/login";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { env } = getServices(context);
  const user = await getUser(request, context);
  return data(
    {
      signedIn: user !== null,
      demoIdleHours: env.authMode === "local" ? env.DEMO_ACCOUNT_IDLE_HOURS : undefined,
      returnTo: safeReturnPath(url.searchParams.get("returnTo")),
      error: signInErrorMessage(url.searchParams.get("error")),
      siteUrl: env.SITE_URL,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  return beginSignIn(
    services,
    request,
    getRequestInfo(context).clientAddress,
    checkedReturnPath(services, form.get("returnTo")),
    form.get("demo") === "contractor" ? "contractor" : "homeowner",
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const handle = ISLANDS_PAGE;

// Indexable: people search for "TradeMatch sign in". One canonical URL, whatever the query.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `Sign in | ${BRAND.name}`,
    description: `Sign in to ${BRAND.name} to follow your quote requests and projects.`,
    siteUrl: loaderData.siteUrl,
    path: "/login",
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
