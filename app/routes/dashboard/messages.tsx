/**
 * The dashboard's Messages: the person's conversations, as homeowner and as
 * pro, newest activity first: who with, about what, the start of the last
 * message, when, and how many wait unread. Each opens its thread.
 */
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MessageSquare } from "lucide-react";
import { data, Link } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { threadsOf, withTimes } from "~/features/conversations/list.server";
import { EmptyState } from "~/features/dashboard/empty-state";
import { getDb } from "~/lib/app-context.server";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/messages";

export async function loader({ context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getDb(context);
  const threads = await withTimes(db, await threadsOf(db, user.id, locale), locale);
  return data({
    title: translate(locale, msg`Messages`),
    threads: threads.map((thread) => ({
      threadId: thread.threadId,
      side: thread.side,
      otherName: thread.otherName,
      businessName: thread.businessName,
      about: thread.service ? serviceLabel(thread.service, locale) : thread.title,
      preview: thread.preview,
      at: thread.lastMessageAt ?? thread.createdAt,
      // Formatted on the server: the browser shows the same words (no zone data of its own).
      when: thread.time,
      opened: thread.lastMessageAt === null,
      unread: thread.unread,
    })),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.title} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

type Thread = Route.ComponentProps["loaderData"]["threads"][number];

function ThreadItem({ thread }: { thread: Thread }) {
  const { t } = useLingui();
  const localize = useLocalize();
  const { job: when, viewer } = thread.when;
  const { about, businessName, unread } = thread;
  return (
    <Link
      to={localize(`/dashboard/messages/${thread.threadId}`)}
      className="grid gap-1 rounded-card bg-surface p-4 shadow-card hover:bg-navy-50 focus-visible:outline-3 focus-visible:outline-navy-600"
    >
      <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-lg font-bold text-navy-900">{thread.otherName}</span>
        <span className="text-sm text-muted">
          <time dateTime={thread.at}>{thread.opened ? t`Opened ${when}` : when}</time>
          {viewer ? (
            <>
              {" · "}
              <Trans>Your time: {viewer}</Trans>
            </>
          ) : null}
        </span>
      </span>
      <span className="text-sm font-medium text-navy-800">
        {thread.side === "pro" ? t`${about} · for ${businessName}` : about}
      </span>
      <span className="flex items-start justify-between gap-4">
        <span
          className={
            thread.unread > 0
              ? "line-clamp-2 font-semibold break-words text-ink"
              : "line-clamp-2 break-words text-muted"
          }
        >
          {thread.preview ?? t`No messages yet.`}
        </span>
        {unread > 0 ? (
          <span className="shrink-0 rounded-full bg-accent-700 px-2.5 py-0.5 text-sm font-semibold text-white">
            {t`${plural(unread, { one: "# unread", other: "# unread" })}`}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { threads } = loaderData;
  const { t } = useLingui();
  return (
    <section aria-labelledby="messages-title" className="grid gap-6">
      <h1 id="messages-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        <Trans>Messages</Trans>
      </h1>
      {threads.length === 0 ? (
        <EmptyState icon={MessageSquare} title={t`No conversations yet`}>
          <Trans>
            A conversation starts when a pro accepts a request: you and the pro can then write to
            each other here, without sharing your email or phone.
          </Trans>
        </EmptyState>
      ) : (
        <ul aria-label={t`Your conversations, newest first`} className="grid gap-3">
          {threads.map((thread) => (
            <li key={thread.threadId}>
              <ThreadItem thread={thread} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
