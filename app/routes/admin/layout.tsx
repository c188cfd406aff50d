/**
 * The operator's console. Every /admin page is the plain 404 for anyone who
 * is not an operator; the pages below check a recent sign-in themselves.
 */
import type { ReactNode } from "react";
import { NavLink, Outlet } from "react-router";
import { consoleOperator, recentOperator } from "~/features/operator/require-operator.server";
import { noStore } from "~/lib/no-store.server";
import { AreaError } from "~/features/shell/error-page";
import { BRAND } from "~/site";
import type { Route } from "./+types/layout";

/**
 * Every console page: an operator signed in within 12 hours (anyone else: the
 * plain 404), and never stored. The pages read consoleOperator(context).
 */
export const middleware: Route.MiddlewareFunction[] = [noStore, recentOperator];

export function loader({ context }: Route.LoaderArgs) {
  const user = consoleOperator(context);
  return { name: user.name, email: user.email };
}

// Only for an operator: anyone else gets the site's plain 404, which names no console.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `Console | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }]
    : [];

const SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/requests", label: "Requests", end: false },
  { to: "/admin/delivery", label: "Delivery", end: false },
  { to: "/admin/contractors", label: "Contractors", end: false },
  { to: "/admin/people", label: "People", end: false },
  { to: "/admin/reports", label: "Reports", end: false },
  { to: "/admin/reviews", label: "Reviews", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
] as const;

type LayoutData = Route.ComponentProps["loaderData"];

/** The console's frame: its sections, around the page (or its error). */
function ConsoleFrame({ data, children }: { data: LayoutData; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <nav aria-label="Console" className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span className="text-muted">
          Operator <span className="font-semibold text-navy-900">{data.email}</span>
        </span>
        {SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end={section.end}
            className="font-medium text-navy-700 underline underline-offset-2 aria-[current=page]:text-navy-900 aria-[current=page]:no-underline"
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleFrame data={loaderData}>
      <Outlet />
    </ConsoleFrame>
  );
}

/**
 * A console page that failed keeps the console's sections. Anyone who is not
 * an operator fails in this layout's own loader: they get the site's plain 404.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} layout="routes/admin/layout" Frame={ConsoleFrame} />;
}
