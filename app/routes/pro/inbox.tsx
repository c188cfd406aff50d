/**
 * The pro's inbox: the requests homeowners sent to their business, by group
 * (new, accepted, quoted, hired, declined, not chosen) with counts, newest
 * first, 20 to a page. Nothing here was bought: each was sent by a homeowner
 * who chose this business. Above it, the business's figures over the last
 * 30 or 90 days (`?period=`).
 */
import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { orNotFound } from "~/features/marketplace/answers.server";
import { chosenBusiness, inbox, type InboxGroup } from "~/features/marketplace/inbox.server";
import { ProFigures } from "~/features/marketplace/pro-stats";
import {
  forPeriod,
  recentProStats,
  statsPeriod,
  type StatsPeriod,
} from "~/features/marketplace/pro-stats.server";
import { getDb } from "~/lib/app-context.server";
import { mediumDate } from "~/lib/dates";
import { BRAND } from "~/site";
import type { Route } from "./+types/inbox";

const GROUP_LABELS: Record<InboxGroup, string> = {
  new: "New",
  accepted: "Accepted",
  quoted: "Quoted",
  hired: "Hired",
  declined: "Declined",
  not_chosen: "Not chosen",
};

const STATE_LABELS = {
  sent: "New",
  viewed: "Viewed",
  accepted: "Accepted",
  quoted: "Quoted",
  hired: "Hired",
  declined: "Declined",
  not_chosen: "Not chosen",
} as const;

const NOTICES = {
  joined: "Your business profile is ready. Requests homeowners send you will appear here.",
  claimed: "The listing is yours now. Requests homeowners send it will appear here.",
} as const;

function isGroup(value: string | null): value is InboxGroup {
  return value !== null && Object.hasOwn(GROUP_LABELS, value);
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/pro");
  const db = getDb(context);
  const owned = await orNotFound(chosenBusiness(db, user.id, url));
  if (!owned) throw redirect("/pro/join");
  const groupParam = url.searchParams.get("group");
  const page = Number(url.searchParams.get("page") ?? "1");
  const period = statsPeriod(url.searchParams.get("period"));
  const [box, stats] = await Promise.all([
    inbox(db, user.id, owned.business, {
      group: isGroup(groupParam) ? groupParam : "new",
      page: Number.isFinite(page) ? page : 1,
    }),
    recentProStats(db, owned.business.id),
  ]);
  const notice = url.searchParams.has("joined")
    ? NOTICES.joined
    : url.searchParams.has("claimed")
      ? NOTICES.claimed
      : null;
  return data(
    {
      box,
      businesses: owned.all,
      slug: owned.business.slug,
      notice,
      stats: forPeriod(stats, period),
      period,
    },
    { headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Requests | ${BRAND.name} for pros` },
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
  const id = box.business.id;
  return (
    <section aria-labelledby="inbox-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="inbox-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          Requests for {box.business.name}
        </h1>
        <p className="text-muted">
          Only homeowners who chose you send these. Declining costs nothing.{" "}
          <Link to={`/pros/${slug}`} className="font-medium text-navy-700 underline">
            See your public profile
          </Link>
        </p>
      </div>
      <FormAlert tone="success" message={notice ?? undefined} />
      {businesses.length > 1 ? (
        <nav aria-label="Your businesses" className="flex flex-wrap gap-3 text-sm">
          {businesses.map((business) => (
            <Link
              key={business.id}
              to={href(business.id, "new", 1, period)}
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
        periodHref={(each) => href(id, box.group, box.page, each)}
      />
      <h2 className="sr-only">Your requests</h2>
      <nav aria-label="Request groups">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(GROUP_LABELS) as InboxGroup[]).map((group) => (
            <li key={group}>
              <Link
                to={href(id, group, 1, period)}
                aria-current={group === box.group ? "page" : undefined}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-navy-200 px-4 text-sm font-medium text-navy-900 aria-[current=page]:border-navy-900 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white"
              >
                {GROUP_LABELS[group]}
                <span className="tabular-nums">({box.counts[group]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {box.items.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-muted shadow-card">
          No {GROUP_LABELS[box.group].toLowerCase()} requests.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={`${GROUP_LABELS[box.group]} requests`}>
          {box.items.map((item) => (
            <li key={item.leadId}>
              <Link
                to={`/pro/requests/${item.leadId}?business=${id}`}
                className="grid gap-1 rounded-card bg-surface p-4 shadow-card hover:ring-2 hover:ring-navy-200"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-navy-900">{item.title}</span>
                  <span className="rounded-full bg-navy-100 px-2 py-0.5 text-xs font-medium text-navy-700">
                    {STATE_LABELS[item.state]}
                  </span>
                </span>
                <span className="text-sm text-muted">
                  {[item.place, mediumDate(item.sentAt)].filter(Boolean).join(" · ")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {box.pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
          {box.page > 1 ? (
            <Link
              to={href(id, box.group, box.page - 1, period)}
              className="font-medium text-navy-700 underline"
            >
              Newer
            </Link>
          ) : null}
          <span>
            Page {box.page} of {box.pages}
          </span>
          {box.page < box.pages ? (
            <Link
              to={href(id, box.group, box.page + 1, period)}
              className="font-medium text-navy-700 underline"
            >
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
