/** The pro's pages (inbox, a request): signed in, and the owner of a business. */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { signedIn, signedInUser } from "~/features/auth/signed-in.server";
import { unreadTotal } from "~/features/conversations/list.server";
import { UnreadCount } from "~/features/dashboard/sidebar";
import { AreaError } from "~/features/shell/error-page";
import { getDb } from "~/lib/app-context.server";
import { noStore } from "~/lib/no-store.server";
import { useLocalize } from "~/lib/use-locale";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/layout";
import { SIGNED_IN_PAGE } from "~/lib/page-handle";

/**
 * Every pro page: signed in (else /login, back to the page asked for), and
 * never stored. The pages read the person with signedInUser(context).
 */
export const middleware: Route.MiddlewareFunction[] = [noStore, signedIn];

/** Only a signed-in person reaches it: the header says so without JavaScript. */
export const handle = SIGNED_IN_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const unread = await unreadTotal(getDb(context), user.id);
  return { name: user.name, unread };
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("pro")]);
  return data;
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

type LayoutData = Route.ComponentProps["loaderData"];

/** The pro's frame: the pro's links, around the page (or its error). */
function ProFrame({ data, children }: { data: LayoutData; children: ReactNode }) {
  const { t } = useLingui();
  const localize = useLocalize();
  const name = data.name;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <nav
        aria-label={t`For pros`}
        className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm print:hidden"
      >
        <span className="text-muted">
          <Trans>
            Signed in as <span className="font-semibold text-navy-900">{name}</span>
          </Trans>
        </span>
        <Link
          to={localize("/pro")}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Requests</Trans>
        </Link>
        <Link
          to={localize("/dashboard/messages")}
          className="inline-flex items-center gap-1.5 font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Messages</Trans>
          <UnreadCount count={data.unread} className="no-underline" />
        </Link>
        <Link
          to={localize("/pro/reviews")}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Reviews</Trans>
        </Link>
        <Link
          to={localize("/pro/break")}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Taking a break</Trans>
        </Link>
        <Link
          to={localize("/pro/visits")}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Visit hours</Trans>
        </Link>
        <Link
          to={localize("/pro/schedule")}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Schedule</Trans>
        </Link>
        <Link
          to={localize("/pro/profile")}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>Business profile</Trans>
        </Link>
        <Link
          to={localize("/dashboard")}
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          <Trans>My Projects</Trans>
        </Link>
      </nav>
      {children}
    </div>
  );
}

export default function ProLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ProFrame data={loaderData}>
      <Outlet />
    </ProFrame>
  );
}

/** A pro page that failed (a request not sent to this business: 404) keeps the pro's links. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} layout="routes/pro/layout" Frame={ProFrame} />;
}
