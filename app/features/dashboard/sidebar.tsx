/**
 * The dashboard's sidebar (spec §2): Projects, Schedule, Messages, Documents,
 * Sign Out. Always visible on large screens; a disclosure on small ones
 * (a <details>, so it also works before JavaScript has loaded). Messages
 * shows how many messages wait unread ("Messages, 3 unread" to a screen
 * reader).
 */
import {
  CalendarDays,
  FileText,
  FolderKanban,
  LogOut,
  Menu,
  MessageSquare,
  Shield,
} from "lucide-react";
import { Form, NavLink } from "react-router";
import { toast } from "~/components/ui/toast-store";
import { clearSignedInFlag } from "~/features/auth/auth-flag";
import { cn } from "~/lib/cn";

const ITEMS = [
  { to: "/dashboard", label: "Projects", icon: FolderKanban, end: true },
  { to: "/dashboard/schedule", label: "Schedule", icon: CalendarDays, end: false },
  { to: "/dashboard/messages", label: "Messages", icon: MessageSquare, end: false },
  { to: "/dashboard/documents", label: "Documents", icon: FileText, end: false },
] as const;

/** A link's unread figure: a badge, read out as ", 3 unread"; nothing at 0. */
export function UnreadCount({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="sr-only">{`, ${String(count)} unread`}</span>
      <span
        aria-hidden="true"
        className={cn(
          "min-w-6 rounded-full bg-accent-700 px-1.5 text-center text-sm leading-6 font-semibold text-white",
          className,
        )}
      >
        {count > 99 ? "99+" : count}
      </span>
    </>
  );
}

function SidebarLinks({ unread }: { unread: number }) {
  return (
    <ul className="grid gap-1">
      {ITEMS.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            className={({ isActive }) =>
              cn(
                "flex min-h-11 items-center gap-3 rounded-control px-3 text-base font-medium",
                isActive ? "bg-navy-800 text-white" : "text-navy-800 hover:bg-navy-100",
              )
            }
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
            {to === "/dashboard/messages" ? (
              <UnreadCount count={unread} className="ml-auto" />
            ) : null}
          </NavLink>
        </li>
      ))}
      <li className="mt-2 border-t border-line pt-2">
        <NavLink
          to="/dashboard/data"
          className={({ isActive }) =>
            cn(
              "flex min-h-11 items-center gap-3 rounded-control px-3 text-sm font-medium",
              isActive ? "bg-navy-800 text-white" : "text-muted hover:bg-navy-100",
            )
          }
        >
          <Shield aria-hidden="true" className="size-5" />
          Your data
        </NavLink>
      </li>
      <li>
        <Form
          method="post"
          action="/logout"
          onSubmit={() => {
            clearSignedInFlag();
            toast({ title: "You've signed out" });
          }}
        >
          <button
            type="submit"
            className="flex min-h-11 w-full items-center gap-3 rounded-control px-3 text-base font-medium text-navy-800 hover:bg-navy-100"
          >
            <LogOut aria-hidden="true" className="size-5" />
            Sign Out
          </button>
        </Form>
      </li>
    </ul>
  );
}

export function DashboardSidebar({ unread }: { unread: number }) {
  return (
    <>
      <details className="group rounded-card bg-surface shadow-card lg:hidden">
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
          <Menu aria-hidden="true" className="size-5" />
          Dashboard menu
        </summary>
        <nav aria-label="Dashboard" className="px-2 pb-3">
          <SidebarLinks unread={unread} />
        </nav>
      </details>
      <aside className="hidden lg:block">
        <nav
          aria-label="Dashboard"
          className="sticky top-6 rounded-card bg-surface p-3 shadow-card"
        >
          <SidebarLinks unread={unread} />
        </nav>
      </aside>
    </>
  );
}
