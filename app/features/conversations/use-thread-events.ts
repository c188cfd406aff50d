/**
 * The open thread, live: an EventSource on the thread's event stream
 * (GET /threads/:id/events). Each `message` event revalidates the page, so
 * the new message shows without a reload (the loader reads it, and marks it
 * read). The browser reconnects by itself with Last-Event-ID, and the
 * server catches it up; the stream closes when the page goes.
 */
import { useEffect, useEffectEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { threadEventsPath } from "./live-paths";

/** Where the stream stands: not started (no JavaScript yet), open, reconnecting, given up. */
export type ThreadLiveState = "idle" | "open" | "reconnecting" | "closed";

/** The message id of a `message` event's data (`{"messageId":N}`), or null. */
export function messageIdOf(data: unknown): number | null {
  if (typeof data !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null || !("messageId" in parsed)) return null;
    const id = parsed.messageId;
    return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the thread while the page is open; `onMessage` (optional) is
 * told each new message's id before the page revalidates.
 */
export function useThreadEvents(
  threadId: string,
  onMessage?: (messageId: number) => void,
): ThreadLiveState {
  const revalidator = useRevalidator();
  const [state, setState] = useState<ThreadLiveState>("idle");
  // Reads the latest of each, without opening a new stream on every render.
  const arrived = useEffectEvent((messageId: number) => {
    onMessage?.(messageId);
    void revalidator.revalidate();
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(threadEventsPath(threadId));
    const opened = () => setState("open");
    const failed = () =>
      // CLOSED: the server refused (404, signed out); CONNECTING: the browser tries again.
      setState(source.readyState === EventSource.CLOSED ? "closed" : "reconnecting");
    const received = (event: MessageEvent) => {
      const messageId = messageIdOf(event.data);
      if (messageId !== null) arrived(messageId);
    };
    source.addEventListener("open", opened);
    source.addEventListener("error", failed);
    source.addEventListener("message", received);
    return () => {
      source.removeEventListener("open", opened);
      source.removeEventListener("error", failed);
      source.removeEventListener("message", received);
      source.close();
    };
  }, [threadId]);

  return state;
}
