/**
 * A one-time console sign-in link (`npm run operator -- link`). Opening it
 * shows a button: the link is used by the post, so a mail scanner or a link
 * preview that fetches it does not use it up. An unknown, used or expired
 * link is the plain 404.
 */
import { data, Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { NO_STORE } from "~/features/auth/require-user.server";
import { safeReturnPath } from "~/features/auth/return-path";
import { createSession, currentSessionToken } from "~/features/auth/session.server";
import { notFound } from "~/features/marketplace/answers.server";
import { LINK_MINUTES } from "~/features/operator/limits";
import { operatorLinkIsLive, redeemOperatorLink } from "~/features/operator/links.server";
import { clearReturnCookie, returnCookiePath } from "~/features/operator/return-cookie.server";
import { getServices } from "~/lib/app-context.server";
import type { EdgeHandle } from "~/lib/edge";
import { BRAND } from "~/site";
import type { Route } from "./+types/sign-in-link";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!(await operatorLinkIsLive(getServices(context).database.db, params.token))) notFound();
  return data({}, { headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { database, env } = getServices(context);
  const userId = await redeemOperatorLink(database.db, params.token);
  if (!userId) notFound();
  const headers = new Headers({ ...NO_STORE });
  headers.append(
    "Set-Cookie",
    await createSession(database.db, env, userId, currentSessionToken(request)),
  );
  headers.append("Set-Cookie", clearReturnCookie(env));
  // Through the sign-in's last step, as every sign-in: the browser notes it
  // is signed in (the header's account link), then goes on.
  const to = safeReturnPath(returnCookiePath(request)) ?? "/admin";
  return redirect(`/auth/complete?${new URLSearchParams({ to }).toString()}`, { headers });
}

// The token signs in as the operator: never written to the log (server/http/secret-paths.ts).
export const handle = {
  edge: { secretParams: ["token"] },
} satisfies EdgeHandle<keyof Route.LoaderArgs["params"]>;

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Sign in to the console | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
  // The link's token never leaves the site in a Referer; "no-referrer" would
  // also make the browser send `Origin: null` with the button's post, which
  // the cross-site check refuses (the form must work without JavaScript).
  { name: "referrer", content: "same-origin" },
];

export default function SignInLink() {
  return (
    <section
      aria-labelledby="link-title"
      className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center"
    >
      <h1 id="link-title" className="text-2xl font-bold text-navy-900">
        Sign in to the console
      </h1>
      <p className="text-muted">
        This link works once, within {LINK_MINUTES} minutes of being made.
      </p>
      <Form method="post">
        <Button type="submit" size="lg" className="w-full">
          Sign in to the console
        </Button>
      </Form>
    </section>
  );
}
