/**
 * One request sent to the pro's business: what the homeowner asked for,
 * how many pros have it, and the pro's steps: accept, or decline with a
 * reason (free; the homeowner sees "not available"); once accepted, the
 * homeowner's contact (only the channels they allowed) and the quote form.
 * Opening a new request marks it viewed. The page's parts are in
 * request-page.tsx, the answers to its forms in request-answer.server.ts.
 */
import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { threadsOf } from "~/features/conversations/list.server";
import { orNotFound } from "~/features/marketplace/answers.server";
import { requestForPro } from "~/features/marketplace/inbox.server";
import { photosOfRequest } from "~/features/marketplace/photos.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { IllegalStep } from "~/features/marketplace/states";
import { visitSectionOf } from "~/features/visits/visit-section.server";
import { getDb, nowOf } from "~/lib/app-context.server";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/request";
import { answerProRequest, businessOf } from "./request-answer.server";
import { ProRequestPage } from "./request-page";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const business = await businessOf(request, context, user.id);
  const db = getDb(context);
  const view = await orNotFound(requestForPro(db, user.id, params.id, business, locale), locale);
  // Opened: the pro's part becomes viewed (the view is otherwise the same).
  if (view.state === "sent") {
    try {
      view.state = await proStep(db, user.id, params.id, business.id, { event: "view" });
    } catch (error) {
      // Answered meanwhile in another tab: a read receipt is not worth an error page.
      if (!(error instanceof IllegalStep)) throw error;
    }
  }
  // Authorized above: the request was sent to this business.
  const [photos, threads, visit] = await Promise.all([
    photosOfRequest(db, params.id),
    threadsOf(db, user.id),
    visitSectionOf(db, params.id, business.id),
  ]);
  // This business's conversation about this request (opened when it accepted).
  const conversations = threads.filter(
    (thread) =>
      thread.leadId === params.id && thread.contractorId === business.id && thread.side === "pro",
  );
  // Back from saving a quote: say it went.
  const quoted = url.searchParams.has("quoted") && view.quote !== null;
  const requestTitle = view.title;
  const brand = BRAND.name;
  const title = translate(locale, msg`${requestTitle} | ${brand} for pros`);
  const now = nowOf(context).toISOString();
  return data({ title, view, photos, conversations, quoted, visit, now });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return answerProRequest(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ProRequestRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProRequestPage
      view={loaderData.view}
      photos={loaderData.photos}
      conversations={loaderData.conversations}
      quoted={loaderData.quoted}
      visit={loaderData.visit}
      now={loaderData.now}
      answer={actionData}
    />
  );
}
