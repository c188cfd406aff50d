/**
 * The "Messages" block of a project page (the homeowner's threads with the
 * pros who accepted) and of a pro's request page (their business's thread):
 * the other party, what they have not read, and the way in.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { useLocalize } from "~/lib/use-locale";

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
  /** A sentence in the page's language. */
  intro: string;
  /** Where a thread opens (the dashboard's page unless said otherwise; put in the page's language here). */
  pathOf?: (threadId: string) => string;
}) {
  const { t } = useLingui();
  const localize = useLocalize();
  if (threads.length === 0) return null;
  return (
    <section
      aria-labelledby="threads-title"
      className="grid gap-3 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="threads-title" className="text-xl font-bold text-navy-900">
        <Trans>Messages</Trans>
      </h2>
      <p className="text-sm text-muted">{intro}</p>
      <ul className="grid gap-2">
        {threads.map((thread) => {
          const { otherName, unread } = thread;
          return (
            <li
              key={thread.threadId}
              className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-2 first:border-t-0 first:pt-0"
            >
              <span className="grid">
                <span className="font-semibold text-navy-900">{otherName}</span>
                <span className="text-sm text-muted">
                  {unread === 0
                    ? t`No unread messages`
                    : t`${plural(unread, { one: "# unread message", other: "# unread messages" })}`}
                </span>
              </span>
              <Link
                to={localize(pathOf(thread.threadId))}
                className={buttonClasses("secondary", "sm")}
              >
                <Trans>
                  Open the conversation<span className="sr-only"> with {otherName}</span>
                </Trans>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
