/**
 * /pro/schedule: a business's site visits by day or by week (issue 34), in
 * the business's own days: booked and moved visits, the times proposed and
 * waiting for the homeowner, and past visits with how they went. Each time is
 * said in the job's zone, with the business's own beside it when it differs.
 * Printable: the browser's Print leaves the links and buttons out.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { orNotFound } from "~/features/marketplace/answers.server";
import { chosenBusiness } from "~/features/marketplace/inbox.server";
import { proScheduleOf, type ScheduleEntry } from "~/features/visits/pro-schedule.server";
import { VISIT_STATE_LABELS } from "~/features/visits/visit-labels";
import { formatClock, formatDay, visitTimeFor, zoneNameOf } from "~/features/visits/visit-time";
import { datesFrom } from "~/features/visits/visits.server";
import { addDays } from "~/features/visits/zoned-time";
import { getDb } from "~/lib/app-context.server";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/schedule";

const brand = BRAND.name;

export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const owned = await orNotFound(chosenBusiness(db, user.id, url), locale);
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  const view = url.searchParams.get("view") === "day" ? "day" : "week";
  const ask = { view, date: url.searchParams.get("date"), now: new Date() } as const;
  const schedule = await orNotFound(
    proScheduleOf(db, user.id, owned.business.id, ask, locale),
    locale,
  );
  const step = view === "week" ? 7 : 1;
  return data({
    business: { id: owned.business.id, name: owned.business.name },
    schedule,
    days: datesFrom(schedule.from, step),
    // No link past the schedule's reach: the page it led to would be this one again.
    previous: schedule.from > schedule.earliest ? addDays(schedule.from, -step) : null,
    next: schedule.to < schedule.latest ? addDays(schedule.from, step) : null,
    title: translate(locale, msg`Schedule | ${brand} for pros`),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

const LINK = "font-medium text-navy-700 underline underline-offset-2";

/** One visit (or one proposed time): when, who, what, where, its state and its page. */
function Entry({ entry, businessZone }: { entry: ScheduleEntry; businessZone: string }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const start = new Date(entry.startsAt);
  const end = new Date(entry.endsAt);
  const zone = entry.timeZone;
  const range = `${formatClock(start, zone, locale)} – ${formatClock(end, zone, locale)} ${zoneNameOf(start, zone, locale)}`;
  const theirs = visitTimeFor(start, zone, businessZone, locale).viewer;
  const homeowner = entry.homeowner;
  return (
    <li className="grid gap-1 rounded-card bg-surface p-4 shadow-card print:break-inside-avoid print:rounded-none print:border print:border-black print:bg-white print:shadow-none">
      <p className="font-semibold text-navy-900 print:text-black">
        <time dateTime={entry.startsAt}>{range}</time>
        {theirs ? (
          <span className="font-normal text-muted print:text-black">
            {" "}
            <Trans>({theirs} in your zone)</Trans>
          </span>
        ) : null}
      </p>
      <p>
        <span className="font-medium">{homeowner}</span> · {entry.project}
      </p>
      {entry.address ? <p className="text-muted print:text-black">{entry.address}</p> : null}
      <p className="text-sm text-muted print:text-black">
        {i18n._(VISIT_STATE_LABELS[entry.state])}
      </p>
      <Link
        to={localize(`/visits/${entry.visitId}`)}
        className={`${LINK} text-sm print:hidden`}
        aria-label={t`Open the visit with ${homeowner}`}
      >
        <Trans>Open the visit</Trans>
      </Link>
    </li>
  );
}

export default function ProSchedulePage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const { business, schedule, days, previous, next } = loaderData;
  const week = schedule.view === "week";
  const href = (params: Record<string, string>) =>
    `${localize("/pro/schedule")}?${new URLSearchParams({ business: business.id, ...params })}`;
  const first = formatDay(schedule.from, locale);
  const last = formatDay(schedule.to, locale);
  const name = business.name;
  return (
    <section
      aria-labelledby="schedule-title"
      className="grid max-w-4xl gap-6 print:max-w-none print:bg-white print:text-black"
    >
      <div className="grid gap-1">
        <h1
          id="schedule-title"
          className="text-3xl font-extrabold tracking-tight text-navy-900 print:text-black"
        >
          <Trans>Schedule of {name}</Trans>
        </h1>
        <p className="text-lg font-semibold">{week ? t`${first} to ${last}` : first}</p>
        {schedule.moved ? (
          <p role="status" className="text-sm text-muted">
            <Trans>
              The schedule goes two years back and two years ahead: this is the nearest it shows to
              the day asked for.
            </Trans>
          </p>
        ) : null}
        <p className="text-sm text-muted print:hidden">
          <Trans>Use your browser&apos;s Print to get this on paper.</Trans>{" "}
          <Link to={localize("/dashboard/schedule#calendar-feed")} className={LINK}>
            <Trans>Get a private link to see these visits in your calendar app.</Trans>
          </Link>
        </p>
      </div>
      <nav
        aria-label={t`Days shown`}
        className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm print:hidden"
      >
        {previous ? (
          <Link to={href({ view: schedule.view, date: previous })} className={LINK}>
            {week ? <Trans>Previous week</Trans> : <Trans>Previous day</Trans>}
          </Link>
        ) : null}
        <Link to={href({ view: schedule.view })} className={LINK}>
          <Trans>Today</Trans>
        </Link>
        {next ? (
          <Link to={href({ view: schedule.view, date: next })} className={LINK}>
            {week ? <Trans>Next week</Trans> : <Trans>Next day</Trans>}
          </Link>
        ) : null}
        <Link
          to={href({ view: "day", date: schedule.date })}
          className={LINK}
          aria-current={week ? undefined : "page"}
        >
          <Trans>Day</Trans>
        </Link>
        <Link
          to={href({ view: "week", date: schedule.date })}
          className={LINK}
          aria-current={week ? "page" : undefined}
        >
          <Trans>Week</Trans>
        </Link>
      </nav>
      {schedule.entries.length === 0 ? (
        <div className="grid gap-2 rounded-card bg-surface p-6 shadow-card print:shadow-none">
          <p className="font-semibold text-navy-900">
            {week ? <Trans>No visits in this week.</Trans> : <Trans>No visits on this day.</Trans>}
          </p>
          <p className="print:hidden">
            <Link to={`${localize("/pro/visits")}?business=${business.id}`} className={LINK}>
              <Trans>Set the hours homeowners can book a visit in</Trans>
            </Link>
          </p>
        </div>
      ) : (
        days.map((day) => {
          const entries = schedule.entries.filter((entry) => entry.day === day);
          return (
            <section key={day} aria-labelledby={`day-${day}`} className="grid gap-2">
              <h2 id={`day-${day}`} className="text-xl font-bold text-navy-900 print:text-black">
                {formatDay(day, locale)}
                {day === schedule.today ? (
                  <span className="text-base font-normal text-muted"> · {t`Today`}</span>
                ) : null}
              </h2>
              {entries.length === 0 ? (
                <p className="text-muted print:text-black">
                  <Trans>No visits.</Trans>
                </p>
              ) : (
                <ul className="grid gap-2">
                  {entries.map((entry) => (
                    <Entry
                      key={`${entry.visitId}-${entry.startsAt}`}
                      entry={entry}
                      businessZone={schedule.timeZone}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </section>
  );
}
