/**
 * /requests/:id/messages/:threadId: a conversation on a request sent without
 * signing in, as the browser that sent it reads it (its request cookie):
 * the same page as the signed-in one, with messages and the contact button.
 * Reporting a message needs an account (an operator may need to reach the
 * reporter). Anyone else, and a thread of another request, gets the 404.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { serviceLabel } from "~/features/content/service-label.server";
import { threadAccess } from "~/features/conversations/access.server";
import { browserThreadPath, threadPath } from "~/features/conversations/thread-links";
import { threadAction, threadHeaders } from "~/features/conversations/thread-action.server";
import { ThreadPage } from "~/features/conversations/thread-page";
import { readCursor, threadView } from "~/features/conversations/view.server";
import { notFound, orNotFound } from "~/features/marketplace/answers.server";
import { browserOwner } from "~/features/marketplace/browser-request.server";
import { getServices } from "~/lib/app-context.server";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
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
  const locale = localeOf(context);
  const user = await getUser(request, context);
  // Signed in (the request is the account's now): the dashboard's page.
  if (user && (await threadAccess(getServices(context).database.db, user.id, params.threadId))) {
    throw redirect(localizePath(threadPath(params.threadId), locale));
  }
  const { owner, db } = await ownThread(request, context, params);
  const before = url.searchParams.get("before");
  const view = await orNotFound(threadView(db, owner, params.threadId, { before, locale }));
  return data(
    {
      thread: { ...view, service: view.service ? serviceLabel(view.service, locale) : view.title },
      showingOlder: readCursor(before) !== null,
    },
    { headers: NO_STORE },
  );
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("requests")]);
  return data;
}

/** Reporting needs an account: an operator may need to reach the reporter. */
const SIGN_IN_TO_REPORT = msg`Please sign in to report a message, so that an operator can reach you.`;

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = localeOf(context);
  // Before anything is read: another browser's thread is the 404, whatever was posted.
  const { owner } = await ownThread(request, context, params);
  return threadAction({
    request,
    context,
    who: owner,
    threadId: params.threadId,
    page: browserThreadPath(params.id, params.threadId),
    report: () =>
      Promise.resolve({ ok: false, error: translate(locale, SIGN_IN_TO_REPORT), status: 403 }),
  });
}

export const headers: Route.HeadersFunction = threadHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.thread.otherName} · ${loaderData.thread.service} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function BrowserThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  const { t } = useLingui();
  return (
    <section
      aria-labelledby="thread-title"
      className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6"
    >
      <ThreadPage
        thread={thread}
        backTo={{ path: `/requests/${thread.leadId}`, label: t`Back to your request` }}
        path={browserThreadPath(thread.leadId, thread.threadId)}
        showingOlder={loaderData.showingOlder}
        reported={null}
        failure={actionData}
      />
    </section>
  );
}
