import { redirect } from "react-router";
import { signOut } from "~/features/auth/sign-in.server";
import { getServices } from "~/lib/app-context.server";
import type { Route } from "./+types/logout";

/** Sign Out (spec §4): ends the session on the server, then /login. */
export async function action({ request, context }: Route.ActionArgs) {
  return signOut(getServices(context), request);
}

export function loader() {
  return redirect("/login");
}
