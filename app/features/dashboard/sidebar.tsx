/**
 * The dashboard's sidebar (spec §2): Projects, Schedule, Messages, Documents,
 * Sign Out. Always visible on large screens; a disclosure on small ones
 * (a <details>, so it also works before JavaScript has loaded). Messages
 * shows how many messages wait unread ("Messages, 3 unread" to a screen
 * reader).
 */
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { clearSignedInFlag } from "~/features/auth";
import { cn } from "~/lib/cn";
import { useLocale, useLocalize } from "~/lib/use-locale";

/** The sidebar's pages (tests/unit/navigation-routes.test.ts holds each to a route). */
export const DASHBOARD_NAVIGATION = [
  { to: "/dashboard", label: msg`Projects`, icon: FolderKanban, end: true },
  { to: "/dashboard/schedule", label: msg`Schedule`, icon: CalendarDays, end: false },
  { to: "/dashboard/messages", label: msg`Messages`, icon: MessageSquare, end: false },
  { to: "/dashboard/documents", label: msg`Documents`, icon: FileText, end: false },
] as const;

/** A link's unread figure: a badge, read out as ", 3 unread"; nothing at 0. */
export function UnreadCount({ count, className }: { count: number; className?: string }) {
  const { t } = useLingui();
  if (count <= 0) return null;
  return (
    <>
      <span className="sr-only">{t`${plural(count, { one: ", # unread", other: ", # unread" })}`}</span>
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
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const locale = useLocale();
  return (
    <ul className="grid gap-1">
      {DASHBOARD_NAVIGATION.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={localize(to)}
            end={end}
            className={({ isActive }) =>
              cn(
                "flex min-h-11 items-center gap-3 rounded-control px-3 text-base font-medium",
                isActive ? "bg-navy-800 text-white" : "text-navy-800 hover:bg-navy-100",
              )
            }
          >
            <Icon aria-hidden="true" className="size-5" />
            {i18n._(label)}
            {to === "/dashboard/messages" ? (
              <UnreadCount count={unread} className="ml-auto" />
            ) : null}
          </NavLink>
        </li>
      ))}
      <li className="mt-2 border-t border-line pt-2">
        <NavLink
          to={localize("/dashboard/data")}
          className={({ isActive }) =>
            cn(
              "flex min-h-11 items-center gap-3 rounded-control px-3 text-sm font-medium",
              isActive ? "bg-navy-800 text-white" : "text-muted hover:bg-navy-100",
            )
          }
        >
          <Shield aria-hidden="true" className="size-5" />
          <Trans>Your data</Trans>
        </NavLink>
      </li>
      <li>
        <Form
          method="post"
          action="/logout"
          onSubmit={() => {
            clearSignedInFlag();
            toast({ title: t`You've signed out` });
          }}
        >
          {/* /logout is one path for every language: this says which login page follows. */}
          <input type="hidden" name="locale" value={locale} />
          <button
            type="submit"
            className="flex min-h-11 w-full items-center gap-3 rounded-control px-3 text-base font-medium text-navy-800 hover:bg-navy-100"
          >
            <LogOut aria-hidden="true" className="size-5" />
            <Trans>Sign Out</Trans>
          </button>
        </Form>
      </li>
    </ul>
  );
}

export function DashboardSidebar({ unread }: { unread: number }) {
  const { t } = useLingui();
  return (
    <>
      <details className="group rounded-card bg-surface shadow-card lg:hidden">
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
          <Menu aria-hidden="true" className="size-5" />
          <Trans>Dashboard menu</Trans>
        </summary>
        <nav aria-label={t`Dashboard`} className="px-2 pb-3">
          <SidebarLinks unread={unread} />
        </nav>
      </details>
      <aside className="hidden lg:block">
        <nav
          aria-label={t`Dashboard`}
          className="sticky top-6 rounded-card bg-surface p-3 shadow-card"
        >
          <SidebarLinks unread={unread} />
        </nav>
      </aside>
    </>
  );
}
