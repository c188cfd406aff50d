/**
 * One conversation, as the homeowner or the pro reads it: its messages
 * (live with JavaScript, through the thread's event stream), the contact
 * panel and the message form. Every step is a plain form post (intents
 * message, share, report) that works without JavaScript and sends the
 * person back to the page (post, redirect, get); a refusal comes back beside
 * its field with what was typed. Anyone else gets the site's 404, on the
 * page and on every post.
 */
import { data, redirect } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { threadAccess } from "~/features/conversations/access.server";
import { postMessage } from "~/features/conversations/post.server";
import { reportMessage } from "~/features/conversations/reports.server";
import { threadPath } from "~/features/conversations/thread-links";
import { messageAnchor } from "~/features/conversations/thread-messages";
import { ThreadPage, type ThreadFailure } from "~/features/conversations/thread-page";
import { readCursor, shareContact, threadView } from "~/features/conversations/view.server";
import { deliveryOf, notFound, orNotFound } from "~/features/marketplace/answers.server";
import { PhotoRefused, readPhotoUploads } from "~/features/marketplace/photos.server";
import { getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/thread";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url.pathname + url.search);
  const db = getServices(context).database.db;
  const before = url.searchParams.get("before");
  const view = await orNotFound(threadView(db, user.id, params.threadId, { before }));
  const { side, leadId, contractorId } = view;
  return data(
    {
      thread: {
        ...view,
        service: view.service ? serviceLabel(view.service) : view.title,
        backTo:
          side === "homeowner"
            ? { path: `/dashboard/projects/${leadId}`, label: "Back to the project" }
            : {
                path: `/pro/requests/${leadId}?business=${contractorId}`,
                label: "Back to the request",
              },
      },
      showingOlder: readCursor(before) !== null,
      reported: readCursor(url.searchParams.get("reported")),
    },
    { headers: NO_STORE },
  );
}

const refuse = (failure: ThreadFailure, status: number, headers: Record<string, string> = {}) =>
  data<ThreadFailure>(failure, { status, headers: { ...NO_STORE, ...headers } });

/** The form's fields and files: multipart (the message form, photos) or url-encoded. */
async function readForm(request: Request) {
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return { form: await request.formData(), files: [] };
  }
  return readPhotoUploads(request);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const page = threadPath(params.threadId);
  const user = await requireUser(request, context, page);
  const services = getServices(context);
  const db = services.database.db;
  // Before anything is read: another person's thread is the 404, whatever was posted.
  if (!(await threadAccess(db, user.id, params.threadId))) notFound();
  let read: Awaited<ReturnType<typeof readForm>>;
  try {
    read = await readForm(request);
  } catch (error) {
    if (!(error instanceof PhotoRefused)) throw error;
    return refuse({ intent: "message", errors: { photos: error.message }, body: "" }, error.status);
  }
  const { form, files } = read;
  switch (form.get("intent")) {
    case "message": {
      const body = text(form, "body");
      const input = { body, photos: files };
      const owner = { userId: user.id };
      const result = await orNotFound(
        postMessage(db, { delivery: deliveryOf(context) }, owner, params.threadId, input),
      );
      if (!result.ok) {
        const retry: Record<string, string> = result.retryAfterS
          ? { "Retry-After": String(result.retryAfterS) }
          : {};
        return refuse({ intent: "message", errors: result.errors, body }, result.status, retry);
      }
      // Committed: the open pages hear of it, and the outbox looks at its new job.
      await services.messageBus.publish({
        threadId: result.message.threadId,
        messageId: result.message.id,
      });
      services.notifyOutbox();
      return redirect(`${page}#${messageAnchor(result.message.id)}`);
    }
    case "share": {
      const result = await orNotFound(shareContact(db, user.id, params.threadId));
      if (!result.ok) return refuse({ intent: "share", error: result.error }, result.status);
      return redirect(`${page}#contact`);
    }
    case "report": {
      const messageId = readCursor(form.get("messageId"));
      if (messageId === null) notFound();
      const reason = text(form, "reason");
      const result = await orNotFound(reportMessage(db, user.id, messageId, reason));
      if (!result.ok) {
        return refuse({ intent: "report", messageId, error: result.error, reason }, result.status);
      }
      return redirect(`${page}?reported=${String(messageId)}#${messageAnchor(messageId)}`);
    }
    default:
      return refuse({ intent: null, error: "Please write a message, or choose what to do." }, 400);
  }
}

/** Never stored; a refusal for sending too often says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...NO_STORE, "Retry-After": retryAfter } : NO_STORE;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.thread.otherName} · ${loaderData.thread.service} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ThreadRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  return (
    <section aria-labelledby="thread-title" className="grid gap-6">
      <ThreadPage
        thread={thread}
        backTo={thread.backTo}
        path={threadPath(thread.threadId)}
        showingOlder={loaderData.showingOlder}
        reported={loaderData.reported}
        failure={actionData}
      />
    </section>
  );
}
