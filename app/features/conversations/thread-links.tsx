/**
 * The "Messages" block of a project page (the homeowner's threads with the
 * pros who accepted) and of a pro's request page (their business's thread):
 * the other party, what they have not read, and the way in.
 */
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

export interface ThreadLink {
  threadId: string;
  /** The business for the homeowner, the homeowner's first name for the pro. */
  otherName: string;
  unread: number;
}

/** The thread's page. */
export const threadPath = (threadId: string) => `/dashboard/messages/${threadId}`;

/** The thread's page for the browser that sent the request without signing in. */
export const browserThreadPath = (leadId: string, threadId: string) =>
  `/requests/${leadId}/messages/${threadId}`;

export function ThreadLinks({
  threads,
  intro,
  pathOf = threadPath,
}: {
  threads: readonly ThreadLink[];
  intro: string;
  /** Where a thread opens (the dashboard's page unless said otherwise). */
  pathOf?: (threadId: string) => string;
}) {
  if (threads.length === 0) return null;
  return (
    <section
      aria-labelledby="threads-title"
      className="grid gap-3 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="threads-title" className="text-xl font-bold text-navy-900">
        Messages
      </h2>
      <p className="text-sm text-muted">{intro}</p>
      <ul className="grid gap-2">
        {threads.map((thread) => (
          <li
            key={thread.threadId}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-2 first:border-t-0 first:pt-0"
          >
            <span className="grid">
              <span className="font-semibold text-navy-900">{thread.otherName}</span>
              <span className="text-sm text-muted">
                {thread.unread === 0
                  ? "No unread messages"
                  : `${String(thread.unread)} unread ${thread.unread === 1 ? "message" : "messages"}`}
              </span>
            </span>
            <Link to={pathOf(thread.threadId)} className={buttonClasses("secondary", "sm")}>
              Open the conversation<span className="sr-only"> with {thread.otherName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
