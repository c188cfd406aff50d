/**
 * A thread's event stream, GET /threads/:id/events (live-route.server.ts).
 * It stays open as long as the thread is: its route declares it a stream
 * (app/routes/resources/thread-events.ts), so the server gives it no render
 * turn and never keeps it in the page cache, and the server never
 * compresses an event stream (server/http/node-bridge.ts).
 */
export function threadEventsPath(threadId: string): string {
  return `/threads/${encodeURIComponent(threadId)}/events`;
}

/** The media type of an event stream (Server-Sent Events). */
export const EVENT_STREAM_TYPE = "text/event-stream";
