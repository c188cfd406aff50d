/**
 * A thread's event stream, GET /threads/:id/events (live-route.server.ts).
 * It stays open as long as the thread is: the server gives it no render
 * turn, never keeps it in the page cache and never compresses it
 * (server/request-handler.ts, server/node-bridge.ts).
 */
const THREAD_EVENTS_PATH = /^\/threads\/[^/]+\/events(?:\.data)?$/;

export function isThreadEventsPath(pathname: string): boolean {
  return THREAD_EVENTS_PATH.test(pathname);
}

export function threadEventsPath(threadId: string): string {
  return `/threads/${encodeURIComponent(threadId)}/events`;
}

/** The media type of an event stream (Server-Sent Events). */
export const EVENT_STREAM_TYPE = "text/event-stream";

export function isEventStream(contentType: string | null): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === EVENT_STREAM_TYPE;
}
