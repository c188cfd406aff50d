/**
 * The pro's links above every pro page, as data (issue 44: navigation beside
 * the routes, not written out in a layout): tests/unit/navigation-routes.test.ts
 * holds each entry to a route of app/routes.ts. The current page's link says
 * so (`aria-current="page"`, from NavLink).
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";
import { useLocalize } from "~/lib/use-locale";
import { UnreadCount } from "./sidebar";

export interface NavigationEntry {
  to: string;
  label: MessageDescriptor;
  /** Current only on that very path (an index page), not on the pages below it. */
  end: boolean;
}

export const PRO_NAVIGATION: readonly NavigationEntry[] = [
  { to: "/pro", label: msg`Requests`, end: true },
  { to: "/dashboard/messages", label: msg`Messages`, end: false },
  { to: "/pro/reviews", label: msg`Reviews`, end: false },
  { to: "/pro/break", label: msg`Taking a break`, end: false },
  { to: "/pro/visits", label: msg`Visit hours`, end: false },
  { to: "/pro/schedule", label: msg`Schedule`, end: false },
  { to: "/pro/profile", label: msg`Business profile`, end: false },
  { to: "/dashboard", label: msg`My Projects`, end: true },
];

const LINK = "font-medium text-navy-700 underline underline-offset-2";

/** "Signed in as …" and the pro's links; Messages with its unread count. */
export function ProNavigation({ name, unread }: { name: string; unread: number }) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  return (
    <nav
      aria-label={t`For pros`}
      className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm print:hidden"
    >
      <span className="text-muted">
        <Trans>
          Signed in as <span className="font-semibold text-navy-900">{name}</span>
        </Trans>
      </span>
      {PRO_NAVIGATION.map(({ to, label, end }) => (
        <NavLink
          key={to}
          to={localize(to)}
          end={end}
          className={({ isActive }) =>
            cn(
              to === "/dashboard/messages" ? `inline-flex items-center gap-1.5 ${LINK}` : LINK,
              isActive && "font-semibold text-navy-900 decoration-2",
            )
          }
        >
          {i18n._(label)}
          {to === "/dashboard/messages" ? (
            <UnreadCount count={unread} className="no-underline" />
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
