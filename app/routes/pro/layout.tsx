/** The pro's pages (inbox, a request): signed in, and the owner of a business. */
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { signedIn, signedInUser } from "~/features/auth/signed-in.server";
import { unreadTotal } from "~/features/conversations/list.server";
import { ProNavigation } from "~/features/dashboard/pro-navigation";
import { AreaError } from "~/features/shell/error-page";
import { getDb } from "~/lib/app-context.server";
import { noStore } from "~/lib/no-store.server";
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
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <ProNavigation name={data.name} unread={data.unread} />
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
