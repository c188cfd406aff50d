import { threadEvents } from "~/features/conversations/live-route.server";
import type { Route } from "./+types/thread-events";

/** GET /threads/:id/events: the thread's new messages, live (Server-Sent Events). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return threadEvents(request, context, params.id);
}
