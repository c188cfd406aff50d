/**
 * /requests/:id/messages/:threadId: a conversation on a request sent without
 * signing in, as the browser that sent it reads it (its request cookie):
 * the same page as the signed-in one, with messages and the contact button.
 * Reporting a message needs an account (an operator may need to reach the
 * reporter). Anyone else, and a thread of another request, gets the 404.
 */
import { data, redirect } from "react-router";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { threadAccess } from "~/features/conversations/access.server";
import { postMessage } from "~/features/conversations/post.server";
import { browserThreadPath, threadPath } from "~/features/conversations/thread-links";
import { messageAnchor } from "~/features/conversations/thread-messages";
import { ThreadPage, type ThreadFailure } from "~/features/conversations/thread-page";
import { readCursor, shareContact, threadView } from "~/features/conversations/view.server";
import { deliveryOf, notFound, orNotFound } from "~/features/marketplace/answers.server";
import { browserOwner } from "~/features/marketplace/browser-request.server";
import { PhotoRefused, readPhotoUploads } from "~/features/marketplace/photos.server";
import { getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/thread";

/** The thread if it is this browser's request's; the 404 otherwise. */
async function ownThread(
  request: Request,
  context: Route.LoaderArgs["context"],
  params: Route.LoaderArgs["params"],
) {
  const owner = await browserOwner(context, request, params.id);
  const db = getServices(context).database.db;
  const access = await threadAccess(db, owner, params.threadId);
  if (!access || access.leadId !== params.id || access.side !== "homeowner") notFound();
  return { owner, db };
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  // Signed in (the request is the account's now): the dashboard's page.
  if (user && (await threadAccess(getServices(context).database.db, user.id, params.threadId))) {
    throw redirect(threadPath(params.threadId));
  }
  const { owner, db } = await ownThread(request, context, params);
  const before = url.searchParams.get("before");
  const view = await orNotFound(threadView(db, owner, params.threadId, { before }));
  return data(
    {
      thread: { ...view, service: view.service ? serviceLabel(view.service) : view.title },
      showingOlder: readCursor(before) !== null,
    },
    { headers: NO_STORE },
  );
}

const refuse = (failure: ThreadFailure, status: number, headers: Record<string, string> = {}) =>
  data<ThreadFailure>(failure, { status, headers: { ...NO_STORE, ...headers } });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const page = browserThreadPath(params.id, params.threadId);
  const services = getServices(context);
  // Before anything is read: another browser's thread is the 404, whatever was posted.
  const { owner, db } = await ownThread(request, context, params);
  const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  let form: FormData;
  let files: Awaited<ReturnType<typeof readPhotoUploads>>["files"] = [];
  try {
    ({ form, files } = multipart
      ? await readPhotoUploads(request)
      : { form: await request.formData(), files: [] });
  } catch (error) {
    if (!(error instanceof PhotoRefused)) throw error;
    return refuse({ intent: "message", errors: { photos: error.message }, body: "" }, error.status);
  }
  switch (form.get("intent")) {
    case "message": {
      const body = text(form, "body");
      const result = await orNotFound(
        postMessage(db, { delivery: deliveryOf(context) }, owner, params.threadId, {
          body,
          photos: files,
        }),
      );
      if (!result.ok) {
        const retry: Record<string, string> = result.retryAfterS
          ? { "Retry-After": String(result.retryAfterS) }
          : {};
        return refuse({ intent: "message", errors: result.errors, body }, result.status, retry);
      }
      await services.messageBus.publish({
        threadId: result.message.threadId,
        messageId: result.message.id,
      });
      services.notifyOutbox();
      return redirect(`${page}#${messageAnchor(result.message.id)}`);
    }
    case "share": {
      const result = await orNotFound(shareContact(db, owner, params.threadId));
      if (!result.ok) return refuse({ intent: "share", error: result.error }, result.status);
      return redirect(`${page}#contact`);
    }
    case "report": {
      const messageId = readCursor(form.get("messageId"));
      if (messageId === null) notFound();
      return refuse(
        {
          intent: "report",
          messageId,
          error: "Please sign in to report a message, so that an operator can reach you.",
          reason: text(form, "reason"),
        },
        403,
      );
    }
    default:
      return refuse({ intent: null, error: "Please write a message, or choose what to do." }, 400);
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...NO_STORE, "Retry-After": retryAfter } : NO_STORE;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.thread.otherName} · ${loaderData.thread.service} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function BrowserThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  return (
    <section
      aria-labelledby="thread-title"
      className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6"
    >
      <ThreadPage
        thread={thread}
        backTo={{ path: `/requests/${thread.leadId}`, label: "Back to your request" }}
        path={browserThreadPath(thread.leadId, thread.threadId)}
        showingOlder={loaderData.showingOlder}
        reported={null}
        failure={actionData}
      />
    </section>
  );
}
