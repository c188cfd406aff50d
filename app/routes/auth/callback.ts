import { completeOidcSignIn } from "~/features/auth/sign-in.server";
import { getServices } from "~/lib/app-context.server";
import type { Route } from "./+types/callback";
import { SIGN_IN_HOOKS } from "./sign-in-hooks.server";

/** The OpenID provider sends the browser back here with the authorization code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return completeOidcSignIn(getServices(context), SIGN_IN_HOOKS, request);
}
