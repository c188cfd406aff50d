import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { data } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { EmptyState } from "~/features/dashboard/empty-state";
import { listScheduled, type ProjectCard } from "~/features/projects/projects.server";
import { getDb } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath } from "~/lib/locale-path";
import { formatterCache } from "~/lib/locales";
import { useLocale } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/schedule";

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const visits = await listScheduled(getDb(context), user.id, localeOf(context));
  return data({ visits });
}

const brand = BRAND.name;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: i18nFor(localeOfPath(location.pathname))._(msg`Schedule | ${brand}`) },
  { name: "robots", content: "noindex, nofollow" },
];

/** "Tuesday, December 8 at 2:00 PM UTC", in the page's language. */
const when = formatterCache(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      weekday: "long",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    }),
);

function Visit({ visit }: { visit: ProjectCard }) {
  const locale = useLocale();
  const title = visit.title;
  return (
    <li className="grid gap-1 rounded-card bg-surface p-5 shadow-card sm:grid-cols-[14rem_1fr]">
      <p className="font-semibold text-navy-900">
        <time dateTime={visit.scheduledFor ?? undefined}>
          {visit.scheduledFor ? when(locale).format(new Date(visit.scheduledFor)) : ""}
        </time>
      </p>
      <div>
        <p className="font-semibold">
          <Trans>Consultation: {title}</Trans>
        </p>
        <p className="text-sm text-muted">
          {[visit.contractor, visit.location].filter(Boolean).join(" · ")}
        </p>
      </div>
    </li>
  );
}

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="schedule-title" className="grid gap-6">
      <h1 id="schedule-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        <Trans>Schedule</Trans>
      </h1>
      {loaderData.visits.length === 0 ? (
        <EmptyState icon={CalendarDays} title={t`No consultations scheduled`}>
          <Trans>
            When a contractor books a consultation for one of your projects, the date and time
            appear here.
          </Trans>
        </EmptyState>
      ) : (
        <ul className="grid gap-4">
          {loaderData.visits.map((visit) => (
            <Visit key={visit.id} visit={visit} />
          ))}
        </ul>
      )}
    </section>
  );
}
