/**
 * An operator whose sign-in is more than 12 hours old is sent here before
 * any console page: sign in again (a new link, or Google), then the console
 * opens the page they were on. Anyone who is not an operator gets the 404.
 */
import { data, redirect } from "react-router";
import { NO_STORE } from "~/features/auth/require-user.server";
import { safeReturnPath } from "~/features/auth/return-path";
import { RECENT_SIGN_IN_HOURS } from "~/features/operator/limits";
import { operatorOr404, signedInRecently } from "~/features/operator/require-operator.server";
import { returnCookie } from "~/features/operator/return-cookie.server";
import { getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/sign-in-again";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await operatorOr404(request, context);
  const asked = safeReturnPath(url.searchParams.get("returnTo"));
  const returnTo = asked?.startsWith("/admin") ? asked : "/admin";
  if (signedInRecently(user)) throw redirect(returnTo, { headers: NO_STORE });
  const { env } = getServices(context);
  return data(
    { returnTo, google: user.provider !== "operator-link" },
    { headers: { ...NO_STORE, "Set-Cookie": returnCookie(env, returnTo) } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(NO_STORE);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};

export const meta: Route.MetaFunction = () => [
  { title: `Sign in again | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SignInAgain({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="again-title" className="mx-auto grid max-w-xl gap-4 px-4 py-16">
      <h1 id="again-title" className="text-2xl font-bold text-navy-900">
        Sign in again to continue
      </h1>
      <p>
        Console actions need a sign-in less than {RECENT_SIGN_IN_HOURS} hours old. Once you sign in,
        the console opens <span className="font-semibold">{loaderData.returnTo}</span>.
      </p>
      {loaderData.google ? (
        <form method="post" action="/login">
          <input type="hidden" name="returnTo" value={loaderData.returnTo} />
          <button
            type="submit"
            className="rounded-control bg-navy-900 px-4 py-2 font-semibold text-white"
          >
            Sign in with Google
          </button>
        </form>
      ) : (
        <p>
          On the server, run{" "}
          <code className="rounded bg-navy-50 px-1">npm run operator -- link</code> and open the
          link it prints.
        </p>
      )}
    </section>
  );
}
