/**
 * A request sent without signing in, as its browser sees it: which pros
 * have it, their answers and quotes; removing one pro, or closing the
 * request ("Not going ahead"), needs no account. Hiring, and following the
 * project afterwards, happen in an account: signing in hands the request to
 * it. Anyone but the browser that sent it gets 404.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-controls";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { threadsOfRequest } from "~/features/conversations/list.server";
import { browserThreadPath, ThreadLinks } from "~/features/conversations/thread-links";
import { deliveryOf, orNotFound, orNull, step } from "~/features/marketplace/answers.server";
import {
  CLOSE_REASON_MISSING,
  closeRequest,
  removePro,
} from "~/features/marketplace/homeowner-steps.server";
import { canClose, NotGoingAhead } from "~/features/marketplace/not-going-ahead";
import { adoptOnSignIn, browserOwner } from "~/features/marketplace/browser-request.server";
import { projectFor } from "~/features/marketplace/project.server";
import { canChooseMore } from "~/features/marketplace/project-view";
import { QuoteTable } from "~/features/marketplace/quote-table";
import { UnavailablePros } from "~/features/marketplace/pro-unavailable";
import { StatusBadge } from "~/features/projects/status-badge";
import { getDb, getServices, nowOf } from "~/lib/app-context.server";
import { dispatchIntent, type FormFailure } from "~/lib/forms";
import { i18nFor } from "~/lib/i18n";
import { translate } from "~/lib/i18n.server";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { z } from "zod";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/request";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const locale = localeOf(context);
  const user = await getUser(request, context);
  if (user) {
    // Signed in since: the account takes this browser's request, and shows it.
    const adopted = await adoptOnSignIn(getServices(context), request, user.id);
    const own = await orNull(projectFor(db, { userId: user.id }, params.id, locale));
    if (own) {
      throw redirect(localizePath(`/dashboard/projects/${params.id}`, locale), {
        headers: adopted ? { "Set-Cookie": adopted } : undefined,
      });
    }
  }
  const owner = await browserOwner(context, request, params.id);
  const project = await orNotFound(projectFor(db, owner, params.id, locale), locale);
  const conversations = await threadsOfRequest(db, project.id);
  return data(
    {
      project,
      conversations,
      sent: url.searchParams.has("sent"),
      now: nowOf(context).toISOString(),
    },
    { headers: NO_STORE },
  );
}

/** The homeowner's two steps here, one branch each (fields as typed). */
const requestIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("close"), reason: z.string().optional() }),
  z.object({ intent: z.literal("remove"), contractorId: z.string().optional() }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const db = getDb(context);
  const locale = localeOf(context);
  const owner = await browserOwner(context, request, params.id);
  const back = localizePath(`/requests/${params.id}`, locale);
  const delivery = deliveryOf(context);
  return dispatchIntent<typeof requestIntents, Response | ReturnType<typeof data<FormFailure>>>(
    requestIntents,
    await request.formData(),
    {
      close: async ({ reason }, values) => {
        if (!reason) {
          return data<FormFailure>(
            { ok: false, errors: { reason: translate(locale, CLOSE_REASON_MISSING) }, values },
            { status: 400, headers: NO_STORE_HEADERS },
          );
        }
        const done = await step(
          () => closeRequest(db, owner, params.id, reason, delivery),
          values,
          locale,
        );
        return done ?? redirect(back);
      },
      remove: async ({ contractorId }, values) => {
        const done = await step(
          () => removePro(db, owner, params.id, contractorId ?? "", delivery),
          values,
          locale,
        );
        return done ?? redirect(back);
      },
    },
    () =>
      data<FormFailure>(
        {
          ok: false,
          formError: translate(locale, msg`Please choose what to do with this request.`),
        },
        { status: 400, headers: NO_STORE_HEADERS },
      ),
  );
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("requests")]);
  return data;
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ location }) => {
  const title = i18nFor(localeOfPath(location.pathname))._(msg`Your request`);
  return [{ title: `${title} | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];
};

export default function BrowserRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project, sent } = loaderData;
  const { t } = useLingui();
  const localize = useLocalize();
  const canChoose = canChooseMore(project);
  const choosePath = localize(`/requests/${project.id}/pros`);
  const returnTo = localize(`/dashboard/projects/${project.id}`);
  const signIn = `${localize("/login")}?${new URLSearchParams({ returnTo }).toString()}`;
  return (
    <section
      aria-labelledby="request-title"
      className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="request-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          {project.title}
        </h1>
        <StatusBadge status={project.status} />
      </div>
      {project.place ? <p className="text-muted">{project.place}</p> : null}
      {sent ? (
        <FormAlert
          tone="success"
          message={t`Your request was sent to the pros you chose. We'll email you each quote.`}
        />
      ) : null}
      <FormAlert message={actionData?.formError} />
      <UnavailablePros project={project} choose={canChoose ? choosePath : null} />
      {project.status === "draft" ? (
        <p className="text-muted">
          <Trans>Your request is saved as a draft: nobody has it yet.</Trans>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {canChoose ? (
          <Link to={choosePath} className={buttonClasses("primary", "md")}>
            <Trans>Choose pros</Trans>
          </Link>
        ) : null}
        <a href={signIn} className={buttonClasses("secondary", "md")}>
          <Trans>Sign in to compare quotes and hire</Trans>
        </a>
      </div>
      <ThreadLinks
        threads={loaderData.conversations}
        intro={t`Write to the pros who accepted your request. They see only the contact details you allowed when you sent it; you can share more in the conversation.`}
        pathOf={(threadId) => localize(browserThreadPath(project.id, threadId))}
      />
      {project.parts.length > 0 ? (
        <QuoteTable project={project} now={loaderData.now} hiring={false} />
      ) : null}
      {canClose(project.status) ? (
        <div className="grid justify-items-start rounded-card bg-surface p-6 shadow-card">
          <NotGoingAhead project={project} />
        </div>
      ) : null}
    </section>
  );
}
