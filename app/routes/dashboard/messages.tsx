import { MessageSquare } from "lucide-react";
import { data } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { EmptyState } from "~/features/dashboard/empty-state";
import { BRAND } from "~/site";
import type { Route } from "./+types/messages";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "/dashboard/messages");
  return data(null, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Messages | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function MessagesPage() {
  return (
    <section aria-labelledby="messages-title" className="grid gap-6">
      <h1 id="messages-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        Messages
      </h1>
      <EmptyState icon={MessageSquare} title="No messages here yet">
        Messaging on {BRAND.name} is on its way. For now, contractors reach you the way you chose on
        your request: by phone, text or email.
      </EmptyState>
    </section>
  );
}
