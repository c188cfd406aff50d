import { threadEvents } from "~/features/conversations/live-route.server";
import type { EdgeHandle } from "~/lib/edge";
import type { Route } from "./+types/thread-events";

/** An event stream stays open as long as the thread (app/lib/edge.ts). */
export const handle = { edge: { streaming: true } } satisfies EdgeHandle;

/** GET /threads/:id/events: the thread's new messages, live (Server-Sent Events). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return threadEvents(request, context, params.id);
}
