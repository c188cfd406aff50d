/**
 * The pro's inbox: the requests homeowners sent to their business, by group
 * (new, accepted, quoted, hired, declined, not chosen) with counts, newest
 * first, 20 to a page. Nothing here was bought: each was sent by a homeowner
 * who chose this business. Above it, the business's figures over the last
 * 30 or 90 days (`?period=`).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import { orNotFound } from "~/features/marketplace/answers.server";
import { chosenBusiness, inbox, type InboxGroup } from "~/features/marketplace/inbox.server";
import { ProFigures } from "~/features/marketplace/pro-stats";
import { formatCount } from "~/features/marketplace/pro-stats-words";
import {
  forPeriod,
  recentProStats,
  statsPeriod,
  type StatsPeriod,
} from "~/features/marketplace/pro-stats.server";
import { zoneReader } from "~/features/visits/index.server";
import { getDb } from "~/lib/app-context.server";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { dateInZone } from "~/lib/zone-time";
import { BRAND } from "~/site";
import type { ProState } from "../../../database/enums";
import type { Route } from "./+types/inbox";

/** The inbox's tabs (a group of requests; the state badges below are one request's). */
const GROUP_LABELS: Record<InboxGroup, MessageDescriptor> = {
  new: msg({ message: "New", context: "inbox group" }),
  accepted: msg({ message: "Accepted", context: "inbox group" }),
  quoted: msg({ message: "Quoted", context: "inbox group" }),
  hired: msg({ message: "Hired", context: "inbox group" }),
  declined: msg({ message: "Declined", context: "inbox group" }),
  not_chosen: msg({ message: "Not chosen", context: "inbox group" }),
};

/** A group's list, named for screen readers. */
const GROUP_LIST_LABELS: Record<InboxGroup, MessageDescriptor> = {
  new: msg`New requests`,
  accepted: msg`Accepted requests`,
  quoted: msg`Quoted requests`,
  hired: msg`Hired requests`,
  declined: msg`Declined requests`,
  not_chosen: msg`Not chosen requests`,
};

/** What an empty group says. */
const EMPTY_GROUP: Record<InboxGroup, MessageDescriptor> = {
  new: msg`No new requests.`,
  accepted: msg`No accepted requests.`,
  quoted: msg`No quoted requests.`,
  hired: msg`No hired requests.`,
  declined: msg`No declined requests.`,
  not_chosen: msg`No not chosen requests.`,
};

const STATE_LABELS: Record<ProState, MessageDescriptor> = {
  sent: msg`New`,
  viewed: msg`Viewed`,
  accepted: msg`Accepted`,
  quoted: msg`Quoted`,
  hired: msg`Hired`,
  declined: msg`Declined`,
  not_chosen: msg`Not chosen`,
  no_answer: msg`No answer in time`,
  removed: msg`Closed by the homeowner`,
};

const NOTICES = {
  joined: msg`Your business profile is ready. Requests homeowners send you will appear here.`,
  claimed: msg`The listing is yours now. Requests homeowners send it will appear here.`,
} as const;

