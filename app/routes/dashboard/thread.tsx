/**
 * One conversation, as the homeowner or the pro reads it: its messages
 * (live with JavaScript, through the thread's event stream), the contact
 * panel and the message form. Every step is a plain form post (intents
 * message, share, report) that works without JavaScript and sends the
 * person back to the page (post, redirect, get); a refusal comes back beside
 * its field with what was typed. Anyone else gets the site's 404, on the
 * page and on every post.
 */
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { threadAccess } from "~/features/conversations/access.server";
import { reportMessage } from "~/features/conversations/reports.server";
import { threadPath } from "~/features/conversations/thread-links";
import { threadAction, threadHeaders } from "~/features/conversations/thread-action.server";
import { ThreadPage } from "~/features/conversations/thread-page";
import { readCursor, threadView } from "~/features/conversations/view.server";
import { notFound, orNotFound } from "~/features/marketplace/answers.server";
import { MAX_UPLOAD_BYTES } from "~/features/marketplace/photo-limits";
import { getServices } from "~/lib/app-context.server";
import type { EdgeHandle } from "~/lib/edge";
import { BRAND } from "~/site";
import type { Route } from "./+types/thread";
import { localeOf } from "~/lib/locale-context.server";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const db = getServices(context).database.db;
  const before = url.searchParams.get("before");
  const view = await orNotFound(threadView(db, user.id, params.threadId, { before, locale }));
  const { side, leadId, contractorId } = view;
  return data({
    thread: {
      ...view,
      service: view.service ? serviceLabel(view.service, locale) : view.title,
      backTo:
        side === "homeowner"
          ? { path: `/dashboard/projects/${leadId}`, to: "project" as const }
          : { path: `/pro/requests/${leadId}?business=${contractorId}`, to: "request" as const },
    },
    showingOlder: readCursor(before) !== null,
    reported: readCursor(url.searchParams.get("reported")),
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = localeOf(context);
  const page = threadPath(params.threadId);
  const user = signedInUser(context);
  const db = getServices(context).database.db;
  // Before anything is read: another person's thread is the 404, whatever was posted.
  if (!(await threadAccess(db, user.id, params.threadId))) notFound();
  return threadAction({
    request,
    context,
    who: { userId: user.id },
    threadId: params.threadId,
    page,
    report: (messageId, reason) => reportMessage(db, user.id, messageId, reason, locale),
  });
}

export const headers: Route.HeadersFunction = threadHeaders;

/** A message's photos: its form's multipart body may be this large (app/lib/edge.ts). */
export const handle = { edge: { uploadBytes: MAX_UPLOAD_BYTES } } satisfies EdgeHandle;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.thread.otherName} · ${loaderData.thread.service} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ThreadRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  const { t } = useLingui();
  const { path, to } = thread.backTo;
  return (
    <section aria-labelledby="thread-title" className="grid gap-6">
      <ThreadPage
        thread={thread}
        backTo={{
          path,
          label: to === "project" ? t`Back to the project` : t`Back to the request`,
        }}
        path={threadPath(thread.threadId)}
        showingOlder={loaderData.showingOlder}
        reported={loaderData.reported}
        failure={actionData}
      />
    </section>
  );
}
