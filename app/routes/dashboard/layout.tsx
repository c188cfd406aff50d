import { Trans } from "@lingui/react/macro";
import { data, Outlet, redirect } from "react-router";
import { hasSignedInFlag } from "~/features/auth/auth-flag";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { rememberLocale } from "~/features/auth/users.server";
import { unreadTotal } from "~/features/conversations/list.server";
import { DashboardSidebar } from "~/features/dashboard/sidebar";
import { getDb } from "~/lib/app-context.server";
import { localeOfRequest, localizePath, unlocalizedPath } from "~/lib/locale-path";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/layout";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  // Signed out: back to the page asked for (the layout's redirect is the one that goes out).
  const user = await requireUser(request, context, url.pathname + url.search);
  const db = getDb(context);
  // The dashboard opened in another language: emails to the person follow it.
  const locale = localeOfRequest(request);
  if (user.locale !== locale) await rememberLocale(db, user.id, locale);
  // One query, on every navigation: the sidebar's unread figure stays current. A
  // conversation being opened is read by its own loader, which runs alongside.
  const opening = url.searchParams.has("before")
    ? undefined
    : /^\/dashboard\/messages\/([^/]+)$/.exec(unlocalizedPath(url.pathname))?.[1];
  const unread = await unreadTotal(db, user.id, opening);
  return data({ user: { name: user.name, email: user.email }, unread }, { headers: NO_STORE });
}

/**
 * Spec §2: /dashboard shows only when the local flag says signed in. The
 * flag alone opens nothing: the data still needs the server session.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!hasSignedInFlag()) throw redirect(localizePath("/login", localeOfRequest(request)));
  // Arriving from another area: this area's messages come with its data (decision 030).
  const [data] = await Promise.all([serverLoader(), loadCatalogs("dashboard")]);
  return data;
}
clientLoader.hydrate = true as const;

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const name = loaderData.user.name;
  return (
    <div className="mx-auto grid max-w-[96rem] gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[15rem_1fr]">
      <div className="grid content-start gap-3">
        <p className="px-1 text-sm text-muted">
          <Trans>
            Signed in as <span className="font-semibold text-navy-900">{name}</span>
          </Trans>
        </p>
        <DashboardSidebar unread={loaderData.unread} />
      </div>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
