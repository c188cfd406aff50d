import { redirect } from "react-router";
import { signOut } from "~/features/auth/sign-in.server";
import { getServices } from "~/lib/app-context.server";
import { DEFAULT_LOCALE, isLocale } from "~/lib/locales";
import type { Route } from "./+types/logout";

/**
 * Sign Out (spec §4): ends the session on the server, then /login in the
 * language the person was reading (the form says which: /logout is one path
 * for every language).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const locale = form?.get("locale");
  return signOut(getServices(context), request, isLocale(locale) ? locale : DEFAULT_LOCALE);
}

export function loader() {
  return redirect("/login");
}
