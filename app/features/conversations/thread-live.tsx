/**
 * The open thread's live side: the event stream (use-thread-events.ts) and
 * one quiet status line, a polite live region, that tells screen readers
 * when a message from the other side arrives (or when the live updates
 * stopped). Without JavaScript the line stays empty.
 */
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useThreadEvents } from "./use-thread-events";

interface LiveMessage {
  id: number;
  mine: boolean;
  /** As the server wrote it (view.server.ts), so the line says what the messages say. */
  time: { job: string };
}

const newestId = (messages: readonly LiveMessage[]) =>
  messages.reduce((newest, message) => Math.max(newest, message.id), 0);

/** What the line says of the other side's messages that just arrived, in the page's language. */
export function arrivalText(
  i18n: I18n,
  otherName: string,
  arrived: readonly LiveMessage[],
): string {
  const last = arrived.at(-1);
  if (!last) return "";
  const when = last.time.job;
  const count = arrived.length;
  return i18n._(
    msg`${plural(count, {
      one: `New message from ${otherName}, ${when}.`,
      other: `# new messages from ${otherName}, the last ${when}.`,
    })}`,
  );
}

export function ThreadLive({
  threadId,
  otherName,
  messages,
}: {
  threadId: string;
  otherName: string;
  messages: readonly LiveMessage[];
}) {
  const { i18n, t } = useLingui();
  const live = useThreadEvents(threadId);
  const [arrival, setArrival] = useState("");
  // The newest message already on the page: only later ones are news.
  const seen = useRef(newestId(messages));
  useEffect(() => {
    const arrived = messages.filter((message) => message.id > seen.current && !message.mine);
    seen.current = Math.max(seen.current, newestId(messages));
    if (arrived.length > 0) setArrival(arrivalText(i18n, otherName, arrived));
  }, [messages, otherName, i18n]);

  const problem =
    live === "reconnecting"
      ? t`Connection lost: reconnecting to the conversation…`
      : live === "closed"
        ? t`New messages no longer arrive by themselves: reload the page to see them.`
        : "";
  return (
    <p role="status" aria-live="polite" data-live={live} className="min-h-5 text-sm text-muted">
      {problem || arrival}
    </p>
  );
}
