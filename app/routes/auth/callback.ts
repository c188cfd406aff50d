import { completeOidcSignIn } from "~/features/auth/sign-in.server";
import { getServices } from "~/lib/app-context.server";
import type { Route } from "./+types/callback";

/** The OpenID provider sends the browser back here with the authorization code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return completeOidcSignIn(getServices(context), request);
}
