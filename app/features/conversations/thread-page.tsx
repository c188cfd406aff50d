/**
 * A conversation's page, shared by the signed-in page (/dashboard/messages/:id)
 * and the one for a browser that sent its request without an account: the
 * heading and back link, the live updates, the messages, the message form
 * and the contact panel, each with its form's refusal beside it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { useLocalize } from "~/lib/use-locale";
import type { ThreadView } from "./view.server";
import { MessageForm } from "./thread-compose";
import { ContactPanel } from "./thread-contact";
import { ThreadLive } from "./thread-live";
import { closureSentence } from "./thread-closure";
import { ThreadMessages } from "./thread-messages";

/** What a refused post says, beside the form it came from. */
export type ThreadFailure =
  | { intent: "message"; errors: { body?: string; photos?: string }; body: string }
  | { intent: "share"; error: string }
  | { intent: "report"; messageId: number; error: string; reason: string }
  | { intent: null; error: string };

type ShownThread = Pick<
  ThreadView,
  | "threadId"
  | "otherName"
  | "businessProfilePath"
  | "messages"
  | "otherReadUpTo"
  | "olderCursor"
  | "side"
  | "contactSharedOn"
  | "contactState"
  | "contact"
  | "closure"
> & { service: string };

export function ThreadPage({
  thread,
  backTo,
  path,
  showingOlder,
  reported,
  failure,
}: {
  thread: ShownThread;
  /** The page above (its path without a language prefix), and the link's words in the page's language. */
  backTo: { path: string; label: string };
  /** The thread's page (its newest messages). */
  path: string;
  showingOlder: boolean;
  reported: number | null;
  failure: ThreadFailure | undefined;
}) {
  const localize = useLocalize();
  const { i18n } = useLingui();
  const { otherName } = thread;
  return (
    <>
      <div className="grid gap-2">
        <Link to={localize(backTo.path)} className="text-sm font-medium text-navy-700 underline">
          {backTo.label}
        </Link>
        <h1 id="thread-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          {thread.otherName} · {thread.service}
        </h1>
        {thread.businessProfilePath ? (
          <Link
            to={localize(thread.businessProfilePath)}
            className="text-sm text-navy-700 underline"
          >
            <Trans>{otherName}&apos;s profile</Trans>
          </Link>
        ) : null}
        <ThreadLive
          threadId={thread.threadId}
          otherName={thread.otherName}
          messages={thread.messages}
        />
      </div>
      <FormAlert message={failure?.intent === null ? failure.error : undefined} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-6">
          <ThreadMessages
            messages={thread.messages}
            otherName={thread.otherName}
            otherReadUpTo={thread.otherReadUpTo}
            olderCursor={thread.olderCursor}
            path={path}
            showingOlder={showingOlder}
            reported={reported}
            reportFailure={failure?.intent === "report" ? failure : null}
          />
          {thread.closure ? (
            <p className="rounded-card border border-line bg-navy-50 p-4 text-navy-900">
              {i18n._(closureSentence(thread.closure, thread.side, otherName))}
            </p>
          ) : (
            <MessageForm
              otherName={thread.otherName}
              errors={failure?.intent === "message" ? failure.errors : undefined}
              body={failure?.intent === "message" ? failure.body : undefined}
            />
          )}
        </div>
        <ContactPanel
          side={thread.side}
          otherName={thread.otherName}
          contactSharedOn={thread.contactSharedOn}
          contactState={thread.contactState}
          contact={thread.contact}
          error={failure?.intent === "share" ? failure.error : undefined}
        />
      </div>
    </>
  );
}
