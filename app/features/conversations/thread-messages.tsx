/**
 * A thread's messages, oldest first: the reader's on the right, the other
 * side's on the left, each with who and when (in the job's zone, the pro's own
 * beside it: view.server.ts formats both), its photos as thumbnails and,
 * on the other side's, a "Report" control (a small form that works without
 * JavaScript). A removed message shows only that it was removed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, TextArea } from "~/components/ui/form-controls";
import { cn } from "~/lib/cn";
import { useLocalize } from "~/lib/use-locale";
import { REPORT_REASON_MAX_CHARS } from "./limits";
import type { ThreadMessage } from "./view.server";

/** The anchor of a message on the page (the page goes there after posting or reporting). */
export const messageAnchor = (id: number) => `message-${String(id)}`;

/** A report form's refusal, beside the message it was about, with the reason as typed. */
export interface ReportFailure {
  messageId: number;
  error: string;
  reason: string;
}

export interface ThreadMessagesProps {
  messages: readonly ThreadMessage[];
  /** The other party as the page names them. */
  otherName: string;
  /** The newest of the reader's messages the other side has read. */
  otherReadUpTo: number;
  /** The page of older messages, when there are more. */
  olderCursor: number | null;
  /** The thread's page (its newest messages). */
  path: string;
  /** Showing an older page: a link back to the newest. */
  showingOlder: boolean;
  /** The message just reported (the page says so instead of its form). */
  reported: number | null;
  reportFailure: ReportFailure | null;
}

export function ThreadMessages(props: ThreadMessagesProps) {
  const { messages, otherName, olderCursor, path } = props;
  const { t } = useLingui();
  const localize = useLocalize();
  const lastMine = messages.findLast((message) => message.mine && !message.removed)?.id;
  return (
    <div className="grid gap-3">
      {olderCursor !== null ? (
        <Link
          to={localize(`${path}?before=${String(olderCursor)}`)}
          className="justify-self-center text-sm font-medium text-navy-700 underline"
        >
          <Trans>Older messages</Trans>
        </Link>
      ) : null}
      {messages.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-muted shadow-card">
          <Trans>
            No messages yet. Write to {otherName} below: they see it here, and by email if they are
            away.
          </Trans>
        </p>
      ) : (
        <ol aria-label={t`Messages`} className="grid gap-4">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              {...props}
              seen={message.id === lastMine && props.otherReadUpTo >= message.id}
            />
          ))}
        </ol>
      )}
      {props.showingOlder ? (
        <Link
          to={localize(path)}
          className="justify-self-center text-sm font-medium text-navy-700 underline"
        >
          <Trans>Newest messages</Trans>
        </Link>
      ) : null}
    </div>
  );
}

function MessageItem({
  message,
  otherName,
  seen,
  reported,
  reportFailure,
}: ThreadMessagesProps & { message: ThreadMessage; seen: boolean }) {
  const { t } = useLingui();
  const author = message.mine ? t`You` : otherName;
  const { job, viewer } = message.time;
  const total = message.photoIds.length;
  /** The alt text of photo `number` (of `total`). */
  const photoAlt = (number: number) =>
    total > 1
      ? message.mine
        ? t`Photo sent by you (${number} of ${total})`
        : t`Photo sent by ${otherName} (${number} of ${total})`
      : message.mine
        ? t`Photo sent by you`
        : t`Photo sent by ${otherName}`;
  return (
    <li
      id={messageAnchor(message.id)}
      className={cn(
        "grid max-w-[36rem] gap-1.5",
        message.mine ? "justify-self-end justify-items-end" : "justify-self-start",
      )}
    >
      <p className="text-xs text-muted">
        <span className="font-semibold text-navy-900">{author}</span>
        {" · "}
        <time dateTime={message.createdAt}>{job}</time>
        {viewer ? (
          <>
            {" · "}
            <Trans>Your time: {viewer}</Trans>
          </>
        ) : null}
      </p>
      <div
        className={cn(
          "grid gap-2 rounded-card px-4 py-3",
          message.mine ? "bg-navy-100 text-navy-900" : "border border-line bg-surface text-ink",
        )}
      >
        {message.removed ? (
          <p className="text-muted italic">{message.body}</p>
        ) : message.body ? (
          <p className="break-words whitespace-pre-line">{message.body}</p>
        ) : null}
        {message.photoIds.length > 0 ? (
          <ul aria-label={t`Photos in this message`} className="flex flex-wrap gap-2">
            {message.photoIds.map((photoId, index) => (
              <li key={photoId}>
                <a href={`/photos/${photoId}.webp`} target="_blank" rel="noreferrer">
                  <img
                    src={`/photos/${photoId}.webp`}
                    alt={photoAlt(index + 1)}
                    width={128}
                    height={96}
                    loading="lazy"
                    decoding="async"
                    className="h-24 w-32 rounded-lg object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {seen ? (
        <p className="text-xs text-muted">
          <Trans>Seen</Trans>
        </p>
      ) : null}
      {!message.mine && !message.removed ? (
        reported === message.id ? (
          <p role="status" className="text-sm font-medium text-success-600">
            <Trans>You reported this message. An operator will look at it.</Trans>
          </p>
        ) : (
          <ReportControl
            message={message}
            failure={reportFailure?.messageId === message.id ? reportFailure : null}
          />
        )
      ) : null}
    </li>
  );
}

/** "Report": a disclosure with a short form (its reason), open again when it was refused. */
function ReportControl({
  message,
  failure,
}: {
  message: ThreadMessage;
  failure: ReportFailure | null;
}) {
  const { t } = useLingui();
  const id = `report-reason-${String(message.id)}`;
  const when = message.time.job;
  const max = REPORT_REASON_MAX_CHARS;
  return (
    <details open={failure !== null} className="text-sm">
      <summary className="inline-flex min-h-6 cursor-pointer items-center text-navy-700 underline">
        <Trans>
          Report<span className="sr-only"> the message sent {when}</span>
        </Trans>
      </summary>
      <Form method="post" className="mt-2 grid w-72 max-w-full justify-items-start gap-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="messageId" value={message.id} />
        <Field
          id={id}
          label={t`What is wrong with this message?`}
          hint={t`Up to ${max} characters. An operator reads it.`}
          error={failure?.error}
          className="w-full"
        >
          <TextArea
            id={id}
            name="reason"
            rows={3}
            defaultValue={failure?.reason}
            className="min-h-20"
            {...describedBy(id, failure?.error, true)}
          />
        </Field>
        <Button type="submit" variant="secondary" size="sm">
          <Trans>Send report</Trans>
        </Button>
      </Form>
    </details>
  );
}
