/**
 * The dashboard's Messages: the person's conversations, as homeowner and as
 * pro, newest activity first: who with, about what, the start of the last
 * message, when, and how many wait unread. Each opens its thread.
 */
import { MessageSquare } from "lucide-react";
import { data, Link } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { threadsOf } from "~/features/conversations/list.server";
import { EmptyState } from "~/features/dashboard/empty-state";
import { getDb } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/messages";
import { localeOfRequest } from "~/lib/locale-path";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const user = await requireUser(request, context, "/dashboard/messages");
  const threads = await threadsOf(getDb(context), user.id);
  return data(
    {
      threads: threads.map((thread) => ({
        threadId: thread.threadId,
        side: thread.side,
        otherName: thread.otherName,
        businessName: thread.businessName,
        about: thread.service ? serviceLabel(thread.service, locale) : thread.title,
        preview: thread.preview,
        at: thread.lastMessageAt ?? thread.createdAt,
        opened: thread.lastMessageAt === null,
        unread: thread.unread,
      })),
    },
    { headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Messages | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** In UTC, so that the server's render and the browser's agree (as app/lib/dates.ts). */
const WHEN = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

type Thread = Route.ComponentProps["loaderData"]["threads"][number];

function ThreadItem({ thread }: { thread: Thread }) {
  return (
    <Link
      to={`/dashboard/messages/${thread.threadId}`}
      className="grid gap-1 rounded-card bg-surface p-4 shadow-card hover:bg-navy-50 focus-visible:outline-3 focus-visible:outline-navy-600"
    >
      <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-lg font-bold text-navy-900">{thread.otherName}</span>
        <time dateTime={thread.at} className="text-sm text-muted">
          {thread.opened ? "Opened " : ""}
          {WHEN.format(new Date(thread.at))} UTC
        </time>
      </span>
      <span className="text-sm font-medium text-navy-800">
        {thread.about}
        {thread.side === "pro" ? ` · for ${thread.businessName}` : ""}
      </span>
      <span className="flex items-start justify-between gap-4">
        <span
          className={
            thread.unread > 0
              ? "line-clamp-2 font-semibold break-words text-ink"
              : "line-clamp-2 break-words text-muted"
          }
        >
          {thread.preview ?? "No messages yet."}
        </span>
        {thread.unread > 0 ? (
          <span className="shrink-0 rounded-full bg-accent-700 px-2.5 py-0.5 text-sm font-semibold text-white">
            {`${String(thread.unread)} unread`}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { threads } = loaderData;
  return (
    <section aria-labelledby="messages-title" className="grid gap-6">
      <h1 id="messages-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        Messages
      </h1>
      {threads.length === 0 ? (
        <EmptyState icon={MessageSquare} title="No conversations yet">
          A conversation starts when a pro accepts a request: you and the pro can then write to each
          other here, without sharing your email or phone.
        </EmptyState>
      ) : (
        <ul aria-label="Your conversations, newest first" className="grid gap-3">
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
