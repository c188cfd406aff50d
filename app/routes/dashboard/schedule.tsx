import { CalendarDays } from "lucide-react";
import { data } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { EmptyState } from "~/features/dashboard/empty-state";
import { listScheduled } from "~/features/projects/projects.server";
import { getDb } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/schedule";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/dashboard/schedule");
  return data({ visits: await listScheduled(getDb(context), user.id) }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Schedule | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

const WHEN = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="schedule-title" className="grid gap-6">
      <h1 id="schedule-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        Schedule
      </h1>
      {loaderData.visits.length === 0 ? (
        <EmptyState icon={CalendarDays} title="No consultations scheduled">
          When a contractor books a consultation for one of your projects, the date and time appear
          here.
        </EmptyState>
      ) : (
        <ul className="grid gap-4">
          {loaderData.visits.map((visit) => (
            <li
              key={visit.id}
              className="grid gap-1 rounded-card bg-surface p-5 shadow-card sm:grid-cols-[14rem_1fr]"
            >
              <p className="font-semibold text-navy-900">
                <time dateTime={visit.scheduledFor ?? undefined}>
                  {visit.scheduledFor ? WHEN.format(new Date(visit.scheduledFor)) : ""}
                </time>
              </p>
              <div>
                <p className="font-semibold">Consultation: {visit.title}</p>
                <p className="text-sm text-muted">
                  {[visit.contractor, visit.location].filter(Boolean).join(" · ")}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
