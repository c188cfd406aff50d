/**
 * The operator's console. Every /admin page is the plain 404 for anyone who
 * is not an operator; the pages below check a recent sign-in themselves.
 */
import { data, NavLink, Outlet } from "react-router";
import { NO_STORE } from "~/features/auth/require-user.server";
import { operatorOr404 } from "~/features/operator/require-operator.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await operatorOr404(request, context);
  return data({ name: user.name, email: user.email }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Console | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

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

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <nav aria-label="Console" className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <span className="text-muted">
          Operator <span className="font-semibold text-navy-900">{loaderData.email}</span>
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
      <Outlet />
    </div>
  );
}
