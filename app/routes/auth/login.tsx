import { useEffect, useSyncExternalStore } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { clearSignedInFlag, hasSignedInFlag, storedReturnPath } from "~/features/auth/auth-flag";
import { GoogleMark } from "~/features/auth/google-mark";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { safeReturnPath } from "~/features/auth/return-path";
import { signInErrorMessage } from "~/features/auth/sign-in-errors";
import { beginSignIn, checkedReturnPath } from "~/features/auth/sign-in.server";
import { FormAlert } from "~/features/leads/lead-form-parts";
import { getServices } from "~/lib/app-context.server";
import { pageMeta } from "~/lib/meta";
import { BRAND } from "~/site";
import type { Route } from "./+types/login";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { env } = getServices(context);
  const user = await getUser(request, context);
  return data(
    {
      signedIn: user !== null,
      demo: env.authMode === "local",
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
  return beginSignIn(services, request, checkedReturnPath(services, form.get("returnTo")));
}

export const headers: Route.HeadersFunction = () => NO_STORE;

// Indexable: people search for "TradeMatch sign in". One canonical URL, whatever the query.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `Sign in | ${BRAND.name}`,
    description: `Sign in to ${BRAND.name} to follow your quote requests and projects.`,
    siteUrl: loaderData.siteUrl,
    path: "/login",
  });

const subscribeToNothing = () => () => {};

/** The return path: router state, then the stored redirect, then ?returnTo (spec §2 Login). */
function useReturnPath(fromServer: string | undefined): string | undefined {
  const location = useLocation();
  const fromState = safeReturnPath((location.state as { from?: unknown } | null)?.from);
  const stored = useSyncExternalStore(subscribeToNothing, storedReturnPath, () => undefined);
  return fromState ?? stored ?? fromServer;
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const returnTo = useReturnPath(loaderData.returnTo);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  // A flag without a session is stale (signed out elsewhere, expired, or forged).
  useEffect(() => {
    if (!loaderData.signedIn && hasSignedInFlag()) clearSignedInFlag();
  }, [loaderData.signedIn]);

  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16 sm:py-24">
      {returnTo ? (
        <Link
          to={returnTo}
          className="text-sm font-medium text-navy-700 underline underline-offset-2"
        >
          Back to {returnTo}
        </Link>
      ) : null}
      <div className="rounded-card bg-surface p-8 shadow-card">
        <h1 className="text-2xl font-extrabold tracking-tight text-navy-900">
          Sign in to your account
        </h1>
        <p className="mt-2 text-muted">Follow your quote requests and projects in one place.</p>
        {returnTo ? (
          <p className="mt-4 rounded-control bg-navy-50 px-4 py-3 text-sm text-navy-800">
            After signing in you'll continue to <span className="font-semibold">{returnTo}</span>.
          </p>
        ) : null}
        <div className="mt-6 grid gap-4">
          <FormAlert message={loaderData.error} />
          <Form method="post" replace>
            {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
            <Button type="submit" variant="secondary" size="lg" disabled={busy} className="w-full">
              <span className="grid size-7 place-items-center rounded-full bg-white">
                <GoogleMark className="size-5" />
              </span>
              Sign in with Google
            </Button>
          </Form>
          {loaderData.demo ? (
            <p className="text-sm text-muted">
              This is a demonstration site: the button signs you in to a demo account, and no Google
              account is needed.
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
