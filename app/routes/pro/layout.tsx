/** The pro's pages (inbox, a request): signed in, and the owner of a business. */
import { data, Link, Outlet } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { unreadTotal } from "~/features/conversations/list.server";
import { UnreadCount } from "~/features/dashboard/sidebar";
import { getDb } from "~/lib/app-context.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url.pathname + url.search);
  const unread = await unreadTotal(getDb(context), user.id);
  return data({ name: user.name, unread }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function ProLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <nav aria-label="For pros" className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span className="text-muted">
          Signed in as <span className="font-semibold text-navy-900">{loaderData.name}</span>
        </span>
        <Link to="/pro" className="font-medium text-navy-700 underline underline-offset-2">
          Requests
        </Link>
        <Link
          to="/dashboard/messages"
          className="inline-flex items-center gap-1.5 font-medium text-navy-700 underline underline-offset-2"
        >
          Messages
          <UnreadCount count={loaderData.unread} className="no-underline" />
        </Link>
        <Link to="/pro/reviews" className="font-medium text-navy-700 underline underline-offset-2">
          Reviews
        </Link>
        <Link to="/pro/profile" className="font-medium text-navy-700 underline underline-offset-2">
          Business profile
        </Link>
        <Link to="/dashboard" className="font-medium text-navy-700 underline underline-offset-2">
          My Projects
        </Link>
      </nav>
      <Outlet />
    </div>
  );
}
