import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Outlet, redirect } from "react-router";
import { hasSignedInFlag } from "~/features/auth/auth-flag";
import { signedIn, signedInUser } from "~/features/auth/signed-in.server";
import { rememberLocale } from "~/features/auth/users.server";
import { unreadTotal } from "~/features/conversations/list.server";
import { DashboardSidebar } from "~/features/dashboard/sidebar";
import { AreaError } from "~/features/shell/error-page";
import { getDb } from "~/lib/app-context.server";
import { localeOf } from "~/lib/locale-context.server";
import { noStore } from "~/lib/no-store.server";
import { localeOfRequest, localizePath, unlocalizedPath } from "~/lib/locale-path";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/layout";
import { SIGNED_IN_PAGE } from "~/lib/page-handle";

/**
 * Every dashboard page: signed in (else /login, back to the page asked for),
 * and never stored. The pages read the person with signedInUser(context).
 */
export const middleware: Route.MiddlewareFunction[] = [noStore, signedIn];

/** Only a signed-in person reaches it: the header says so without JavaScript. */
export const handle = SIGNED_IN_PAGE;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  // The dashboard opened in another language: emails to the person follow it.
  const locale = localeOf(context);
  if (user.locale !== locale) await rememberLocale(db, user.id, locale);
  // One query, on every navigation: the sidebar's unread figure stays current. A
  // conversation being opened is read by its own loader, which runs alongside.
  const opening = url.searchParams.has("before")
    ? undefined
    : /^\/dashboard\/messages\/([^/]+)$/.exec(unlocalizedPath(url.pathname))?.[1];
  const unread = await unreadTotal(db, user.id, opening);
  return { user: { name: user.name, email: user.email }, unread };
}

/**
 * Spec §2: /dashboard shows only when the local flag says signed in. The
 * flag alone opens nothing: the data still needs the server session.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  // In the browser: the root's withLocale runs on the server only, so the path says.
  if (!hasSignedInFlag()) throw redirect(localizePath("/login", localeOfRequest(request)));
  // Arriving from another area: this area's messages come with its data (decision 030).
  const [data] = await Promise.all([serverLoader(), loadCatalogs("dashboard")]);
  return data;
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

type LayoutData = Route.ComponentProps["loaderData"];

/** The dashboard's frame: who is signed in and the sidebar, around the page (or its error). */
function DashboardFrame({ data, children }: { data: LayoutData; children: ReactNode }) {
  const name = data.user.name;
  return (
    <div className="mx-auto grid max-w-[96rem] gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[15rem_1fr]">
      <div className="grid content-start gap-3">
        <p className="px-1 text-sm text-muted">
          <Trans>
            Signed in as <span className="font-semibold text-navy-900">{name}</span>
          </Trans>
        </p>
        <DashboardSidebar unread={data.unread} />
      </div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardFrame data={loaderData}>
      <Outlet />
    </DashboardFrame>
  );
}

/** A page of the dashboard that failed (a project that is not theirs: 404) keeps the sidebar. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} layout="routes/dashboard/layout" Frame={DashboardFrame} />;
}
