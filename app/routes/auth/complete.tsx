import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { clearStoredReturnPath, setSignedInFlag } from "~/features/auth/auth-flag";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { safeReturnPath } from "~/features/auth/return-path";
import { toast } from "~/components/ui/toast-store";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/complete";

/**
 * The last step of signing in: the browser sets the spec's local flag, forgets
 * the stored return path, and continues there (spec §4 Session). In the
 * language the person signed in from (the return path carries it).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  if (!(await getUser(request, context))) throw redirect(localizePath("/login", locale));
  return {
    to: safeReturnPath(url.searchParams.get("to")) ?? localizePath("/dashboard", locale),
  };
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("dashboard")]);
  return data;
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: i18nFor(localeOfPath(location.pathname))._(msg`Signing you in…`) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SignInComplete({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const signedIn = t`You're signed in`;
  useEffect(() => {
    setSignedInFlag();
    clearStoredReturnPath();
    toast({ title: signedIn });
    void navigate(loaderData.to, { replace: true });
  }, [loaderData.to, navigate, signedIn]);

  const to = loaderData.to;
  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-navy-900">{signedIn}</h1>
      <p className="mt-3 text-muted">
        <Trans>
          Taking you to{" "}
          <Link to={to} className="font-medium text-navy-700 underline">
            {to}
          </Link>
          …
        </Trans>
      </p>
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${to}`} />
      </noscript>
    </section>
  );
}
