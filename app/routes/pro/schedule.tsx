/**
 * /pro/schedule: a business's site visits by day or by week (issue 34), in
 * the business's own days: booked and moved visits, the times proposed and
 * waiting for the homeowner, past visits with how they went, and cancelled
 * ones saying so. Each names the homeowner by the contact rule, and its time
 * is said in the job's zone, with the business's own beside it when it
 * differs. Opened on an empty week while a visit is coming, it shows that
 * visit's week (issue 43). Below, the business's own calendar feed: its
 * visits only, not its owner's as a homeowner. Printable: the browser's Print
 * leaves the links and buttons out.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { deliveryOf, orNotFound } from "~/features/marketplace/answers.server";
import { chosenBusiness } from "~/features/marketplace/inbox.server";
import {
  FEED_REFUSAL,
  feedAction,
  feedSchema,
  isFeedIntent,
} from "~/features/visits/calendar-feed-actions.server";
import { CalendarFeedSection } from "~/features/visits/calendar-feed-section";
import { feedPath, liveFeedToken } from "~/features/visits/calendar-feeds.server";
import { proScheduleOf } from "~/features/visits/pro-schedule.server";
import { ScheduleEntryItem } from "~/features/visits/schedule-entry";
import { formatDay, formatVisitTime } from "~/features/visits/visit-time";
import { datesFrom } from "~/features/visits/visits.server";
import { addDays } from "~/features/visits/zoned-time";
import { getDb, nowOf } from "~/lib/app-context.server";
import { parseSubmission, type FormFailure } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/schedule";

const brand = BRAND.name;

/** The business the page is about, owned by the person; /pro/join without one. */
async function ownedBusiness(context: Route.LoaderArgs["context"], url: URL) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const owned = await orNotFound(chosenBusiness(db, user.id, url), locale);
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  return { locale, user, db, business: owned.business };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale, user, db, business } = await ownedBusiness(context, url);
  const now = nowOf(context);
  const view = url.searchParams.get("view") === "day" ? "day" : "week";
  const ask = { view, date: url.searchParams.get("date"), now } as const;
  const scope = { userId: user.id, contractorId: business.id };
  const [schedule, token] = await Promise.all([
    orNotFound(proScheduleOf(db, user.id, business.id, ask, locale), locale),
    liveFeedToken(db, scope),
  ]);
  const step = view === "week" ? 7 : 1;
  const done = url.searchParams.get("feed");
  // The page shows the feed's private address: the pro layout keeps it from caches.
  return data({
    business: { id: business.id, name: business.name },
    schedule,
    days: datesFrom(schedule.from, step),
    // No link past the schedule's reach: the page it led to would be this one again.
    previous: schedule.from > schedule.earliest ? addDays(schedule.from, -step) : null,
    next: schedule.to < schedule.latest ? addDays(schedule.from, step) : null,
    feedUrl: token ? new URL(feedPath(token), deliveryOf(context).mail.siteUrl).toString() : null,
    feedDone: isFeedIntent(done) ? done : null,
    now: now.toISOString(),
    title: translate(locale, msg`Schedule | ${brand} for pros`),
  });
}

/** The feed section's buttons: this business's own calendar link, for its owner. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { locale, user, db, business } = await ownedBusiness(context, url);
  const submission = parseSubmission(feedSchema, await request.formData());
  if (submission.status === "error") {
    return data<FormFailure>(
      { ok: false, form: "feed", formError: translate(locale, FEED_REFUSAL) },
      { status: 400 },
    );
  }
  const intent = submission.value.intent;
  await feedAction(db, { userId: user.id, contractorId: business.id }, intent, nowOf(context));
  const query = new URLSearchParams({ business: business.id, feed: intent });
  return redirect(`${localizePath("/pro/schedule", locale)}?${query}#calendar-feed`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

const LINK = "font-medium text-navy-700 underline underline-offset-2";

export default function ProSchedulePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const { business, schedule, days, previous, next, feedUrl, feedDone } = loaderData;
  const feedError = actionData?.form === "feed" ? actionData.formError : undefined;
  const now = new Date(loaderData.now);
  const week = schedule.view === "week";
  const href = (params: Record<string, string>) =>
    `${localize("/pro/schedule")}?${new URLSearchParams({ business: business.id, ...params })}`;
  const first = formatDay(schedule.from, locale, now);
  const last = formatDay(schedule.to, locale, now);
  const name = business.name;
  const coming = schedule.next;
  const nextWhen = coming
    ? formatVisitTime(new Date(coming.startsAt), coming.timeZone, locale, now)
    : "";
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
        {schedule.opened ? (
          <p role="status" className="text-sm text-muted">
            {week ? (
              <Trans>No visits this week: this is the week of your next visit.</Trans>
            ) : (
              <Trans>No visits today: this is the day of your next visit.</Trans>
            )}
          </p>
        ) : null}
        <p className="text-sm text-muted print:hidden">
          <Trans>Use your browser&apos;s Print to get this on paper.</Trans>{" "}
          <a href="#calendar-feed" className={LINK}>
            <Trans>Get a private link to see these visits in your calendar app.</Trans>
          </a>
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
          {coming ? (
            <p className="print:hidden">
              <Link to={href({ view: schedule.view, date: coming.date })} className={LINK}>
                <Trans>Next visit: {nextWhen}</Trans>
              </Link>
            </p>
          ) : null}
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
                {formatDay(day, locale, now)}
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
                    <ScheduleEntryItem
                      key={`${entry.visitId}-${entry.startsAt}`}
                      entry={entry}
                      businessZone={schedule.timeZone}
                      now={now}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
      <CalendarFeedSection
        url={feedUrl}
        done={feedDone}
        error={feedError}
        intro={
          <Trans>
            Subscribe to the visits of {name} in Google Calendar, Apple Calendar or Outlook: this
            business&apos;s visits only, each naming the homeowner.
          </Trans>
        }
      />
    </section>
  );
}