function isGroup(value: string | null): value is InboxGroup {
  return value !== null && Object.hasOwn(GROUP_LABELS, value);
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const owned = await orNotFound(chosenBusiness(db, user.id, url), locale);
  if (!owned) throw redirect(localizePath("/pro/join", locale));
  const groupParam = url.searchParams.get("group");
  const page = Number(url.searchParams.get("page") ?? "1");
  const period = statsPeriod(url.searchParams.get("period"));
  const [box, stats] = await Promise.all([
    inbox(db, user.id, owned.business, {
      group: isGroup(groupParam) ? groupParam : "new",
      page: Number.isFinite(page) ? page : 1,
      locale,
    }),
    recentProStats(db, owned.business.id),
  ]);
  // Each request on the day it was sent in its job's zone (not UTC's: an evening's is tomorrow there).
  const zones = zoneReader(db);
  const items = await Promise.all(
    box.items.map(async (item) => {
      const zone = await zones.job(item.citySlug, owned.business.id);
      return { ...item, sentOn: dateInZone(new Date(item.sentAt), zone, locale) };
    }),
  );
  const notice = url.searchParams.has("joined")
    ? translate(locale, NOTICES.joined)
    : url.searchParams.has("claimed")
      ? translate(locale, NOTICES.claimed)
      : null;
  const brand = BRAND.name;
  return data({
    title: translate(locale, msg`Requests | ${brand} for pros`),
    box: { ...box, items },
    businesses: owned.all,
    slug: owned.business.slug,
    notice,
    stats: forPeriod(stats, period),
    period,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

/** The inbox's address; the figures' period is kept when it is not the first. */
function href(business: string, group: InboxGroup, page: number, period: StatsPeriod): string {
  const query = new URLSearchParams({ business, group });
  if (page > 1) query.set("page", String(page));
  if (period !== 30) query.set("period", String(period));
  return `/pro?${query.toString()}`;
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { box, businesses, slug, notice, stats, period } = loaderData;
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const id = box.business.id;
  const name = box.business.name;
  const page = formatCount(box.page, locale);
  const pages = formatCount(box.pages, locale);
  return (
    <section aria-labelledby="inbox-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="inbox-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Requests for {name}</Trans>
        </h1>
        <p className="text-muted">
          <Trans>Only homeowners who chose you send these. Declining costs nothing.</Trans>{" "}
          <Link to={localize(`/pros/${slug}`)} className="font-medium text-navy-700 underline">
            <Trans>See your public profile</Trans>
          </Link>
        </p>
      </div>
      <FormAlert tone="success" message={notice ?? undefined} />
      {businesses.length > 1 ? (
        <nav aria-label={t`Your businesses`} className="flex flex-wrap gap-3 text-sm">
          {businesses.map((business) => (
            <Link
              key={business.id}
              to={localize(href(business.id, "new", 1, period))}
              aria-current={business.id === id ? "page" : undefined}
              className="rounded-full border border-navy-200 px-3 py-1 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white"
            >
              {business.name}
            </Link>
          ))}
        </nav>
      ) : null}
      <ProFigures
        stats={stats}
        period={period}
        periodHref={(each) => localize(href(id, box.group, box.page, each))}
      />
      <h2 className="sr-only">
        <Trans>Your requests</Trans>
      </h2>
      <nav aria-label={t`Request groups`}>
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(GROUP_LABELS) as InboxGroup[]).map((group) => (
            <li key={group}>
              <Link
                to={localize(href(id, group, 1, period))}
                aria-current={group === box.group ? "page" : undefined}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-navy-200 px-4 text-sm font-medium text-navy-900 aria-[current=page]:border-navy-900 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white"
              >
                {i18n._(GROUP_LABELS[group])}
                <span className="tabular-nums">({formatCount(box.counts[group], locale)})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {box.items.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-muted shadow-card">
          {i18n._(EMPTY_GROUP[box.group])}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={i18n._(GROUP_LIST_LABELS[box.group])}>
          {box.items.map((item) => (
            <li key={item.leadId}>
              <Link
                to={localize(`/pro/requests/${item.leadId}?business=${id}`)}
                className="grid gap-1 rounded-card bg-surface p-4 shadow-card hover:ring-2 hover:ring-navy-200"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-navy-900">{item.title}</span>
                  <span className="rounded-full bg-navy-100 px-2 py-0.5 text-xs font-medium text-navy-700">
                    {i18n._(STATE_LABELS[item.state])}
                  </span>
                </span>
                <span className="text-sm text-muted">
                  {[item.place, item.sentOn].filter(Boolean).join(" · ")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {box.pages > 1 ? (
        <nav aria-label={t`Pages`} className="flex items-center gap-4 text-sm">
          {box.page > 1 ? (
            <Link
              to={localize(href(id, box.group, box.page - 1, period))}
              className="font-medium text-navy-700 underline"
            >
              <Trans>Newer</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          {box.page < box.pages ? (
            <Link
              to={localize(href(id, box.group, box.page + 1, period))}
              className="font-medium text-navy-700 underline"
            >
              <Trans>Older</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
