import { useEffect } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { clearStoredReturnPath, setSignedInFlag } from "~/features/auth/auth-flag";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { safeReturnPath } from "~/features/auth/return-path";
import { toast } from "~/components/ui/toast-store";
import type { Route } from "./+types/complete";

/**
 * The last step of signing in: the browser sets the spec's local flag, forgets
 * the stored return path, and continues there (spec §4 Session).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (!(await getUser(request, context))) throw redirect("/login");
  return { to: safeReturnPath(url.searchParams.get("to")) ?? "/dashboard" };
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: "Signing you in…" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SignInComplete({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    setSignedInFlag();
    clearStoredReturnPath();
    toast({ title: "You're signed in" });
    void navigate(loaderData.to, { replace: true });
  }, [loaderData.to, navigate]);

  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-navy-900">You're signed in</h1>
      <p className="mt-3 text-muted">
        Taking you to{" "}
        <Link to={loaderData.to} className="font-medium text-navy-700 underline">
          {loaderData.to}
        </Link>
        …
      </p>
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${loaderData.to}`} />
      </noscript>
    </section>
  );
}
