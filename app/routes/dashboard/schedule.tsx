/**
 * /dashboard/schedule: the homeowner's site visits (issue 34), upcoming and
 * past by their date (a cancelled one says so, wherever its date falls),
 * each in the job's zone with the zone's name, linking to the visit,
 * the pro and the project; and the private calendar feed of their visits.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { EmptyState } from "~/features/dashboard/empty-state";
import { deliveryOf } from "~/features/marketplace/answers.server";
import {
  FEED_REFUSAL,
  feedAction,
  feedSchema,
  isFeedIntent,
} from "~/features/visits/calendar-feed-actions.server";
import { CalendarFeedSection } from "~/features/visits/calendar-feed-section";
import { feedPath, liveFeedToken } from "~/features/visits/calendar-feeds.server";
import {
  homeownerSchedule,
  type ScheduledVisit,
} from "~/features/visits/homeowner-schedule.server";
import { VISIT_CAUSE_LABELS, VISIT_STATE_LABELS } from "~/features/visits/visit-labels";
import { formatVisitTime } from "~/features/visits/visit-time";
import { getDb, nowOf } from "~/lib/app-context.server";
import { parseSubmission, type FormFailure } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/schedule";

const PATH = "/dashboard/schedule";
const brand = BRAND.name;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const now = nowOf(context);
  const [schedule, token] = await Promise.all([
    homeownerSchedule(db, user.id, locale, now),
    liveFeedToken(db, { userId: user.id, contractorId: null }),
  ]);
  const done = url.searchParams.get("feed");
  // The page shows the feed's private address: the layout's noStore keeps it from caches.
  return data({
    ...schedule,
    feedUrl: token ? new URL(feedPath(token), deliveryOf(context).mail.siteUrl).toString() : null,
    feedDone: isFeedIntent(done) ? done : null,
    now: now.toISOString(),
    title: translate(locale, msg`Schedule | ${brand}`),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const locale = localeOf(context);
  const submission = parseSubmission(feedSchema, await request.formData());
  if (submission.status === "error") {
    return data<FormFailure>(
      { ok: false, form: "feed", formError: translate(locale, FEED_REFUSAL) },
      { status: 400 },
    );
  }
  const intent = submission.value.intent;
  await feedAction(getDb(context), { userId: user.id, contractorId: null }, intent, nowOf(context));
  return redirect(`${localizePath(PATH, locale)}?${new URLSearchParams({ feed: intent })}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

const LINK = "font-medium text-navy-700 underline underline-offset-2";

const isCancelled = (state: ScheduledVisit["state"]) =>
  state === "cancelled_by_homeowner" || state === "cancelled_by_pro";

function VisitItem({ visit, now }: { visit: ScheduledVisit; now: Date }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const business = visit.business.name;
  const project = visit.project;
  const cancelled = isCancelled(visit.state);
  const state = visit.cause ? VISIT_CAUSE_LABELS[visit.cause] : VISIT_STATE_LABELS[visit.state];
  return (
    <li className="grid gap-2 rounded-card bg-surface p-5 shadow-card sm:grid-cols-[16rem_1fr]">
      <div className="grid content-start gap-1">
        {visit.state === "proposed" ? (
          <p className="font-semibold text-navy-900">
            <Trans>Times proposed: pick one</Trans>
          </p>
        ) : !visit.timePicked ? (
          <p className="font-semibold text-navy-900">
            <Trans>Times proposed, none picked</Trans>
          </p>
        ) : visit.startsAt ? (
          <p
            className={
              cancelled ? "font-semibold text-muted line-through" : "font-semibold text-navy-900"
            }
          >
            <time dateTime={visit.startsAt}>
              {formatVisitTime(new Date(visit.startsAt), visit.timeZone, locale, now)}
            </time>
          </p>
        ) : null}
        <p className={cancelled ? "text-sm font-semibold text-navy-900" : "text-sm text-muted"}>
          {i18n._(state)}
        </p>
      </div>
      <div className="grid content-start gap-1">
        <p>
          <Link to={localize(`/pros/${visit.business.slug}`)} className={LINK}>
            {business}
          </Link>
        </p>
        <p className="text-sm">
          <Link to={localize(`/dashboard/projects/${visit.leadId}`)} className={LINK}>
            {project}
          </Link>
        </p>
        {visit.address ? <p className="text-sm text-muted">{visit.address}</p> : null}
        <p>
          <Link
            to={localize(`/visits/${visit.id}`)}
            className={LINK}
            aria-label={i18n._(msg`Open visit with ${business}: ${project}`)}
          >
            <Trans>Open visit</Trans>
          </Link>
        </p>
      </div>
    </li>
  );
}

function VisitList({
  id,
  title,
  visits,
  now,
  empty,
}: {
  id: string;
  title: string;
  visits: ScheduledVisit[];
  now: Date;
  /** What to say when the list is empty; without it, an empty list is left out. */
  empty?: string;
}) {
  if (visits.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-bold text-navy-900">
        {title}
      </h2>
      {visits.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-4">
          {visits.map((visit) => (
            <VisitItem key={visit.id} visit={visit} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function SchedulePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { upcoming, past, feedUrl, feedDone } = loaderData;
  const now = new Date(loaderData.now);
  const feedError = actionData?.form === "feed" ? actionData.formError : undefined;
  return (
    <div className="grid gap-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900">
        <Trans>Schedule</Trans>
      </h1>
      {upcoming.length === 0 && past.length === 0 ? (
        <EmptyState icon={CalendarDays} title={t`No visits yet`}>
          <Trans>
            When you book a visit with a pro who accepted your request, it appears here.
          </Trans>
        </EmptyState>
      ) : (
        <>
          <VisitList
            id="upcoming-visits"
            title={t`Upcoming`}
            visits={upcoming}
            now={now}
            empty={t`No upcoming visits.`}
          />
          <VisitList id="past-visits" title={t`Past`} visits={past} now={now} />
        </>
      )}
      <CalendarFeedSection url={feedUrl} done={feedDone} error={feedError} />
    </div>
  );
}
